//! Decimal digits (General_Category=Nd) and their numbering systems,
//! named by their zeros; UTS #39 §5.3 mixed numbers.

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

/// The numbering systems of a text read so far, for UTS #39 §5.3 as ICU
/// implements it (`getNumerics`, `USPOOF_MIXED_NUMBERS`: more than one
/// [`digit_zero`] among the General_Category=Nd characters). Callers that
/// stop at the first offending character feed it one character at a time.
#[derive(Clone, Copy, Debug, Default)]
pub struct NumberingSystems {
    first_zero: Option<char>,
}

impl NumberingSystems {
    /// False when `c` is a decimal digit of another numbering system than
    /// the first digit read: the text mixes numbers.
    #[inline]
    pub fn admits(&mut self, c: char) -> bool {
        let Some(zero) = digit_zero(c) else { return true };
        *self.first_zero.get_or_insert(zero) == zero
    }
}

/// UTS #39 §5.3: the decimal digits of `text` come from more than one
/// numbering system (`1` with Bengali `২`; `٠` with `۰`), by [`NumberingSystems`].
pub fn mixed_numbers(text: &str) -> bool {
    let mut systems = NumberingSystems::default();
    !text.chars().all(|c| systems.admits(c))
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
    fn mixed_numbers_needs_two_zeros() {
        assert!(mixed_numbers("\u{0660}1"));
        assert!(mixed_numbers("\u{0660}\u{06F0}"));
        assert!(mixed_numbers("a1b\u{09E8}"));
        assert!(!mixed_numbers("\u{0661}\u{0662}"));
        assert!(!mixed_numbers("\u{00B2}1"), "superscripts are not Nd");
        assert!(!mixed_numbers("") && !mixed_numbers("abc") && !mixed_numbers("12"));
        let mut systems = NumberingSystems::default();
        let admitted: Vec<bool> = "a1\u{0661}2".chars().map(|c| systems.admits(c)).collect();
        assert_eq!(admitted, [true, true, false, true]);
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
