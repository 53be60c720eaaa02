//! `rust-idna`: `idna::domain_to_ascii(name)` of the idna crate 1.1.0
//! (idna_adapter 1.2.2 on ICU4X 2.4, data of Unicode 18.0), ported from
//! `src/lib.rs` (`domain_to_ascii`, `domain_to_ascii_cow`) and
//! `src/uts46.rs` (`Uts46::to_ascii`, `process_inner`, `process_innermost`,
//! `after_punycode_decode`, `check_label`, `is_bidi`).
//!
//! `domain_to_ascii` passes `AsciiDenyList::EMPTY` (UseSTD3ASCIIRules off:
//! only upper case is "denied", and lower-cased), `Hyphens::Allow` and
//! `DnsLength::Ignore`, and fails fast: UTS #46 nontransitional with
//! CheckBidi and CheckJoiners (always on in the crate), no hyphen or length
//! rules, Punycode at most 2,000 bytes to decode and 1,000 code points to
//! encode (ICU4C's limits, as the engine's). The engine maps, normalizes,
//! decodes and validates on the crate's own mapping; this module adds what
//! the crate does its own way:
//! - no rule that a label decoded from Punycode must not begin with `xn--`
//!   (UTS #46 criterion 4 since 15.1): the crate does not check it;
//! - its Bidi rule (`process_innermost`) and CONTEXTJ rule (`check_label`),
//!   on the crate's Bidi_Class, Joining_Type and virama data, with its
//!   test for a Bidi domain name (`is_bidi`, which skips ranges it knows to
//!   hold no right-to-left character). The engine's bundled Bidi_Class and
//!   Joining_Type are Unicode 16.0's: on the code points 18.0 admits they
//!   differ from the crate's on 282 and 95 (the characters of 17.0 and
//!   18.0), so the engine's own Bidi and joiner checks stay off here.
//!
//! Its error is `Errors`, whose `Display` is its `Debug`: `Errors`.
//!
//! Data, read from the crate's own (`tools/runtime-oracle/rust-idna`,
//! `rust-idna-tables`): `tables/runtimes/rust-idna-mapping.txt` (its UTS #46
//! mapping, one code point at a time, in the syntax of
//! `IdnaMappingTable.txt`; equal to Unicode's 18.0.0 table on every code
//! point, deviations read as valid) and `tables/runtimes/rust-idna.txt`
//! (Bidi_Class, Joining_Type, marks and viramas of ICU4X's Unicode 18.0).

use super::ranges::{self, Bc, Ranges};
use super::{Answer, Runtime};
use crate::table::{MappingTable, TableSource};
use crate::uts46::{ErrorCode, Options, Uts46};
use std::sync::LazyLock;

/// The flags `domain_to_ascii` passes, Bidi and joiners left to this module.
const OPTIONS: Options = Options {
    use_std3_ascii_rules: false,
    check_hyphens: false,
    check_bidi: false,
    check_joiners: false,
    verify_dns_length: false,
    ignore_invalid_punycode: false,
    check_contexto: false,
};

/// The crate's properties.
struct Data {
    table: MappingTable,
    bidi: Ranges<Bc>,
    /// Joining_Type D, L, R and T.
    joining: Ranges<char>,
    /// General_Category Mn, Mc or Me: the engine's criterion 6 reads its own,
    /// which a test checks against this.
    #[cfg_attr(not(test), allow(dead_code))]
    mark: Ranges<()>,
    /// Canonical_Combining_Class Virama, as the mapper's `is_virama` answers.
    virama: Ranges<()>,
}

const MAPPING_NAME: &str = "tables/runtimes/rust-idna-mapping.txt";
const PROPERTIES_NAME: &str = "tables/runtimes/rust-idna.txt";

static DATA: LazyLock<Data> = LazyLock::new(|| {
    let mapping: &'static str = include_str!(concat!(env!("IDNA_INSPECTOR_TABLES"), "/runtimes/rust-idna-mapping.txt"));
    let properties: &'static str = include_str!(concat!(env!("IDNA_INSPECTOR_TABLES"), "/runtimes/rust-idna.txt"));
    let table = MappingTable::from_text(mapping, TableSource::Bundled).unwrap_or_else(|e| panic!("{MAPPING_NAME}: {e}"));
    let (mut bidi, mut joining, mut mark, mut virama) = (vec![], vec![], vec![], vec![]);
    for (kind, first, last, value) in ranges::lines(properties, PROPERTIES_NAME) {
        match kind {
            "bidi" => bidi.push((first, last, Bc::parse(value))),
            "joining" => joining.push((first, last, value.chars().next().expect("a joining type"))),
            "mark" => mark.push((first, last, ())),
            "virama" => virama.push((first, last, ())),
            _ => panic!("{PROPERTIES_NAME}: kind {kind:?}"),
        }
    }
    Data {
        table,
        bidi: Ranges::new(bidi),
        joining: Ranges::new(joining),
        mark: Ranges::new(mark),
        virama: Ranges::new(virama),
    }
});

/// Bidi_Class as the crate reads it; ICU4X's data covers every code point.
fn bidi(c: char) -> Bc {
    DATA.bidi.get(u64::from(c)).unwrap_or(Bc::Other)
}

fn joining(c: char) -> Option<char> {
    DATA.joining.get(u64::from(c))
}

/// `is_bidi`: a character of class R, AL or AN outside the ranges the crate
/// skips without a lookup (below U+0590, U+0900–U+FB1C, U+FF00–U+107FF,
/// U+11000–U+1E7FF, U+1F000–U+3FFFF).
fn is_bidi(name: &str) -> bool {
    name.chars().any(|c| {
        let skipped = c < '\u{0590}'
            || ('\u{0900}'..='\u{FB1C}').contains(&c)
            || ('\u{1F000}'..='\u{3FFFF}').contains(&c)
            || ('\u{FF00}'..='\u{107FF}').contains(&c)
            || ('\u{11000}'..='\u{1E7FF}').contains(&c);
        !skipped && matches!(bidi(c), Bc::R | Bc::AL | Bc::AN)
    })
}

/// The Bidi rule of `process_innermost` on one label: the first character
/// L, R or AL; the last one before trailing marks (NSM) of the label's
/// direction's end classes; those between of its middle classes; an RTL
/// label's digits all European or all Arabic-Indic. True when it holds.
fn bidi_label_ok(label: &[char]) -> bool {
    let Some((&first, tail)) = label.split_first() else {
        return true;
    };
    let ltr = match bidi(first) {
        Bc::L => true,
        Bc::R | Bc::AL => false,
        _ => return false,
    };
    let trimmed = tail.len() - tail.iter().rev().take_while(|&&c| bidi(c) == Bc::NSM).count();
    let Some((&last, middle)) = tail[..trimmed].split_last() else {
        return true;
    };
    let last_class = bidi(last);
    if ltr {
        return matches!(last_class, Bc::L | Bc::EN)
            && middle
                .iter()
                .all(|&c| matches!(bidi(c), Bc::L | Bc::EN | Bc::ES | Bc::CS | Bc::ET | Bc::ON | Bc::BN | Bc::NSM));
    }
    let middle_ok = middle.iter().all(|&c| {
        matches!(
            bidi(c),
            Bc::R | Bc::AL | Bc::AN | Bc::EN | Bc::ES | Bc::CS | Bc::ET | Bc::ON | Bc::BN | Bc::NSM
        )
    });
    // The numeral state over the middle, then the last character.
    let numerals: Vec<Bc> = middle
        .iter()
        .chain(std::iter::once(&last))
        .map(|&c| bidi(c))
        .filter(|class| matches!(class, Bc::EN | Bc::AN))
        .collect();
    middle_ok && matches!(last_class, Bc::R | Bc::AL | Bc::EN | Bc::AN) && numerals.windows(2).all(|w| w[0] == w[1])
}

/// `has_appropriately_joining_char`: past Joining_Type T, the first
/// character joins the way `wanted` names.
fn joins(mut chars: impl Iterator<Item = char>, wanted: [char; 2]) -> bool {
    chars
        .find(|&c| joining(c) != Some('T'))
        .is_some_and(|c| joining(c).is_some_and(|j| wanted.contains(&j)))
}

/// `check_label`'s CONTEXTJ rule on one label: each ZWNJ or ZWJ after a
/// virama, or a ZWNJ between a left- or dual-joining and a right- or
/// dual-joining character; neither first in the label. True when it holds.
fn contextj_label_ok(label: &[char]) -> bool {
    label.iter().enumerate().all(|(i, &c)| {
        if c != '\u{200C}' && c != '\u{200D}' {
            return true;
        }
        let Some(&previous) = i.checked_sub(1).and_then(|p| label.get(p)) else {
            return false;
        };
        if DATA.virama.contains(u64::from(previous)) {
            return true;
        }
        c == '\u{200C}'
            && joins(label[..i].iter().rev().copied(), ['L', 'D'])
            && joins(label[i + 1..].iter().copied(), ['R', 'D'])
    })
}

/// The crate's step that decides an engine error of `code`.
fn step(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::P4 => "Decoder::decode",
        ErrorCode::V1 | ErrorCode::V5 => "after_punycode_decode",
        ErrorCode::V7 => "map_normalize",
        _ => "check_label",
    }
}

/// `Errors`, the crate's one error, whose `Display` is `Errors`.
fn errors(rule: &'static str, sentence: String) -> Answer {
    Answer::error(Runtime::RustIdna, "Errors".into(), rule, sentence)
}

/// `idna::domain_to_ascii(name)`.
pub(super) fn domain_to_ascii(input: &str) -> Answer {
    let results = Uts46::with_table(&DATA.table).process(input, &OPTIONS);
    let ascii = results.to_ascii_n;
    if let Some(error) = ascii.errors.iter().find(|e| e.code != ErrorCode::V4) {
        let sentence = format!(
            "{} ({}), and domain_to_ascii fails fast with Errors.",
            error.code.explanation(),
            error.code.as_str()
        );
        return errors(step(error.code), sentence);
    }
    let unicode: Vec<char> = results.to_unicode.value.chars().collect();
    let labels = || unicode.split(|&c| c == '.');
    if is_bidi(&results.to_unicode.value) && !labels().all(bidi_label_ok) {
        let sentence =
            "The name holds a right-to-left character, and a label breaks RFC 5893's Bidi rule (the crate always checks it).";
        return errors("process_innermost", sentence.into());
    }
    if !labels().all(contextj_label_ok) {
        let sentence = "A ZWNJ or ZWJ stands where RFC 5892's CONTEXTJ rule does not allow it (the crate always checks it).";
        return errors("check_label", sentence.into());
    }
    let sentence =
        "UTS #46 ToASCII of Unicode 18.0, nontransitional, no STD3, hyphen or length rules (Bidi and joiner rules on).";
    Answer::ascii(Runtime::RustIdna, ascii.value, "domain_to_ascii", sentence.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The crate's own answers (`tools/runtime-oracle/rust-idna`), one rule each.
    #[test]
    fn answers_as_the_crate_gives_them() {
        let cases: [(&str, Option<&str>); 10] = [
            ("Bücher.de", Some("xn--bcher-kva.de")),
            ("A_B.com", Some("a_b.com")),
            ("faß.de", Some("xn--fa-hia.de")),
            ("", Some("")),
            ("a..b.", Some("a..b.")),
            ("xn--abc", None),
            ("xn---abc.de", None),
            ("\u{5D0}1.com", Some("xn--1-zhc.com")),
            ("1.\u{5D0}", None),
            ("a\u{200D}b", None),
        ];
        for (input, expected) in cases {
            let answer = domain_to_ascii(input);
            assert_eq!(answer.host.as_deref(), expected, "{input:?}");
            if expected.is_none() {
                assert_eq!(answer.error.as_deref(), Some("Errors"), "{input:?}");
            }
        }
    }

    /// A label decoded from Punycode may begin with `xn--` (no criterion 4 in the crate).
    #[test]
    fn decoded_labels_may_begin_with_the_prefix() {
        let a_label = format!("xn--{}", crate::punycode::encode("xn--ü").expect("encodes"));
        assert_eq!(domain_to_ascii(&a_label).host.as_deref(), Some(a_label.as_str()));
    }

    /// The engine's leading-mark test (criterion 6) reads unicode-normalization's
    /// General_Category; the crate reads ICU4X's. Both are Unicode 18.0: they agree.
    #[test]
    fn the_engines_marks_are_the_crates() {
        let properties = DATA.table.properties();
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            assert_eq!(
                properties.is_combining_mark(c),
                DATA.mark.contains(u64::from(c)),
                "U+{:04X}",
                c as u32
            );
        }
    }

    /// The crate's mapping is Unicode's 18.0.0 table on every code point
    /// (deviations read as valid), checked against `../shared` beside the
    /// clone (skipped, and said so, without it, unless
    /// IDNA_INSPECTOR_REQUIRE_SHARED asks for it).
    #[test]
    fn the_crates_mapping_is_unicode_18_0() {
        use crate::table::Status;
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/unicode/18.0.0/idna/IdnaMappingTable.txt"
        );
        let official = match MappingTable::from_path(path) {
            Ok(table) => table,
            Err(error) if std::env::var_os("IDNA_INSPECTOR_REQUIRE_SHARED").is_some_and(|v| !v.is_empty() && v != "0") => {
                panic!("{error}")
            }
            Err(error) => {
                eprintln!("skipped: ../shared/unicode/18.0.0 is not beside the clone ({error})");
                return;
            }
        };
        fn row(table: &MappingTable, c: char) -> (Status, &str) {
            let row = table.lookup(c);
            match row.status {
                Status::Deviation => (Status::Valid, ""),
                Status::Mapped => (Status::Mapped, row.mapping),
                status => (status, ""),
            }
        }
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            assert_eq!(row(&DATA.table, c), row(&official, c), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn the_table_is_unicode_18() {
        assert_eq!(DATA.table.version(), "18.0.0");
    }
}
