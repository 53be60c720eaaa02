//! The CONTEXTJ rules of RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER, C1)
//! and A.2 (ZERO WIDTH JOINER, C2), UTS #46 §4.1 criterion 8 (CheckJoiners).

use super::errors::ErrorCode;
use super::validity::LabelReport;
use crate::properties::Properties;
use unicode_joining_type::JoiningType;

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';
/// Canonical_Combining_Class=Virama.
const VIRAMA: u8 = 9;

/// Checks every joiner of a label; reports C1 and C2 with the joiner's position.
pub(crate) fn check_joiners(label: &str, properties: &Properties, report: &mut LabelReport<'_>) {
    // Both joiners are three bytes in UTF-8: an ASCII label is answered without decoding.
    if crate::scan::is_ascii(label) || !label.contains([ZWNJ, ZWJ]) {
        report.check(ErrorCode::C1, None);
        report.check(ErrorCode::C2, None);
        return;
    }
    let chars: Vec<char> = label.chars().collect();
    let failing = |joiner: char, rule: fn(&[char], usize, &Properties) -> bool| {
        (0..chars.len())
            .filter(|&i| chars[i] == joiner && !rule(&chars, i, properties))
            .collect::<Vec<_>>()
    };
    let zwnj_failures = failing(ZWNJ, zwnj_allowed);
    let zwj_failures = failing(ZWJ, after_virama);
    report.check(ErrorCode::C1, zwnj_failures);
    report.check(ErrorCode::C2, zwj_failures);
}

/// A.1 and A.2: the joiner directly follows a virama.
fn after_virama(chars: &[char], i: usize, properties: &Properties) -> bool {
    i > 0 && properties.combining_class(chars[i - 1]) == VIRAMA
}

/// A.1: after a virama, or matching `(Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})`.
fn zwnj_allowed(chars: &[char], i: usize, properties: &Properties) -> bool {
    if after_virama(chars, i, properties) {
        return true;
    }
    let get_joining_type = |c: char| properties.joining_type(c);
    let is_transparent = |c: &&char| get_joining_type(**c) == JoiningType::Transparent;
    let before = chars[..i].iter().rev().find(|c| !is_transparent(c));
    let after = chars[i + 1..].iter().find(|c| !is_transparent(c));
    let joins_left = before.is_some_and(|&c| matches!(get_joining_type(c), JoiningType::LeftJoining | JoiningType::DualJoining));
    let joins_right = after.is_some_and(|&c| matches!(get_joining_type(c), JoiningType::RightJoining | JoiningType::DualJoining));
    joins_left && joins_right
}
