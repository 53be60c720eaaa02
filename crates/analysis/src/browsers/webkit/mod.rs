//! WebKit's (Safari's) IDN display decision, ported from WebKit trunk:
//! `Source/WTF/wtf/URLHelpers.cpp` (`mapHostName`,
//! `allCharactersInAllowedIDNScriptList`, `isLookalikeCharacter`,
//! `isLookalikeSequence`, `allCharactersAllowedByTLDRules`) and
//! `URLParser.cpp` (the IDNA options, and its own IPv4 parser: `url_parser`). The decision is for the whole host:
//! every label as Unicode, or the host as it came (Punycode).

mod data;
pub(crate) mod url_parser;

use super::{Browser, Display, UrlHost, Verdict};
use crate::chars;
use crate::chars::{
    general::{in_deseret_block, in_ipa_extensions_block, is_printable},
    identifier::is_default_ignorable,
};
use crate::profiles::whatwg::Host;
use crate::properties::generated::{Generated, generated};
use crate::uts46::{ConversionRef, last_label};
use serde::Serialize;
use unicode_script::Script;

/// What decided WebKit's display, named after the upstream function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Rule {
    /// The URL parser rejects the host: the URL does not load.
    InvalidHost,
    /// `mapHostName` found nothing to decode (no `xn--` label): the host shows as it is.
    NoMapping,
    /// `uidna_nameToUnicode` reported an error other than the tolerated
    /// ones (empty label, lengths, hyphens): the host stays as it is. (The
    /// URL parser has run the same checks, so a host it accepted gets here
    /// only if the two disagree.)
    IdnaError,
    /// `allCharactersInAllowedIDNScriptList` passed: shown as Unicode.
    AllowedScriptList,
    /// `allCharactersAllowedByTLDRules` passed: shown as Unicode.
    TldRules,
    /// A character's script is not in the allowed script list, and no TLD rule allows the name.
    ScriptNotAllowed,
    /// `isLookalikeCharacter`: an unprintable, white-space or default-ignorable
    /// character, one of the IPA Extensions or Deseret blocks, or one on the
    /// fixed list (or U+0307 after ȷ, ı, ו); no TLD rule allows the name.
    LookalikeCharacter,
    /// `isLookalikeSequence`: an Armenian, Tamil, Canadian Syllabics or Thai
    /// lookalike next to a character of another script, or an Arabic
    /// diacritic after a non-Arabic character; no TLD rule allows the name.
    LookalikeSequence,
}

impl Rule {
    /// Every rule, in declaration order.
    pub const ALL: [Rule; 8] = [
        Rule::InvalidHost,
        Rule::NoMapping,
        Rule::IdnaError,
        Rule::AllowedScriptList,
        Rule::TldRules,
        Rule::ScriptNotAllowed,
        Rule::LookalikeCharacter,
        Rule::LookalikeSequence,
    ];

    /// The upstream name.
    pub fn name(self) -> &'static str {
        match self {
            Rule::InvalidHost => "URLParser: invalid host",
            Rule::NoMapping => "mapHostName: no mapping",
            Rule::IdnaError => "uidna_nameToUnicode error",
            Rule::AllowedScriptList => "allCharactersInAllowedIDNScriptList",
            Rule::TldRules => "allCharactersAllowedByTLDRules",
            Rule::ScriptNotAllowed => "allCharactersInAllowedIDNScriptList: script not allowed",
            Rule::LookalikeCharacter => "isLookalikeCharacter",
            Rule::LookalikeSequence => "isLookalikeSequence",
        }
    }

    /// The display the rule leads to: Unicode when no mapping is needed or the scripts or TLD rules allow the name,
    /// Rejected for an invalid host, else Punycode.
    pub fn display(self) -> Display {
        match self {
            Rule::NoMapping | Rule::AllowedScriptList | Rule::TldRules => Display::Unicode,
            Rule::InvalidHost => Display::Rejected,
            _ => Display::Punycode,
        }
    }

    /// The rule in a sentence.
    pub fn sentence(self) -> &'static str {
        match self {
            Rule::InvalidHost => "The URL parser rejects this host, so the address does not load.",
            Rule::NoMapping => "No label is Punycode, so there is nothing to decode: the host shows as it is.",
            Rule::IdnaError => {
                "UTS #46 ToUnicode (CheckBidi, CheckJoiners, nontransitional) reports an error other than an empty label, a length or a hyphen rule, so the host stays as Punycode."
            }
            Rule::AllowedScriptList => {
                "Every character is in an allowed script (Latin, Arabic, Armenian, Hebrew, Han, Hangul, Kana, Thai, Devanagari, Tamil, …) and none is a lookalike."
            }
            Rule::TldRules => {
                "The second-level label uses only the letters the registry of this Cyrillic TLD allows (e.g. Russian letters under .рф)."
            }
            Rule::ScriptNotAllowed => {
                "A character's script is not in Safari's allowed list (Cyrillic, Greek, Georgian, Ethiopic, Khmer, Lao, … are not), and no TLD rule allows the name."
            }
            Rule::LookalikeCharacter => {
                "A character that can pass for punctuation or another letter (an invisible or space character, IPA letters, ‸ ⁄ ∕ ・ and similar) is in the name."
            }
            Rule::LookalikeSequence => {
                "A lookalike letter of Armenian, Tamil, Canadian Syllabics or Thai sits next to a character of another script (or an Arabic vowel mark follows a non-Arabic character)."
            }
        }
    }
}

/// `URLParser::hostnameBufferLength`: longer hosts are left as they are.
const HOSTNAME_BUFFER_LENGTH: usize = 2048;

/// WebKit's verdict on `input` (a host as typed): the URL parser's host,
/// then `mapHostName`'s decision on it. WebKit's transcoder
/// (`internationalDomainNameTranscoder`) has CheckBidi, ContextJ,
/// nontransitional and no STD3 rules; it tolerates the hyphen, length and
/// empty-label errors (the host parse this port shares with Firefox's).
pub fn verdict(input: &str) -> Verdict {
    verdict_on(
        &UrlHost::parse(&Browser::WebKit.engine(), input, &crate::facts::Facts::NONE),
        input,
        true,
    )
}

/// [`verdict`] on a host already parsed; without `shown` the host as
/// shown is left empty (the batch keeps the rule).
pub(crate) fn verdict_on(url_host: &UrlHost, input: &str, shown: bool) -> Verdict {
    let (host, to_unicode) = match (&url_host.host, &url_host.display) {
        (Ok(Host::Domain(host)), Some(to_unicode)) => (host, to_unicode.get()),
        (Ok(address), _) => return Verdict::new(Rule::NoMapping.into(), address.serialize()),
        (Err(why), _) => return Verdict::new(Rule::InvalidHost.into(), input.to_string()).with_detail(Some(why.clone())),
    };
    // `parseHostAndPort` asks its own IPv4 parser first, which refuses a
    // few domains of the URL Standard's (a part past 32 bits).
    if url_parser::may_overflow_a_part(host)
        && let Err(url_parser::Ipv4ParsingError::Failure(why)) = url_parser::parse_ipv4_host(host.as_bytes())
    {
        let detail = format!("URLParser::parseIPv4Host of “{host}”: {why}");
        return Verdict::new(Rule::InvalidHost.into(), input.to_string()).with_detail(Some(detail));
    }
    let decided = map_host_name(host, to_unicode);
    let shown = match decided.rule.display() {
        _ if !shown => String::new(),
        Display::Unicode => decided.unicode.unwrap_or(host).to_string(),
        Display::Punycode | Display::Rejected => host.clone(),
    };
    Verdict::new(decided.rule.into(), shown)
        .with_detail(decided.detail)
        .with_character(decided.character)
}

/// `mapHostName`'s decision on a canonical (ASCII) host.
struct Decision<'a> {
    rule: Rule,
    /// The decoded host (when it was decoded).
    unicode: Option<&'a str>,
    detail: Option<String>,
    character: Option<char>,
}

/// `mapHostName` on the canonical `host`, given its ToUnicode (the
/// tolerated errors already left out).
fn map_host_name<'a>(host: &str, to_unicode: ConversionRef<'a>) -> Decision<'a> {
    let decision = |rule, unicode, detail| Decision {
        rule,
        unicode,
        detail,
        character: None,
    };
    // An ASCII host (the parser's, mostly) has as many UTF-16 units as bytes.
    let utf16_length = if crate::scan::is_ascii(host) {
        host.len()
    } else {
        host.encode_utf16().count()
    };
    if host.is_empty() || utf16_length > HOSTNAME_BUFFER_LENGTH {
        return decision(Rule::NoMapping, None, None);
    }
    if !to_unicode.errors.is_empty() {
        let codes: Vec<&str> = to_unicode.codes().iter().map(|c| c.as_str()).collect();
        return decision(Rule::IdnaError, None, Some(codes.join(" ")));
    }
    let decoded = to_unicode.value;
    if decoded == host {
        return decision(Rule::NoMapping, None, None);
    }
    match all_characters_in_allowed_idn_script_list(decoded) {
        Ok(()) => decision(Rule::AllowedScriptList, Some(decoded), None),
        Err((rule, c)) => match all_characters_allowed_by_tld_rules(decoded) {
            Some(tld_rule) => decision(Rule::TldRules, Some(decoded), Some(tld_rule.to_string())),
            None => Decision {
                character: Some(c),
                ..decision(rule, Some(decoded), None)
            },
        },
    }
}

/// `allCharactersInAllowedIDNScriptList` over the whole decoded host:
/// each character's script must be allowed, and it must not be a lookalike
/// given the character before it. `Err` names the rule and the character.
fn all_characters_in_allowed_idn_script_list(host: &str) -> Result<(), (Rule, char)> {
    let mut previous: Option<(char, CharFacts)> = None;
    for c in host.chars() {
        let facts = CharFacts::of(c);
        if !facts.has(CharFacts::ALLOWED_SCRIPT) {
            return Err((Rule::ScriptNotAllowed, c));
        }
        if let Some(rule) = lookalike_given(previous, (c, facts)) {
            return Err((rule, c));
        }
        previous = Some((c, facts));
    }
    Ok(())
}

/// `isLookalikeCharacter(previous, c)`: which of its two kinds fired, if any.
pub fn is_lookalike_character(previous: Option<char>, c: char) -> Option<Rule> {
    lookalike_given(previous.map(|p| (p, CharFacts::of(p))), (c, CharFacts::of(c)))
}

/// [`is_lookalike_character`] on characters with their [`CharFacts`].
fn lookalike_given(previous: Option<(char, CharFacts)>, (c, facts): (char, CharFacts)) -> Option<Rule> {
    // Most characters of a host set off no rule with their neighbour: one
    // test of the bits settles them (`&`, not `&&`: a branch less).
    const ANY_RULE: u8 = CharFacts::LOOKALIKE_ALONE | CharFacts::SCRIPT_LOOKALIKE | CharFacts::ARABIC_DIACRITIC;
    let previous_pairs = previous.map_or(0, |(_, p)| p.0 & CharFacts::SCRIPT_LOOKALIKE);
    if (((facts.0 & ANY_RULE) | previous_pairs) == 0) & (c != '\u{0307}') {
        return None;
    }
    if facts.has(CharFacts::LOOKALIKE_ALONE) {
        return Some(Rule::LookalikeCharacter);
    }
    let previous_char = previous.map(|(p, _)| p);
    match c {
        '\u{0307}' => previous_char
            .is_some_and(|p| data::DOT_ABOVE_BASES.contains(&(p as u32)))
            .then_some(Rule::LookalikeCharacter),
        '.' => None,
        _ => {
            // A pair holds a script's lookalike on one side: most pairs hold none of them.
            let may_pair =
                facts.has(CharFacts::SCRIPT_LOOKALIKE) || previous.is_some_and(|(_, p)| p.has(CharFacts::SCRIPT_LOOKALIKE));
            let sequence = may_pair
                && data::SCRIPT_LOOKALIKES
                    .iter()
                    .any(|&(script, lookalikes)| is_lookalike_sequence(script, lookalikes, previous_char, c))
                || facts.has(CharFacts::ARABIC_DIACRITIC) && is_arabic_lookalike_sequence(previous_char, c);
            sequence.then_some(Rule::LookalikeSequence)
        }
    }
}

/// What the loop asks of a character of the decoded host, read with one
/// table lookup: whether its script is allowed, it is a lookalike alone,
/// it is in a script's lookalike list, it is an Arabic diacritic.
#[derive(Clone, Copy)]
struct CharFacts(u8);

impl CharFacts {
    /// [`allowed_script`].
    const ALLOWED_SCRIPT: u8 = 1;
    /// [`lookalike_alone`].
    const LOOKALIKE_ALONE: u8 = 2;
    /// [`search_script_lookalike`].
    const SCRIPT_LOOKALIKE: u8 = 4;
    /// In [`data::ARABIC_DIACRITICS`].
    const ARABIC_DIACRITIC: u8 = 8;

    /// `c`'s facts: from its table (planes 0 to 3).
    fn of(c: char) -> CharFacts {
        CharFacts(CHAR_FACTS.get(c, compute_char_facts))
    }

    fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
}

/// [`CharFacts::of`] of planes 0 to 3, made from [`compute_char_facts`].
static CHAR_FACTS: Generated<u8> = generated!("webkit_char_facts");

/// The bits of [`CharFacts::of`] `c`, from the rules.
fn compute_char_facts(c: char) -> u8 {
    let questions = [
        (allowed_script(c), CharFacts::ALLOWED_SCRIPT),
        (lookalike_alone(c), CharFacts::LOOKALIKE_ALONE),
        (search_script_lookalike(c), CharFacts::SCRIPT_LOOKALIKE),
        (data::ARABIC_DIACRITICS.contains(&(c as u32)), CharFacts::ARABIC_DIACRITIC),
    ];
    questions
        .iter()
        .filter(|(holds, _)| *holds)
        .fold(0, |all, (_, bit)| all | bit)
}

/// The character's script is in WebKit's allowed script list.
fn allowed_script(c: char) -> bool {
    data::ALLOWED_SCRIPTS.contains(&chars::scripts::script(c))
}

/// The first checks of `isLookalikeCharacter`, on `c` alone: unprintable,
/// white space, default-ignorable, the IPA Extensions or Deseret block, or
/// the fixed list.
fn lookalike_alone(c: char) -> bool {
    !is_printable(c)
        || c.is_whitespace()
        || is_default_ignorable(c)
        || in_ipa_extensions_block(c)
        || in_deseret_block(c)
        || data::LOOKALIKE_CHARACTERS.binary_search(&(c as u32)).is_ok()
}

/// The code points of every list of [`data::SCRIPT_LOOKALIKES`], sorted.
const SCRIPT_LOOKALIKES_SORTED: [u32; script_lookalike_count()] = {
    let mut all = [0u32; script_lookalike_count()];
    let (mut filled, mut list) = (0, 0);
    while list < data::SCRIPT_LOOKALIKES.len() {
        let mut index = 0;
        while index < data::SCRIPT_LOOKALIKES[list].1.len() {
            // Insertion sort: each code point goes in before the larger ones.
            let code = data::SCRIPT_LOOKALIKES[list].1[index];
            let mut at = filled;
            while at > 0 && all[at - 1] > code {
                all[at] = all[at - 1];
                at -= 1;
            }
            all[at] = code;
            filled += 1;
            index += 1;
        }
        list += 1;
    }
    all
};

const fn script_lookalike_count() -> usize {
    let (mut count, mut list) = (0, 0);
    while list < data::SCRIPT_LOOKALIKES.len() {
        count += data::SCRIPT_LOOKALIKES[list].1.len();
        list += 1;
    }
    count
}

/// True when `c` (as `char16_t`, like [`is_lookalike_sequence`]) is in any
/// script's lookalike list, searched in the sorted lists: without one on
/// either side, no pair is a sequence.
fn search_script_lookalike(c: char) -> bool {
    SCRIPT_LOOKALIKES_SORTED.binary_search(&((c as u32) & 0xFFFF)).is_ok()
}

/// `isLookalikeSequence<Script>`: a lookalike of `script` next to a
/// character that is neither of `script` nor an ASCII digit or valid host
/// punctuation, in either order; never after `/`. Upstream compares the
/// two code points as `char16_t`, so a supplementary character counts as
/// its low 16 bits; so does this port.
fn is_lookalike_sequence(script: Script, lookalikes: &[u32], previous: Option<char>, c: char) -> bool {
    let Some(previous) = previous else { return false };
    if previous == '/' {
        return false;
    }
    let low16 = |c: char| (c as u32) & 0xFFFF;
    let is_pair = |first: u32, second: u32| {
        lookalikes.contains(&first)
            && !(char::from_u32(second).is_some_and(|s| chars::scripts::script(s) == script)
                || is_ascii_digit_or_valid_host_character(second))
    };
    is_pair(low16(c), low16(previous)) || is_pair(low16(previous), low16(c))
}

/// `isLookalikeSequence<USCRIPT_ARABIC>`: an Arabic diacritic (U+064B–U+065F)
/// not right after an Arabic character.
fn is_arabic_lookalike_sequence(previous: Option<char>, c: char) -> bool {
    data::ARABIC_DIACRITICS.contains(&(c as u32)) && !previous.is_some_and(|p| chars::scripts::script(p) == Script::Arabic)
}

/// `isASCIIDigitOrValidHostCharacter`: ASCII digits and punctuation, less
/// the characters the URL parser rejects (`# % / : ? @ [ \ ]`).
fn is_ascii_digit_or_valid_host_character(code: u32) -> bool {
    let Ok(byte) = u8::try_from(code) else { return false };
    let digit_or_punctuation = byte.is_ascii_digit() || byte.is_ascii_punctuation();
    digit_or_punctuation && !matches!(byte, b'#' | b'%' | b'/' | b':' | b'?' | b'@' | b'[' | b'\\' | b']')
}

/// `allCharactersAllowedByTLDRules`: the first TLD rule whose suffix ends
/// the host decides; only the second-level label is checked (UTF-16 units).
/// Returns the rule's upstream name when it allows the host.
fn all_characters_allowed_by_tld_rules(host: &str) -> Option<&'static str> {
    let host = host.strip_suffix('.').unwrap_or(host);
    let rule = data::TLD_RULES.iter().find(|rule| host.ends_with(rule.suffix))?;
    let rest = &host[..host.len() - rule.suffix.len()];
    let second_level = last_label(rest);
    second_level.encode_utf16().all(rule.allowed).then_some(rule.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generated table holds the rules' values for planes 0 to 3.
    #[test]
    fn webkit_char_facts_table_is_current() {
        CHAR_FACTS.check(crate::properties::PLANE_CELLS, compute_char_facts);
    }

    #[test]
    fn the_lookalike_list_is_sorted_for_binary_search() {
        assert!(data::LOOKALIKE_CHARACTERS.windows(2).all(|w| w[0] < w[1]));
        let mut all: Vec<u32> = data::SCRIPT_LOOKALIKES
            .iter()
            .flat_map(|(_, list)| list.iter().copied())
            .collect();
        all.sort_unstable();
        assert_eq!(SCRIPT_LOOKALIKES_SORTED.as_slice(), all.as_slice());
    }

    /// The table answers as the searches, on every code point below U+20000.
    #[test]
    fn tables_equal_the_searches() {
        let (mut alone, mut script) = (0, 0);
        for c in (0..0x20000).filter_map(char::from_u32) {
            let facts = CharFacts::of(c);
            assert_eq!(facts.has(CharFacts::LOOKALIKE_ALONE), lookalike_alone(c), "{c:?}");
            assert_eq!(facts.has(CharFacts::SCRIPT_LOOKALIKE), search_script_lookalike(c), "{c:?}");
            assert_eq!(facts.has(CharFacts::ALLOWED_SCRIPT), allowed_script(c), "{c:?}");
            assert_eq!(
                facts.has(CharFacts::ARABIC_DIACRITIC),
                data::ARABIC_DIACRITICS.contains(&(c as u32)),
                "{c:?}"
            );
            alone += usize::from(lookalike_alone(c));
            script += usize::from(search_script_lookalike(c));
        }
        assert!(alone > 1000 && script > 10, "{alone} alone, {script} in script lists");
    }

    #[test]
    fn valid_host_characters_are_ascii_digits_and_punctuation_the_parser_accepts() {
        let accepted: String = (0u32..128)
            .filter(|&c| is_ascii_digit_or_valid_host_character(c))
            .map(|c| char::from_u32(c).unwrap())
            .collect();
        assert_eq!(accepted, "!\"$&'()*+,-.0123456789;<=>^_`{|}~");
    }
}
