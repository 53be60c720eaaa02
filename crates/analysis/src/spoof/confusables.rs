//! Confusables (UTS #39 §4) from unicode-security's skeleton. Without
//! whole-script data (Unicode dropped it after 9.0), a character is a Latin
//! lookalike when its skeleton is ASCII letters and digits only.

use super::scripts::only_script;
use crate::chars;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use unicode_script::Script;

/// The UTS #39 §4 skeleton of `text`: NFD, default-ignorables removed, each
/// character replaced by its confusables.txt prototype, NFD again.
pub fn skeleton(text: &str) -> String {
    chars::skeleton::skeleton(text)
}

/// The skeleton with combining marks removed as well: `googlé` and `google`
/// agree. Chromium compares names with top domains this way ("after
/// removing diacritic marks"); a protected-name match on it is reported as such.
pub fn skeleton_without_marks(text: &str) -> String {
    let bare: String = text.nfd().filter(|&c| !is_combining_mark(c)).collect();
    without_marks(&skeleton(&bare))
}

/// [`skeleton`] and [`skeleton_without_marks`] of `text`. ASCII is its own
/// NFD and holds no mark, so for it the second is the first without marks.
pub fn skeleton_with_and_without_marks(text: &str) -> [String; 2] {
    let plain = skeleton(text);
    let bare = if crate::scan::is_ascii(text) {
        without_marks(&plain)
    } else {
        skeleton_without_marks(text)
    };
    [plain, bare]
}

fn without_marks(text: &str) -> String {
    text.chars().filter(|&c| !is_combining_mark(c)).collect()
}

/// True when `c` is not ASCII and its skeleton is only ASCII letters and
/// digits (e.g. Cyrillic `р` → `p`, Armenian `օ` → `o`).
pub(crate) fn is_latin_lookalike(c: char) -> bool {
    if c.is_ascii() {
        return false;
    }
    chars::skeleton::with_char_skeleton(c, |prototype| {
        !prototype.is_empty() && prototype.chars().all(|p| p.is_ascii_alphanumeric())
    })
}

/// A label of one non-Latin script whose every letter of that script is a
/// Latin lookalike (UTS #39 §4 whole-script confusable with Latin).
/// Returns the script and its letters; `None` otherwise.
pub(crate) fn whole_script_confusable(label: &str) -> Option<(Script, Vec<char>)> {
    let script = only_script(label)?;
    if script == Script::Latin {
        return None;
    }
    let letters = label.chars().filter(|&c| chars::scripts::script(c) == script);
    // Most labels have a letter that is no lookalike: the letters are gathered only for a finding.
    letters.clone().all(is_latin_lookalike).then(|| (script, letters.collect()))
}

/// A mixed-script label (empty resolved script set, UTS #39 §5.1) whose
/// skeleton is a single-script string: it is confusable with a string of
/// one script (UTS #39 §4 mixed-script confusable), e.g. `gօօgle` with
/// Armenian `օ` → `google`. Returns the skeleton's script set and the
/// characters from outside it. `single_script`: whether the label is
/// single-script ([`super::scripts::is_single_script`]).
pub(crate) fn mixed_script_confusable(label: &str, single_script: bool) -> Option<(String, Vec<char>)> {
    if single_script {
        return None;
    }
    let skeleton = skeleton(label);
    let target = chars::scripts::resolved_script_set(&skeleton);
    if target.is_empty() || target.is_all() {
        return None;
    }
    // The characters from outside the skeleton's script: the ones doing the imitation.
    let foreign: Vec<char> = label
        .chars()
        .filter(|&c| {
            let mut shared = chars::scripts::augmented_script_set_and_latin(c).0;
            shared.intersect_with(target);
            shared.is_empty()
        })
        .collect();
    Some((target.to_string(), foreign))
}

fn skeleton_of_char(c: char) -> String {
    skeleton(c.encode_utf8(&mut [0; 4]))
}

/// The ten skeletons of the ASCII digits.
fn digit_skeletons() -> &'static [String; 10] {
    static SKELETONS: std::sync::OnceLock<[String; 10]> = std::sync::OnceLock::new();
    SKELETONS.get_or_init(|| std::array::from_fn(|d| skeleton_of_char(char::from(b'0' + d as u8))))
}

/// True when `c` is not ASCII but its skeleton is the skeleton of an ASCII
/// digit (confusables.txt, e.g. `Ꮞ` for 4, Bengali `৪` for 8). ASCII letters
/// are left out: `l` and `O` are confusable with `1` and `0`, but a label of
/// ASCII letters shows as itself and is judged by eye.
pub(crate) fn is_digit_lookalike(c: char) -> bool {
    !c.is_ascii() && chars::skeleton::with_char_skeleton(c, |prototype| digit_skeletons().iter().any(|d| d == prototype))
}

/// An ASCII digit or a digit lookalike ([`is_digit_lookalike`]).
pub(crate) fn is_digit_like(c: char) -> bool {
    c.is_ascii_digit() || is_digit_lookalike(c)
}

/// A label made only of ASCII digits and digit lookalikes, with at least one
/// lookalike: it passes for a number. Returns the lookalikes.
pub(crate) fn digit_lookalikes(label: &str) -> Option<Vec<char>> {
    if !label.chars().all(is_digit_like) {
        return None;
    }
    let lookalikes: Vec<char> = label.chars().filter(|&c| !c.is_ascii_digit()).collect();
    (!lookalikes.is_empty()).then_some(lookalikes)
}
