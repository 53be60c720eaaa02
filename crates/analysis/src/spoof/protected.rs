//! The user's protected names (their brands, bank, own domains) and the
//! look-alike test against them: same UTS #39 §4 skeleton, different name.

use super::confusables::{skeleton, skeleton_with_and_without_marks, skeleton_without_marks};
use crate::browsers::chromium::TopDomains;
use crate::uts46::{Options, Uts46};
use serde::Serialize;

/// One protected name in the forms the comparison needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtectedName {
    /// As the user wrote it.
    pub name: String,
    /// ToASCII (nontransitional): the host it really is.
    pub ascii: String,
    /// ToUnicode: the form its skeleton is taken from.
    pub unicode: String,
    skeleton: String,
    bare_skeleton: String,
}

/// A name that looks like a protected one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lookalike {
    /// The protected name imitated, as the user wrote it.
    pub protected: String,
    /// The form of the checked name that matched (as written, or after UTS #46 processing).
    pub matched: String,
    /// The characters that differ: (in the checked name, in the protected name); `None` on the
    /// right where the two do not line up character by character.
    pub differing: Vec<(char, Option<char>)>,
    /// True when the match needed the combining marks removed (`googlé` for `google`).
    pub ignoring_marks: bool,
}

/// The list of protected names, with Chromium's top domains extended by
/// them (what its top-domain similarity step compares with).
#[derive(Clone, Debug, Default)]
pub struct ProtectedList {
    names: Vec<ProtectedName>,
    top_domains: TopDomains,
}

impl PartialEq for ProtectedList {
    fn eq(&self, other: &Self) -> bool {
        self.names == other.names
    }
}

impl Eq for ProtectedList {}

impl ProtectedList {
    /// Builds the list from names in any form (Unicode or A-labels); empty strings are skipped.
    pub fn new<'a>(engine: &Uts46<'_>, names: impl IntoIterator<Item = &'a str>) -> Self {
        let names: Vec<&str> = names.into_iter().map(str::trim).filter(|name| !name.is_empty()).collect();
        let top_domains = TopDomains::with_protected(engine, names.iter().copied());
        ProtectedList {
            top_domains,
            ..Self::compared_only(engine, names)
        }
    }

    /// [`ProtectedList::new`] without adding the names to Chromium's top
    /// domains: the look-alike finding compares with them, while Chromium's
    /// verdict stays the one a user's unconfigured Chromium gives (the
    /// look-alike audit, `crate::lookalikes`).
    pub fn compared_only<'a>(engine: &Uts46<'_>, names: impl IntoIterator<Item = &'a str>) -> Self {
        let names = names
            .into_iter()
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(|name| {
                let results = engine.process(name, &Options::default());
                let unicode = results.to_unicode.value;
                ProtectedName {
                    name: name.to_string(),
                    ascii: results.to_ascii_n.value,
                    skeleton: skeleton(&unicode),
                    bare_skeleton: skeleton_without_marks(&unicode),
                    unicode,
                }
            })
            .collect();
        ProtectedList {
            names,
            top_domains: TopDomains::default(),
        }
    }

    /// Chromium's top domains with these names added.
    pub fn top_domains(&self) -> &TopDomains {
        &self.top_domains
    }

    /// Parses a text file: one name per line; blank lines and lines starting with `#` are skipped.
    pub fn parse(engine: &Uts46<'_>, text: &str) -> Self {
        let lines = text.lines().map(str::trim).filter(|line| !line.starts_with('#'));
        Self::new(engine, lines)
    }

    /// The protected names, in the order given.
    pub fn names(&self) -> &[ProtectedName] {
        &self.names
    }

    /// Whether the list has no name.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The first protected name that `forms` (the checked name as written and
    /// after processing) imitates: a form's skeleton equals the protected
    /// name's skeleton — or ends with `.` and it, for a subdomain — while the
    /// checked name's ToASCII `ascii` is neither that name nor a subdomain of it.
    pub fn lookalike(&self, forms: &[&str], ascii: &str) -> Option<Lookalike> {
        if self.names.is_empty() {
            return None;
        }
        let ascii = ascii.to_ascii_lowercase();
        // Each form's skeletons, with and without marks: taken once, compared with every
        // name. A form equal to an earlier one would match only where that one did.
        let mut distinct: Vec<&str> = Vec::with_capacity(forms.len());
        for &form in forms {
            if !distinct.contains(&form) {
                distinct.push(form);
            }
        }
        let skeletons: Vec<[String; 2]> = distinct.iter().map(|form| skeleton_with_and_without_marks(form)).collect();
        for protected in &self.names {
            if is_at_or_under(&ascii, &protected.ascii) {
                continue;
            }
            for (&form, [plain, bare]) in distinct.iter().zip(&skeletons) {
                for (ignoring_marks, checked, target) in
                    [(false, plain, &protected.skeleton), (true, bare, &protected.bare_skeleton)]
                {
                    if is_at_or_under(checked, target) {
                        return Some(Lookalike {
                            protected: protected.name.clone(),
                            matched: form.to_string(),
                            differing: differing(form, &protected.unicode),
                            ignoring_marks,
                        });
                    }
                }
            }
        }
        None
    }
}

/// `name` is `domain` or ends with `.` and `domain` (a subdomain of it).
fn is_at_or_under(name: &str, domain: &str) -> bool {
    name.strip_suffix(domain)
        .is_some_and(|rest| rest.is_empty() || rest.ends_with('.'))
}

/// The characters of `form`'s last labels (as many as `protected` has) that
/// differ from `protected`'s, paired position by position when the lengths agree.
fn differing(form: &str, protected: &str) -> Vec<(char, Option<char>)> {
    let label_count = protected.split('.').count();
    let labels: Vec<&str> = form.split('.').collect();
    let tail = labels[labels.len().saturating_sub(label_count)..].join(".");
    let (mine, theirs): (Vec<char>, Vec<char>) = (tail.chars().collect(), protected.chars().collect());
    let pairs: Vec<(char, Option<char>)> = if mine.len() == theirs.len() {
        mine.into_iter()
            .zip(theirs)
            .filter(|(a, b)| a != b)
            .map(|(a, b)| (a, Some(b)))
            .collect()
    } else {
        mine.into_iter().filter(|c| !theirs.contains(c)).map(|c| (c, None)).collect()
    };
    crate::display::unique(pairs)
}
