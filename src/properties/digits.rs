//! Decimal digits (General_Category=Nd) and their numbering systems,
//! named by their zeros (UTS #39 §5.3).

use super::general::is_decimal_digit;

/// The zero of a decimal digit's run (`c` minus its numeric value), or
/// `None` when `c` is not General_Category=Nd.
///
/// Unicode encodes every Nd digit in a run of ten, zero to nine, in
/// ascending order (The Unicode Standard §4.6, a stability policy), and a
/// maximal run of Nd code points is a whole number of such runs, so the
/// value is the distance from the run's start modulo 10.
#[inline]
pub fn digit_zero(c: char) -> Option<char> {
    // Asked of every character of a label; most are no digit.
    if c.is_ascii() {
        return c.is_ascii_digit().then_some('0');
    }
    if !is_decimal_digit(c) {
        return None;
    }
    run_zero(c)
}

/// The zero of the run of Nd digit `c`.
fn run_zero(c: char) -> Option<char> {
    let code = c as u32;
    let mut start = code;
    while start > 0 && char::from_u32(start - 1).is_some_and(is_decimal_digit) {
        start -= 1;
    }
    char::from_u32(code - (code - start) % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_zero_finds_the_run_start_for_adjacent_runs() {
        assert_eq!(digit_zero('7'), Some('0'));
        assert_eq!(digit_zero('\u{0669}'), Some('\u{0660}'));
        // Mathematical digits: five runs of ten, back to back.
        assert_eq!(digit_zero('\u{1D7D9}'), Some('\u{1D7D8}'));
        assert_eq!(digit_zero('\u{1D7E1}'), Some('\u{1D7D8}'));
        assert_eq!(digit_zero('\u{1D7E2}'), Some('\u{1D7E2}'));
        assert_eq!(digit_zero('a'), None);
        assert_eq!(digit_zero('\u{00B2}'), None, "superscript two is No, not Nd");
        // The ASCII shortcut gives the general answer.
        for c in (0..0x80u8).map(char::from) {
            assert_eq!(digit_zero(c), is_decimal_digit(c).then(|| run_zero(c)).flatten(), "{c:?}");
        }
    }

    #[test]
    fn every_decimal_digit_is_named_after_its_run() {
        // Cross-check with the names: <SYSTEM> DIGIT <VALUE> and its zero <SYSTEM> DIGIT ZERO.
        const WORDS: [&str; 10] = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"];
        let mut checked = 0;
        for c in (0..=0x10FFFF).filter_map(char::from_u32).filter(|&c| is_decimal_digit(c)) {
            let zero = digit_zero(c).unwrap();
            let value = c as u32 - zero as u32;
            let Some(name) = unicode_names2::name(c).map(|n| n.to_string()) else {
                continue;
            };
            if let Some((_, word)) = name.rsplit_once(" DIGIT ") {
                assert_eq!(word, WORDS[value as usize], "{c:?} {name}");
                checked += 1;
            }
        }
        assert!(checked > 500, "{checked}");
    }
}
