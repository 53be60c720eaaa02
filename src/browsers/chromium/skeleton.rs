//! Chromium's skeletons of a host name (`skeleton_generator.cc`
//! `SkeletonGenerator::GetSkeletons`): diacritics removed from Latin,
//! Greek and Cyrillic names, every variant of the letters with two
//! skeletons, Chromium's extra confusables, then the UTS #39 skeleton.

use super::data;
use crate::browsers::props;
use crate::browsers::props::is_nonspacing_mark;
use std::collections::BTreeSet;
use std::sync::OnceLock;
use unicode_normalization::char::{canonical_combining_class, decompose_canonical};
use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};
use unicode_script::Script;

/// `kMaxHostnameLengthToComputeSupplementalHostnames` (UTF-16 code units):
/// a longer host gets no skeleton at all, as upstream.
pub const MAX_HOSTNAME_LENGTH: usize = 32;
/// `kMaxSupplementalHostnames`.
const MAX_SUPPLEMENTAL_HOSTNAMES: usize = 128;
/// `kMaxCharactersWithMultipleSkeletons`.
const MAX_CHARACTERS_WITH_MULTIPLE_SKELETONS: usize = 5;

/// The skeletons of `hostname` (`GetSkeletons`), sorted; empty for a host
/// longer than [`MAX_HOSTNAME_LENGTH`] or with more than five þ/œ/ł.
pub fn skeletons(hostname: &str) -> BTreeSet<String> {
    let without_diacritics = maybe_remove_diacritics(hostname);
    let mut variants = supplemental_hostnames(&without_diacritics);
    // ł loses its stroke to the diacritic remover; its own variants come from the input.
    if hostname.contains('ł') {
        variants.extend(supplemental_hostnames(hostname));
    }
    let mut out = BTreeSet::new();
    for variant in variants {
        let variant = variant.strip_suffix('.').unwrap_or(&variant);
        let mapped = extra_confusable_mapper(variant);
        if mapped.contains('\u{04CF}') {
            out.insert(uts39_skeleton(&mapped.replace('\u{04CF}', "l")));
        }
        out.insert(uts39_skeleton(&mapped));
    }
    out
}

/// `ShouldRemoveDiacriticsFromLabel`: every character is Latin, Greek or
/// Cyrillic (Script property), an ASCII digit, `.`, `_`, `-` or U+0300–U+0339.
pub fn is_lgc_letters_and_ascii(text: &str) -> bool {
    text.chars().all(|c| {
        matches!(props::script(c), Script::Latin | Script::Greek | Script::Cyrillic)
            || c.is_ascii_digit()
            || matches!(c, '.' | '_' | '-')
            || data::COMBINING_DIACRITICS_EXCEPTIONS.contains(&c)
    })
}

/// `MaybeRemoveDiacritics`: one trailing dot dropped; a Latin/Greek/Cyrillic
/// host goes through "DropAcc" (NFD, General_Category=Mn removed, NFC, ł ø đ mapped).
fn maybe_remove_diacritics(hostname: &str) -> String {
    let hostname = hostname.strip_suffix('.').unwrap_or(hostname);
    // ASCII has no mark, is its own NFD and NFC, and holds none of ł ø đ.
    if hostname.is_ascii() || !is_lgc_letters_and_ascii(hostname) {
        return hostname.to_string();
    }
    // Each character decomposed, marks dropped: when no mark is left, NFD's
    // reordering (of marks only) would not have changed what is left, and
    // where NFC's quick check says yes, NFC leaves it as it is.
    let mut bare = String::with_capacity(hostname.len());
    let mut only_starters = true;
    for c in hostname.chars() {
        decompose_canonical(c, |part| {
            if !is_nonspacing_mark(part) {
                only_starters &= canonical_combining_class(part) == 0;
                bare.push(part);
            }
        });
    }
    if only_starters && is_nfc_quick(bare.chars()) == IsNormalized::Yes {
        return bare.chars().map(diacritic_remover_extra).collect();
    }
    drop_accents(hostname)
}

/// "DropAcc" as written: NFD, General_Category=Mn removed, NFC, ł ø đ mapped.
fn drop_accents(text: &str) -> String {
    text.nfd()
        .filter(|&c| !is_nonspacing_mark(c))
        .nfc()
        .map(diacritic_remover_extra)
        .collect()
}

/// The diacritic remover's own mappings (ł ø đ), which NFD does not make.
fn diacritic_remover_extra(c: char) -> char {
    data::DIACRITIC_REMOVER_EXTRA
        .iter()
        .find(|(from, _)| *from == c)
        .map_or(c, |&(_, to)| to)
}

/// `GenerateSupplementalHostnames`: the input and every variant with each
/// þ, œ, ł replaced by one of its skeletons, in breadth-first order (the
/// first character most significant, the input's own character first),
/// at most 128.
fn supplemental_hostnames(input: &str) -> Vec<String> {
    let length = input.encode_utf16().count();
    if length == 0 || length > MAX_HOSTNAME_LENGTH {
        return Vec::new();
    }
    // None of þ œ ł is ASCII.
    if input.is_ascii() || !input.contains(|c| data::MULTIPLE_SKELETONS.iter().any(|(from, _)| *from == c)) {
        return vec![input.to_string()];
    }
    let choices: Vec<Vec<String>> = input
        .chars()
        .map(|c| {
            let mut options = vec![c.to_string()];
            if let Some((_, alternatives)) = data::MULTIPLE_SKELETONS.iter().find(|(from, _)| *from == c) {
                options.extend(alternatives.iter().map(|s| s.to_string()));
            }
            options
        })
        .collect();
    if choices.iter().filter(|options| options.len() > 1).count() > MAX_CHARACTERS_WITH_MULTIPLE_SKELETONS {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut picks = vec![0usize; choices.len()];
    loop {
        let variant: String = picks.iter().zip(&choices).map(|(&i, options)| options[i].as_str()).collect();
        if !out.contains(&variant) {
            out.push(variant);
        }
        if out.len() == MAX_SUPPLEMENTAL_HOSTNAMES {
            return out;
        }
        // The next combination: the last position moves fastest.
        let Some(position) = (0..picks.len()).rev().find(|&p| picks[p] + 1 < choices[p].len()) else {
            return out;
        };
        picks[position] += 1;
        picks[position + 1..].iter_mut().for_each(|p| *p = 0);
    }
}

/// The "ExtraConf" transliterator: Chromium's confusables beyond UTS #39.
fn extra_confusable_mapper(text: &str) -> String {
    // Sorted by character, for a binary search per character.
    static MAP: OnceLock<Vec<(char, &'static str)>> = OnceLock::new();
    let map = MAP.get_or_init(|| {
        let mut map: Vec<(char, &'static str)> = Vec::new();
        for (from, to) in data::EXTRA_CONFUSABLES {
            map.extend(from.chars().map(|c| (c, to)));
        }
        map.extend(data::EXTRA_CONFUSABLE_DASHES.chars().map(|c| (c, "-")));
        // A character has one target (a test checks), so the order among equals does not matter.
        map.sort_by_key(|&(c, _)| c);
        map
    });
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match map.binary_search_by_key(&c, |&(from, _)| from) {
            Ok(index) => out.push_str(map[index].1),
            Err(_) => out.push(c),
        }
    }
    out
}

/// `uspoof_getSkeletonUnicodeString`: UTS #39 §4 (NFD, default-ignorables
/// removed, confusables.txt prototypes, NFD).
pub fn uts39_skeleton(text: &str) -> String {
    props::skeleton(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each step on a name of our own: the extra confusables (a dash, a Han
    /// stroke, ӏ with its extra `l` variant) and the multiple skeletons of œ.
    #[test]
    fn skeletons_apply_each_step() {
        assert!(skeletons("pay—pal.com").contains("pay-pal.corn"), "— is a dash");
        assert!(skeletons("七op.net").contains("top.net"), "七 passes for t");
        assert!(skeletons("丫ahoo.jp").contains("yahoo.jp"), "丫 passes for y");
        assert!(skeletons("ӏogin.com").contains("login.corn"), "ӏ gets an l variant");
        let oeuvre = skeletons("œuvre.fr");
        assert!(oeuvre.contains("oeuvre.fr") && oeuvre.contains("ceuvre.fr"), "{oeuvre:?}");
    }

    /// The diacritic remover's shortcut gives what NFD, dropping marks and
    /// NFC give, on Latin, Greek and Cyrillic letters with and without marks.
    #[test]
    fn diacritic_remover_shortcut_equals_nfd_and_nfc() {
        let slow = |host: &str| -> String {
            let host = host.strip_suffix('.').unwrap_or(host);
            if !is_lgc_letters_and_ascii(host) {
                return host.to_string();
            }
            drop_accents(host)
        };
        let lgc: Vec<char> = (0..0x2000)
            .filter_map(char::from_u32)
            .filter(|&c| matches!(props::script(c), Script::Latin | Script::Greek | Script::Cyrillic))
            .collect();
        for (i, &c) in lgc.iter().enumerate() {
            let next = lgc[(i * 7 + 3) % lgc.len()];
            for host in [
                format!("{c}.com"),
                format!("a{c}{next}\u{0301}\u{0323}.de"),
                format!("{c}\u{0300}\u{0339}{next}."),
            ] {
                assert_eq!(maybe_remove_diacritics(&host), slow(&host), "{host:?}");
            }
        }
    }

    /// The ASCII shortcuts of the diacritic remover and the variants rest on this.
    #[test]
    fn no_special_letter_is_ascii() {
        assert!(data::DIACRITIC_REMOVER_EXTRA.iter().all(|(from, _)| !from.is_ascii()));
        assert!(data::MULTIPLE_SKELETONS.iter().all(|(from, _)| !from.is_ascii()));
        assert_eq!(maybe_remove_diacritics("Paypal.com."), "Paypal.com");
        assert_eq!(maybe_remove_diacritics("a!b.com"), "a!b.com");
    }

    #[test]
    fn extra_confusables_give_each_character_one_target() {
        // Upstream lists ੨ twice in the rule for 2: a repeat, not a second target.
        let mut all: Vec<(char, &str)> = data::EXTRA_CONFUSABLES
            .iter()
            .flat_map(|&(from, to)| from.chars().map(move |c| (c, to)))
            .collect();
        all.extend(data::EXTRA_CONFUSABLE_DASHES.chars().map(|c| (c, "-")));
        all.sort_unstable();
        all.dedup();
        assert!(
            all.windows(2).all(|pair| pair[0].0 != pair[1].0),
            "a character with two targets"
        );
        assert_eq!(extra_confusable_mapper("æ—ħ੨.x"), "ae-h2.x");
    }

    #[test]
    fn diacritics_go_only_from_latin_greek_cyrillic_names() {
        assert!(skeletons("googlé.com").contains("google.corn"));
        assert!(skeletons("tesł.net").contains("test.net"));
        // Han with a Latin accent keeps the accent: no diacritic removal.
        assert!(!skeletons("é中.com").iter().any(|s| s.starts_with("e中")));
    }

    #[test]
    fn long_or_crowded_hosts_get_no_skeleton() {
        let long = format!("{}.com", "a".repeat(29));
        assert!(skeletons(&long).is_empty(), "33 code units");
        assert!(!skeletons(&format!("{}.com", "a".repeat(28))).is_empty(), "32 code units");
        assert!(skeletons("þþþþþþ.com").is_empty(), "six characters with two skeletons");
        assert_eq!(supplemental_hostnames("þþþþþ.is").len(), 128, "3^5 variants, capped");
    }
}
