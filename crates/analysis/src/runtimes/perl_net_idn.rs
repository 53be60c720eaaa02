//! `perl-net-idn`: `Net::IDN::Encode::domain_to_ascii($name)` of
//! `libnet-idn-encode-perl` 2.500 under Perl 5.36 (Debian 12), ported from
//! its installed source in its order: `Net/IDN/Encode.pm` (`domain_to_ascii`,
//! `_domain`, `to_ascii`), `Net/IDN/UTS46.pm` (`uts46_to_ascii`, `_process`,
//! `_validate_label`, `_validate_bidi`, `_validate_contextj`) and the XS
//! `Net/IDN/Punycode.xs` (`decode_punycode`; its encoder is RFC 3492's).
//!
//! What sets it apart:
//! - `_domain` splits the name at the four IDNA dots and hands each label
//!   to `to_ascii` alone, with UseSTD3ASCIIRules on: an ASCII label is only
//!   measured (1 to 63 characters) and passed on as it is, upper case,
//!   underscores and broken `xn--` labels included; only a label with a
//!   non-ASCII character goes through UTS #46. So the Bidi rule sees one
//!   label at a time, and only labels that hold R, AL or AN themselves.
//! - UTS #46 is nontransitional, on the module's own mapping table of
//!   Unicode 10.0 (`Net::IDN::UTS46::_Mapping`; every later character is
//!   disallowed), checked on the raw label before mapping; the other
//!   properties (Bidi_Class, marks, unassigned, Joining_Type, virama, NFC)
//!   are Perl 5.36's Unicode 14.0.
//! - Perl's `split` drops one trailing empty label (a root dot is kept), but
//!   any other empty label fails (`label empty`).
//! - `_validate_contextj` asks one regular-expression match per joiner
//!   kind: the leftmost joiner in a permitted context satisfies the rule
//!   for the whole label.
//!
//! Data, measured on the running module (`scripts/perl_net_idn_tables.pl`):
//! `tables/runtimes/perl-net-idn-mapping.txt` (the module's mapping, in the
//! syntax of `IdnaMappingTable.txt`) and `tables/runtimes/perl-net-idn.txt`
//! (Perl's properties). Errors are the module's `croak` texts without the
//! " at FILE line N." Carp appends.

use super::ranges::{self, Bc, Ranges};
use super::{Answer, Runtime};
use crate::table::{MappingTable, Status, TableSource};
use std::sync::LazyLock;

/// A code point of a Perl string: any value up to IV_MAX (Punycode can decode one past U+10FFFF).
type Cp = u64;

/// The largest code point Perl 5.36 stores in a string (IV_MAX).
const IV_MAX: Cp = 0x7FFF_FFFF_FFFF_FFFF;

/// `$IDNA_PREFIX`.
const IDNA_PREFIX: &str = "xn--";

const ZWNJ: Cp = 0x200C;
const ZWJ: Cp = 0x200D;

/// The module's status of a code point: which of `_Mapping.pm`'s `Is*` properties holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Valid,
    Ignored,
    Mapped,
    Deviation,
    Disallowed,
    Std3Valid,
    Std3Mapped,
}

/// The module's mapping table and Perl's properties.
struct Data {
    /// `_Mapping.pm`'s table, Unicode 10.0 (its two STD3 statuses read as valid and mapped).
    table: MappingTable,
    /// The code points of the table's `disallowed_STD3_valid` rows.
    std3_valid: Ranges<()>,
    /// The code points of the table's `disallowed_STD3_mapped` rows.
    std3_mapped: Ranges<()>,
    bidi: Ranges<Bc>,
    /// `\p{IsMark}`.
    mark: Ranges<()>,
    /// `\p{Unassigned}` (General_Category Cn).
    unassigned: Ranges<()>,
    /// `\p{Ccc:Virama}`.
    virama: Ranges<()>,
    /// `\p{Joining_Type:…}` for L, D, R and T.
    joining: Ranges<char>,
}

const MAPPING_NAME: &str = "tables/runtimes/perl-net-idn-mapping.txt";
const PROPERTIES_NAME: &str = "tables/runtimes/perl-net-idn.txt";

static DATA: LazyLock<Data> = LazyLock::new(|| {
    let mapping: &'static str = include_str!(concat!(env!("IDNA_INSPECTOR_TABLES"), "/runtimes/perl-net-idn-mapping.txt"));
    let properties: &'static str = include_str!(concat!(env!("IDNA_INSPECTOR_TABLES"), "/runtimes/perl-net-idn.txt"));
    let table = MappingTable::from_text(mapping, TableSource::Bundled).unwrap_or_else(|e| panic!("{MAPPING_NAME}: {e}"));
    let (std3_valid, std3_mapped) = std3_rows(mapping);
    let (mut bidi, mut mark, mut unassigned, mut virama, mut joining) = (vec![], vec![], vec![], vec![], vec![]);
    for (kind, first, last, value) in ranges::lines(properties, PROPERTIES_NAME) {
        match kind {
            "bidi" => bidi.push((first, last, Bc::parse(value))),
            "mark" => mark.push((first, last, ())),
            "unassigned" => unassigned.push((first, last, ())),
            "virama" => virama.push((first, last, ())),
            "joining" => joining.push((first, last, value.chars().next().expect("a joining type"))),
            _ => panic!("{PROPERTIES_NAME}: kind {kind:?}"),
        }
    }
    Data {
        table,
        std3_valid,
        std3_mapped,
        bidi: Ranges::new(bidi),
        mark: Ranges::new(mark),
        unassigned: Ranges::new(unassigned),
        virama: Ranges::new(virama),
        joining: Ranges::new(joining),
    }
});

/// The ranges of the `disallowed_STD3_valid` and `disallowed_STD3_mapped`
/// rows of the mapping file, which the engine's table reads as valid and
/// mapped (those statuses left UTS #46 in Unicode 15.1; this module still checks them).
fn std3_rows(mapping: &str) -> (Ranges<()>, Ranges<()>) {
    let (mut valid, mut mapped) = (vec![], vec![]);
    for line in mapping.lines().filter(|line| !line.starts_with('#')) {
        let mut fields = line.split(';').map(str::trim);
        let (Some(range), Some(status)) = (fields.next(), fields.next()) else {
            continue;
        };
        let (first, last) = range.split_once("..").unwrap_or((range, range));
        let hex = |h: &str| u32::from_str_radix(h, 16).unwrap_or_else(|_| panic!("{MAPPING_NAME}: {line:?}"));
        match status {
            "disallowed_STD3_valid" => valid.push((hex(first), hex(last), ())),
            "disallowed_STD3_mapped" => mapped.push((hex(first), hex(last), ())),
            _ => {}
        }
    }
    (Ranges::new(valid), Ranges::new(mapped))
}

/// The module's status of `cp`; `None` past U+10FFFF, which none of its
/// properties (lists of code points up to U+10FFFF) holds.
fn class(cp: Cp) -> Option<Class> {
    let data = &*DATA;
    if cp > 0x10_FFFF {
        return None;
    }
    if data.std3_valid.contains(cp) {
        return Some(Class::Std3Valid);
    }
    if data.std3_mapped.contains(cp) {
        return Some(Class::Std3Mapped);
    }
    let status = match char::from_u32(cp as u32) {
        Some(c) => data.table.status(c),
        // A surrogate (from Punycode): its row, found among the rows.
        None => data
            .table
            .rows()
            .find(|row| u64::from(row.first) <= cp && cp <= u64::from(row.last))
            .map_or(Status::Disallowed, |row| row.status),
    };
    Some(match status {
        Status::Valid => Class::Valid,
        Status::Ignored => Class::Ignored,
        Status::Mapped => Class::Mapped,
        Status::Deviation => Class::Deviation,
        Status::Disallowed => Class::Disallowed,
    })
}

fn bidi(cp: Cp) -> Bc {
    DATA.bidi.get(cp).unwrap_or(Bc::Other)
}

/// `\p{Unassigned}`: Perl counts every code point past U+10FFFF as unassigned.
fn unassigned(cp: Cp) -> bool {
    cp > 0x10_FFFF || DATA.unassigned.contains(cp)
}

fn joining(cp: Cp) -> Option<char> {
    DATA.joining.get(cp)
}

/// A `croak`: the message (the module's words), the sub that croaked and a sentence.
struct Croak {
    message: String,
    rule: &'static str,
    sentence: String,
}

fn croak(message: impl Into<String>, rule: &'static str, sentence: impl Into<String>) -> Croak {
    Croak {
        message: message.into(),
        rule,
        sentence: sentence.into(),
    }
}

/// `U+00E4`, as the module's `sprintf('%04X')` names a code point.
fn u_plus(cp: Cp) -> String {
    format!("U+{cp:04X}")
}

/// The IDNA dots `_domain` splits at (`IsIDNADot`).
const DOTS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// `domain_to_ascii($name)`: `_domain` with `to_ascii` and UseSTD3ASCIIRules
/// as given (on, unless the caller passes `UseSTD3ASCIIRules => 0`).
fn domain_to_ascii_with(input: &str, std3: bool) -> Result<String, Croak> {
    let mut labels: Vec<&str> = input.split(DOTS).collect();
    // Perl's split drops trailing empty fields: the last label when empty
    // (its dot stays: the root), and with it the one field of "".
    let rooted = labels.len() > 1 && labels.last() == Some(&"");
    if labels.last() == Some(&"") {
        labels.pop();
    }
    let mut host = String::with_capacity(input.len() * 2);
    for (index, label) in labels.iter().enumerate() {
        if index > 0 {
            host.push('.');
        }
        host.push_str(&to_ascii(label, std3)?);
    }
    if rooted {
        host.push('.');
    }
    Ok(host)
}

/// `Net::IDN::Encode::to_ascii`: a label with a non-ASCII character through
/// UTS #46; an ASCII label only measured.
fn to_ascii(label: &str, std3: bool) -> Result<String, Croak> {
    if !label.is_ascii() {
        return process(label, std3);
    }
    if label.is_empty() {
        return Err(croak(
            "label empty",
            "to_ascii",
            "The name has an empty label (a leading dot or two dots in a row), which to_ascii refuses.",
        ));
    }
    if label.len() > 63 {
        return Err(croak(
            "label too long",
            "to_ascii",
            "An ASCII label is longer than 63 characters, which to_ascii refuses.",
        ));
    }
    Ok(label.to_string())
}

/// The first code point of `text` of a class in `classes`.
fn first_of(text: &str, classes: &[Class]) -> Option<char> {
    text.chars().find(|&c| class(c as Cp).is_some_and(|k| classes.contains(&k)))
}

/// `_process` with `uts46_to_ascii`'s Punycode step, on one label of `_domain`.
fn process(label: &str, std3: bool) -> Result<String, Croak> {
    refuse_before_mapping(label, std3)?;
    // 1. Map, 2. Normalize, 3. Break.
    let mapped: Vec<Cp> = map(label, std3).chars().map(|c| c as Cp).collect();
    let (mut labels, rooted) = break_labels(nfc(&mapped));
    // 4. Convert/Validate: every label first, then each one's Bidi and joiner rules and Punycode.
    let is_bidi = convert_validate(&mut labels, std3)?;
    let ascii: Vec<String> = labels
        .iter()
        .map(|label| finish_label(label, is_bidi))
        .collect::<Result<_, _>>()?;
    let mut domain = ascii.join(".");
    if domain.is_empty() {
        return Err(croak(
            "empty domain name [A4_1]",
            "_process",
            "The label maps to nothing (its characters are all ignored), which _process refuses.",
        ));
    }
    if domain.len() > 253 {
        return Err(croak(
            "domain name too long [A4_1]",
            "_process",
            "The label maps to more than 253 characters.",
        ));
    }
    if rooted {
        domain.push('.');
    }
    Ok(domain)
}

/// Step 1's refusals, on the label as given: a disallowed code point, then
/// with UseSTD3ASCIIRules a `disallowed_STD3_valid` one, then a
/// `disallowed_STD3_mapped` one (each time the first in the label).
fn refuse_before_mapping(label: &str, std3: bool) -> Result<(), Croak> {
    if let Some(c) = first_of(label, &[Class::Disallowed]) {
        return Err(croak(
            format!("disallowed character {}", u_plus(c as Cp)),
            "_process",
            format!(
                "The module's UTS #46 table of Unicode 10.0 disallows {} (any character assigned later is disallowed there too).",
                u_plus(c as Cp)
            ),
        ));
    }
    if !std3 {
        return Ok(());
    }
    for (status, name) in [
        (Class::Std3Valid, "disallowed_STD3_valid"),
        (Class::Std3Mapped, "disallowed_STD3_mapped"),
    ] {
        if let Some(c) = first_of(label, &[status]) {
            return Err(croak(
                format!("{name} character {}", u_plus(c as Cp)),
                "_process",
                format!(
                    "domain_to_ascii turns UseSTD3ASCIIRules on, and {} is {name} in the module's table.",
                    u_plus(c as Cp)
                ),
            ));
        }
    }
    Ok(())
}

/// Step 3, `split /\./, $label, -1` (nothing at all for an empty label),
/// with an empty last label taken off as the root: the labels, and whether
/// there was a root.
fn break_labels(normalized: Vec<Cp>) -> (Vec<Vec<Cp>>, bool) {
    let mut labels: Vec<Vec<Cp>> = match normalized.is_empty() {
        true => Vec::new(),
        false => normalized.split(|&cp| cp == '.' as Cp).map(<[Cp]>::to_vec).collect(),
    };
    let rooted = labels.last().is_some_and(Vec::is_empty);
    if rooted {
        labels.pop();
    }
    (labels, rooted)
}

/// Step 4's first loop: each label decoded when it is an ACE label, and
/// validated. Returns whether any label holds R, AL or AN (`$is_bidi`).
fn convert_validate(labels: &mut [Vec<Cp>], std3: bool) -> Result<bool, Croak> {
    let mut is_bidi = false;
    for label in labels.iter_mut() {
        match ace_payload(label) {
            Some(encoded) => {
                *label = decode_punycode(&encoded).map_err(|_| {
                    croak(
                        "Invalid Punycode sequence [P4]",
                        "decode_punycode",
                        "The label maps to an xn-- label whose Punycode does not decode.",
                    )
                })?;
                validate_label(label, false, std3)?;
            }
            None => validate_label(label, true, std3)?,
        }
        is_bidi |= label.iter().any(|&cp| matches!(bidi(cp), Bc::R | Bc::AL | Bc::AN));
    }
    Ok(is_bidi)
}

/// Step 4's second loop on one label: the Bidi rule (in a Bidi label),
/// the joiner rule, Punycode, then the label's length.
fn finish_label(label: &[Cp], is_bidi: bool) -> Result<String, Croak> {
    if is_bidi {
        validate_bidi(label)?;
    }
    validate_contextj(label)?;
    let ascii = punycode_label(label)?;
    if ascii.is_empty() {
        return Err(croak("empty label [A4_2]", "_process", "The label maps to an empty label."));
    }
    if ascii.len() > 63 {
        return Err(too_long());
    }
    Ok(ascii)
}

fn too_long() -> Croak {
    croak(
        "label too long [A4_2]",
        "_process",
        "The label's A-label is longer than 63 characters.",
    )
}

/// `MapIgnored`, `MapMapped`, then `MapDisallowedSTD3Mapped` without
/// UseSTD3ASCIIRules: one pass each over the label (deviations are kept:
/// processing is nontransitional).
fn map(label: &str, std3: bool) -> String {
    let table = &DATA.table;
    let kept: String = label.chars().filter(|&c| class(c as Cp) != Some(Class::Ignored)).collect();
    let replace = |text: &str, which: Class| -> String {
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            match class(c as Cp) == Some(which) {
                true => out.push_str(table.lookup(c).mapping),
                false => out.push(c),
            }
        }
        out
    };
    let mapped = replace(&kept, Class::Mapped);
    match std3 {
        true => mapped,
        false => replace(&mapped, Class::Std3Mapped),
    }
}

/// `Unicode::Normalize::NFC` of Perl's Unicode 14.0: a code point Perl
/// does not assign (or Rust cannot hold) has no decomposition and combines
/// with nothing, so it stays where it is and the runs between such code
/// points are normalized alone.
fn nfc(text: &[Cp]) -> Vec<Cp> {
    let mut out = Vec::with_capacity(text.len());
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut Vec<Cp>| {
        out.extend(super::nfc_of(run).chars().map(|c| c as Cp));
        run.clear();
    };
    for &cp in text {
        match char::from_u32(u32::try_from(cp).unwrap_or(u32::MAX)) {
            Some(c) if !unassigned(cp) => run.push(c),
            _ => {
                flush(&mut run, &mut out);
                out.push(cp);
            }
        }
    }
    flush(&mut run, &mut out);
    out
}

/// The Punycode of an ACE label (`m/^(?:(?i)xn--)(\p{ASCII}+)$/`).
fn ace_payload(label: &[Cp]) -> Option<Vec<u8>> {
    let prefix = label.get(..4)?;
    let is_prefix = prefix
        .iter()
        .zip(IDNA_PREFIX.bytes())
        .all(|(&cp, b)| u8::try_from(cp).is_ok_and(|c| c.eq_ignore_ascii_case(&b)));
    let rest = &label[4..];
    (is_prefix && !rest.is_empty() && rest.iter().all(|&cp| cp < 0x80)).then(|| rest.iter().map(|&cp| cp as u8).collect())
}

/// One of `_validate_label`'s V6 tests of a code point.
type V6Test = fn(Cp) -> bool;

/// `_validate_label`, its checks in its order: the label's shape (V1 to
/// V5), then the status of each code point (V6).
fn validate_label(label: &[Cp], assume_nfc: bool, std3: bool) -> Result<(), Croak> {
    if let Some((message, sentence)) = shape_failure(label, assume_nfc) {
        return Err(croak(message, "_validate_label", sentence));
    }
    // The V6 checks in the module's order, by the word its message uses.
    let checks: [(&str, V6Test); 5] = [
        ("unassigned", unassigned),
        ("disallowed_STD3_valid", |cp| class(cp) == Some(Class::Std3Valid)),
        ("ignored", |cp| class(cp) == Some(Class::Ignored)),
        ("mapped", |cp| matches!(class(cp), Some(Class::Mapped | Class::Std3Mapped))),
        ("disallowed", |cp| class(cp) == Some(Class::Disallowed)),
    ];
    for (name, test) in checks {
        if name == "disallowed_STD3_valid" && !std3 {
            continue;
        }
        if let Some(cp) = label.iter().copied().find(|&cp| test(cp)) {
            let sentence = match name {
                "unassigned" => format!("Perl's Unicode 14.0 does not assign {}.", u_plus(cp)),
                _ => format!("{} is {name} in the module's UTS #46 table of Unicode 10.0.", u_plus(cp)),
            };
            return Err(croak(
                format!("contains {name} character {} [V6]", u_plus(cp)),
                "_validate_label",
                sentence,
            ));
        }
    }
    Ok(())
}

/// The first of V1 to V5 that `label` breaks: the module's message and a
/// sentence. (The module always checks hyphens; its V4 message names
/// U+0023 for the full stop.)
fn shape_failure(label: &[Cp], assume_nfc: bool) -> Option<(&'static str, &'static str)> {
    let hyphen = '-' as Cp;
    let checks = [
        (
            !assume_nfc && nfc(label) != label,
            "not in Unicode Normalization Form NFC [V1]",
            "The label decoded from Punycode is not in NFC.",
        ),
        (
            label.len() >= 4 && label[2] == hyphen && label[3] == hyphen,
            "contains U+002D HYPHEN-MINUS in both third and forth position [V2]",
            "The label has hyphens in its third and fourth positions, which the module's CheckHyphens refuses.",
        ),
        (
            label.first() == Some(&hyphen),
            "begins with U+002D HYPHEN-MINUS [V3]",
            "The label begins with a hyphen, which the module's CheckHyphens refuses.",
        ),
        (
            label.last() == Some(&hyphen),
            "ends with U+002D HYPHEN-MINUS [V3]",
            "The label ends with a hyphen, which the module's CheckHyphens refuses.",
        ),
        (
            label.contains(&('.' as Cp)),
            "contains U+0023 FULL STOP [V4]",
            "The label holds a full stop.",
        ),
        (
            label.first().is_some_and(|&cp| DATA.mark.contains(cp)),
            "begins with General_Category=Mark [V5]",
            "The label begins with a combining mark.",
        ),
    ];
    checks
        .into_iter()
        .find(|check| check.0)
        .map(|(_, message, sentence)| (message, sentence))
}

/// `[$classes][\p{Bc:NSM}\P{Assigned}]*$`: a character of `classes`
/// followed only by marks or unassigned code points.
fn ends_with(label: &[Cp], classes: &[Bc]) -> bool {
    let trailing = label
        .iter()
        .rev()
        .take_while(|&&cp| bidi(cp) == Bc::NSM || unassigned(cp))
        .count();
    let from = (label.len() - trailing).saturating_sub(1);
    label[from..].iter().any(|&cp| classes.contains(&bidi(cp)))
}

/// `_validate_bidi`: RFC 5893's rule on one label (only when the label holds R, AL or AN).
fn validate_bidi(label: &[Cp]) -> Result<(), Croak> {
    let Some(&first) = label.first() else { return Ok(()) };
    let only = |allowed: &[Bc]| label.iter().all(|&cp| allowed.contains(&bidi(cp)));
    let fail = |message: &str, sentence: &str| Err(croak(message, "_validate_bidi", sentence));
    match bidi(first) {
        Bc::L => {
            if !only(&[Bc::L, Bc::EN, Bc::ES, Bc::CS, Bc::ET, Bc::BN, Bc::ON, Bc::NSM]) {
                return fail(
                    "contains characters with wrong bidi class for LTR [B5]",
                    "A left-to-right label holds a right-to-left character or an Arabic digit (RFC 5893 rule 5).",
                );
            }
            if !ends_with(label, &[Bc::L, Bc::EN]) {
                return fail(
                    "ends with character of wrong bidi class for LTR [B6]",
                    "A left-to-right label must end with a letter or a digit (RFC 5893 rule 6).",
                );
            }
            Ok(())
        }
        Bc::R | Bc::AL => {
            let allowed = [Bc::R, Bc::AL, Bc::AN, Bc::EN, Bc::ES, Bc::CS, Bc::ET, Bc::ON, Bc::BN, Bc::NSM];
            if !only(&allowed) {
                return fail(
                    "contains characters with wrong bidi class for RTL [B2]",
                    "A right-to-left label holds a left-to-right character (RFC 5893 rule 2).",
                );
            }
            if !ends_with(label, &[Bc::R, Bc::AL, Bc::EN, Bc::AN]) {
                return fail(
                    "ends with character of wrong bidi class for RTL [B3]",
                    "A right-to-left label must end with a right-to-left character or a digit (RFC 5893 rule 3).",
                );
            }
            let has = |class: Bc| label.iter().any(|&cp| bidi(cp) == class);
            if has(Bc::EN) && has(Bc::AN) {
                return fail(
                    "contains characters with both bidi class EN and AN [B4]",
                    "A right-to-left label mixes European and Arabic-Indic digits (RFC 5893 rule 4).",
                );
            }
            Ok(())
        }
        _ => fail(
            "starts with character of wrong bidi class [B1]",
            "The label holds a right-to-left character but starts with neither a letter of either direction (RFC 5893 rule 1).",
        ),
    }
}

/// Skips Joining_Type T from `at`; the index of the first other code point.
fn skip_transparent(label: &[Cp], mut at: usize) -> usize {
    while label.get(at).is_some_and(|&cp| joining(cp) == Some('T')) {
        at += 1;
    }
    at
}

/// True when `(?: L | D ) T* \x{200C} T* (?: R | D )` matches at `at`.
fn zwnj_context_at(label: &[Cp], at: usize) -> bool {
    if !matches!(joining(label[at]), Some('L' | 'D')) {
        return false;
    }
    let joiner = skip_transparent(label, at + 1);
    if label.get(joiner) != Some(&ZWNJ) {
        return false;
    }
    let after = skip_transparent(label, joiner + 1);
    label.get(after).is_some_and(|&cp| matches!(joining(cp), Some('R' | 'D')))
}

/// `_validate_contextj`: one match of each joiner's pattern, as Perl's `m//`
/// finds the leftmost: a permitted context before any bare joiner
/// satisfies the rule for the whole label. (Join_Control holds only the two
/// joiners, so the module's first check never fires.)
fn validate_contextj(label: &[Cp]) -> Result<(), Croak> {
    let after_virama = |at: usize, joiner: Cp| DATA.virama.contains(label[at]) && label.get(at + 1) == Some(&joiner);
    for (joiner, context) in [
        (
            ZWNJ,
            &(|at| after_virama(at, ZWNJ) || zwnj_context_at(label, at)) as &dyn Fn(usize) -> bool,
        ),
        (ZWJ, &|at| after_virama(at, ZWJ)),
    ] {
        for (at, &cp) in label.iter().enumerate() {
            if context(at) {
                break;
            }
            if cp == joiner {
                return Err(croak(
                    format!("rule for CONTEXTJ character {} not satisfied [C2]", u_plus(joiner)),
                    "_validate_contextj",
                    format!(
                        "{} is only allowed after a virama{} (RFC 5892 appendix A).",
                        u_plus(joiner),
                        if joiner == ZWNJ { " or between joining letters" } else { "" }
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// `uts46_to_ascii`'s closure: `xn--` and the Punycode of a label with a
/// non-ASCII code point; an ASCII label as it is. The validated label holds
/// only characters the table allows, which Rust holds; a label the engine
/// cannot encode (its deltas past 2^32) is far longer than 63 characters,
/// as is anything the module's 32-bit encoder would make of it.
fn punycode_label(label: &[Cp]) -> Result<String, Croak> {
    let text: String = label.iter().filter_map(|&cp| char::from_u32(cp as u32)).collect();
    if text.is_ascii() {
        return Ok(text);
    }
    crate::punycode::encode(&text)
        .map(|encoded| format!("{IDNA_PREFIX}{encoded}"))
        .map_err(|_| too_long())
}

/// `decode_punycode` of Net::IDN::Punycode 2.500's XS: RFC 3492 on C
/// `int`s without overflow checks (they wrap), no range check of the code
/// points it inserts (Perl refuses only those past IV_MAX), and the basic
/// code points before the last hyphen copied as they are. `Err` where it
/// croaks.
fn decode_punycode(input: &[u8]) -> Result<Vec<Cp>, &'static str> {
    let (mut out, digits): (Vec<Cp>, &[u8]) = match input.iter().rposition(|&b| b == b'-') {
        Some(at) => (input[..at].iter().map(|&b| Cp::from(b)).collect(), &input[at + 1..]),
        None => (Vec::new(), input),
    };
    let (mut n, mut i, mut bias, mut first): (u64, i32, i32, bool) = (128, 0, 72, true);
    let mut digits = digits.iter();
    while digits.len() > 0 {
        let old_i = i;
        let (mut w, mut k): (i32, i32) = (1, 36);
        loop {
            let byte = *digits.next().ok_or("incomplete encoded code point in decode_punycode")?;
            let digit = match byte {
                b'A'..=b'Z' => byte - b'A',
                b'a'..=b'z' => byte - b'a',
                b'0'..=b'9' => byte - b'0' + 26,
                _ => return Err("invalid digit in input for decode_punycode"),
            };
            i = i.wrapping_add(i32::from(digit).wrapping_mul(w));
            let t = (k - bias).clamp(1, 26);
            if i32::from(digit) < t {
                break;
            }
            w = w.wrapping_mul(36 - t);
            k += 36;
        }
        let h = out.len() as u64 + 1;
        bias = adapt(i.wrapping_sub(old_i), h as i32, first)?;
        first = false;
        // `i / h` and `i % h` with h a STRLEN: i converted to unsigned.
        let unsigned = i as i64 as u64;
        n = n.wrapping_add(unsigned / h);
        i = (unsigned % h) as i32;
        if n > IV_MAX {
            return Err("Use of code point is not allowed");
        }
        out.insert(i as usize, n);
        i = i.wrapping_add(1);
    }
    Ok(out)
}

/// The XS's `adapt` on C `int`s. `Err` where it would divide by zero
/// (`delta + SKEW` of 0 after a wrapped delta: the real process dies of SIGFPE).
fn adapt(delta: i32, points: i32, first: bool) -> Result<i32, &'static str> {
    let mut delta = delta / if first { 700 } else { 2 };
    delta = delta.wrapping_add(delta / points);
    let mut k = 0;
    while delta > (35 * 26) / 2 {
        delta /= 35;
        k += 36;
    }
    let divisor = delta.wrapping_add(38);
    if divisor == 0 {
        return Err("division by zero");
    }
    Ok(k + 36i32.wrapping_mul(delta) / divisor)
}

/// `Net::IDN::Encode::domain_to_ascii($name)`.
pub(super) fn domain_to_ascii(input: &str) -> Answer {
    let runtime = Runtime::PerlNetIdn;
    match domain_to_ascii_with(input, true) {
        Ok(host) => {
            let sentence = if input.is_ascii() {
                "Every label is ASCII, which Net::IDN::Encode only measures and passes on as it is."
            } else {
                "Labels with non-ASCII characters through UTS #46 of Unicode 10.0 (nontransitional, STD3 rules on), ASCII labels as they are."
            };
            Answer::ascii(runtime, host, "domain_to_ascii", sentence.into())
        }
        Err(error) => Answer::error(runtime, error.message, error.rule, error.sentence),
    }
}

/// What would make `domain_to_ascii` pass where it fails on `input`: the
/// module's own flag for a STD3 refusal, else the name written as its
/// UTS #46 A-labels (of the engine's Unicode 16.0 table), which the module
/// passes on unchecked as ASCII labels. Each checked with this model.
pub(super) fn hint(input: &str, answer: &Answer) -> Option<String> {
    let error = answer.error.as_deref()?;
    if error.contains("STD3")
        && let Ok(host) = domain_to_ascii_with(input, false)
    {
        return Some(format!(
            "`domain_to_ascii($name, UseSTD3ASCIIRules => 0)` allows it and gives `{host}`."
        ));
    }
    let options = crate::uts46::Options {
        use_std3_ascii_rules: false,
        check_hyphens: false,
        check_bidi: true,
        check_joiners: true,
        verify_dns_length: false,
        ignore_invalid_punycode: false,
        check_contexto: false,
    };
    let a_labels = crate::uts46::Uts46::new().to_ascii_n(input, &options);
    if !a_labels.errors.is_empty() || a_labels.value == input {
        return None;
    }
    let host = domain_to_ascii_with(&a_labels.value, true).ok()?;
    Some(format!(
        "Net::IDN::Encode passes ASCII labels on unchecked: written as its UTS #46 A-labels, `domain_to_ascii(\"{}\")` gives `{host}`.",
        a_labels.value
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Perl's own answers (`tools/runtime-oracle/perl_net_idn.pl`), one quirk each.
    #[test]
    fn answers_as_the_module_gives_them() {
        let cases: [(&str, Result<&str, &str>); 14] = [
            ("Bücher.de", Ok("xn--bcher-kva.de")),
            ("ABC_x.De", Ok("ABC_x.De")),
            ("faß.de", Ok("xn--fa-hia.de")),
            ("ẞ.de", Ok("ss.de")),
            ("a.", Ok("a.")),
            ("", Ok("")),
            ("a..b", Err("label empty")),
            ("a.\u{AD}", Err("empty domain name [A4_1]")),
            ("ａ＿ｂ.de", Err("disallowed_STD3_mapped character U+FF3F")),
            ("ｘｎ--abc-.de", Ok("abc.de")),
            ("ｘｎ---.de", Err("empty label [A4_2]")),
            ("ｘｎ--a-j023p", Err("contains unassigned character U+110000 [V6]")),
            ("ｘｎ--8s902716a", Err("Invalid Punycode sequence [P4]")),
            ("\u{5D0}ab.com", Err("contains characters with wrong bidi class for RTL [B2]")),
        ];
        for (input, expected) in cases {
            let answer = domain_to_ascii(input);
            let got = match &answer.error {
                Some(error) => Err(error.as_str()),
                None => Ok(answer.host.as_deref().expect("a host")),
            };
            assert_eq!(got, expected, "{input:?}");
        }
    }

    /// The leftmost joiner in a permitted context satisfies the rule for the whole label.
    #[test]
    fn contextj_is_one_leftmost_match() {
        // بب‌ب then a‌b: the first ZWNJ joins two Arabic letters, the second nothing.
        assert!(validate_contextj(&[0x628, ZWNJ, 0x628, 'a' as Cp, ZWNJ, 'b' as Cp]).is_ok());
        assert!(validate_contextj(&['a' as Cp, ZWNJ, 'b' as Cp, 0x628, ZWNJ, 0x628]).is_err());
    }

    /// The STD3 rows the engine's table reads as valid or mapped, as the file names them.
    #[test]
    fn std3_rows_are_the_files() {
        assert_eq!(class('_' as Cp), Some(Class::Std3Valid));
        assert_eq!(class(0x2260), Some(Class::Std3Valid));
        assert_eq!(class(0xFF3F), Some(Class::Std3Mapped));
        assert_eq!(class('a' as Cp), Some(Class::Valid));
        assert_eq!(class(0xD800), Some(Class::Disallowed));
        assert_eq!(DATA.table.version(), "10.0.0");
    }

    #[test]
    fn hints_pass_with_the_model() {
        let std3 = domain_to_ascii("ａ＿ｂ.de");
        let text = hint("ａ＿ｂ.de", &std3).expect("a hint");
        assert!(text.contains("UseSTD3ASCIIRules => 0") && text.contains("`a_b.de`"), "{text}");
        // An emoji of Unicode 11.0, disallowed in the module's table.
        let newer = domain_to_ascii("\u{1F970}.com");
        let text = hint("\u{1F970}.com", &newer).expect("a hint");
        assert!(text.contains("xn--"), "{text}");
        assert_eq!(hint("a..b", &domain_to_ascii("a..b")), None);
    }
}
