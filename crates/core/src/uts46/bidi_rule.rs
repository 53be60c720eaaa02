//! The Bidi Rule of RFC 5893 §2 (error codes B1–B6), as UTS #46 §4.1
//! criterion 9 applies it when CheckBidi is set and the name is a Bidi domain name.

use super::errors::ErrorCode;
use super::trace::{CheckOutcome, Direction};
use super::validity::{LabelReport, positions_where};
use crate::properties::Properties;
use unicode_bidi::BidiClass;

/// What one pass over a label's bidi classes establishes.
struct LabelClasses {
    first: Option<BidiClass>,
    /// The last character that is not NSM: (position, class).
    end: Option<(usize, BidiClass)>,
    has_en: bool,
    has_an: bool,
    /// Some character is outside the set rule 2 allows (right-to-left labels).
    outside_rtl_set: bool,
    /// Some character is outside the set rule 5 allows (left-to-right labels).
    outside_ltr_set: bool,
}

fn allowed_in_rtl(class: BidiClass) -> bool {
    use BidiClass::*;
    matches!(class, R | AL | AN | EN | ES | CS | ET | ON | BN | NSM)
}

fn allowed_in_ltr(class: BidiClass) -> bool {
    use BidiClass::*;
    matches!(class, L | EN | ES | CS | ET | ON | BN | NSM)
}

fn classify(label: &str, properties: &Properties) -> LabelClasses {
    let mut facts = LabelClasses {
        first: None,
        end: None,
        has_en: false,
        has_an: false,
        outside_rtl_set: false,
        outside_ltr_set: false,
    };
    for (position, c) in label.chars().enumerate() {
        let class = properties.bidi_class(c);
        facts.first.get_or_insert(class);
        if class != BidiClass::NSM {
            facts.end = Some((position, class));
        }
        facts.has_en |= class == BidiClass::EN;
        facts.has_an |= class == BidiClass::AN;
        facts.outside_rtl_set |= !allowed_in_rtl(class);
        facts.outside_ltr_set |= !allowed_in_ltr(class);
    }
    facts
}

/// Positions whose class satisfies `predicate`; only walked when a rule failed.
fn positions_of(label: &str, properties: &Properties, failed: bool, predicate: impl Fn(BidiClass) -> bool) -> Vec<usize> {
    if !failed {
        return Vec::new();
    }
    positions_where(label, |c| predicate(properties.bidi_class(c))).collect()
}

/// Applies rules 1–6 to a non-empty label; returns the label's direction.
pub(crate) fn check_bidi_rule(label: &str, properties: &Properties, report: &mut LabelReport<'_>) -> Direction {
    use BidiClass::*;
    let facts = classify(label, properties);
    let direction = match facts.first {
        Some(L) => Direction::LeftToRight,
        Some(R | AL) => Direction::RightToLeft,
        _ => Direction::Undetermined,
    };
    report.check(ErrorCode::B1, (direction == Direction::Undetermined).then_some(0));
    let end_outside = |allowed: fn(BidiClass) -> bool| facts.end.filter(|&(_, class)| !allowed(class)).map(|(i, _)| i);
    match direction {
        Direction::Undetermined => {
            for code in [ErrorCode::B2, ErrorCode::B3, ErrorCode::B4, ErrorCode::B5, ErrorCode::B6] {
                report.skip(
                    code,
                    CheckOutcome::NotApplicable("rule 1 failed, so the label has no direction"),
                );
            }
        }
        Direction::RightToLeft => {
            report.check(
                ErrorCode::B2,
                positions_of(label, properties, facts.outside_rtl_set, |class| !allowed_in_rtl(class)),
            );
            report.check(ErrorCode::B3, end_outside(|class| matches!(class, R | AL | EN | AN)));
            let mixed_digits = facts.has_en && facts.has_an;
            report.check(
                ErrorCode::B4,
                positions_of(label, properties, mixed_digits, |class| matches!(class, EN | AN)),
            );
            let why = "right-to-left label (rules 5 and 6 are for left-to-right labels)";
            report.skip(ErrorCode::B5, CheckOutcome::NotApplicable(why));
            report.skip(ErrorCode::B6, CheckOutcome::NotApplicable(why));
        }
        Direction::LeftToRight => {
            for code in [ErrorCode::B2, ErrorCode::B3, ErrorCode::B4] {
                report.skip(
                    code,
                    CheckOutcome::NotApplicable("left-to-right label (rules 2 to 4 are for right-to-left labels)"),
                );
            }
            report.check(
                ErrorCode::B5,
                positions_of(label, properties, facts.outside_ltr_set, |class| !allowed_in_ltr(class)),
            );
            report.check(ErrorCode::B6, end_outside(|class| matches!(class, L | EN)));
        }
    }
    direction
}
