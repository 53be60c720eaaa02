//! The parsed LGR (RFC 7940 §4–§7): metadata, repertoire with variants,
//! compiled rules and actions.

use super::classes::CpSet;
use super::matcher::Node;
use std::collections::HashMap;

/// A set of variant types (bit `i` = interned type `i`; bit 127 = a variant without `type`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct TypeSet(pub u128);

pub(crate) const NO_TYPE: u8 = 127;

impl TypeSet {
    pub(crate) fn with(self, t: u8) -> TypeSet {
        TypeSet(self.0 | 1 << t)
    }
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A `when` / `not-when` pair (rule indices). lgr-core reads `when` first and
/// ignores `not-when` when both are given.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct Context {
    pub when: Option<u32>,
    pub not_when: Option<u32>,
}

impl Context {
    pub(crate) fn is_none(&self) -> bool {
        self.when.is_none() && self.not_when.is_none()
    }
}

#[derive(Clone, Debug)]
pub(crate) struct VariantDef {
    pub cps: Box<[u32]>,
    pub ty: u8,
    pub ctx: Context,
}

#[derive(Clone, Debug)]
pub(crate) struct CharDef {
    pub cps: Box<[u32]>,
    pub ctx: Context,
    /// Sorted by code points; document order among equal code points.
    pub variants: Vec<VariantDef>,
    /// Source line of the `char` or `range` element.
    pub line: u32,
}

impl CharDef {
    pub(crate) fn reflexive(&self) -> impl Iterator<Item = &VariantDef> {
        self.variants.iter().filter(move |v| v.cps == self.cps)
    }
}

#[derive(Clone, Debug)]
pub(crate) struct RuleDef {
    pub name: Option<String>,
    pub nodes: Vec<Node>,
}

/// Which variant-type condition an action has (§7.2; `any-variant` wins over
/// `all-variants`, which wins over `only-variants`, as in lgr-core).
#[derive(Clone, Copy, Debug)]
pub(crate) enum VariantCond {
    None,
    Any(TypeSet),
    All(TypeSet),
    Only(TypeSet),
}

#[derive(Clone, Debug)]
pub(crate) struct ActionDef {
    /// `None` when the attribute is missing: lgr-core never triggers such an action.
    pub disp: Option<String>,
    pub match_rule: Option<u32>,
    pub not_match_rule: Option<u32>,
    pub cond: VariantCond,
    pub comment: Option<String>,
    /// The XML attributes as written, for display.
    pub source: String,
}

/// The `meta` element (§4.3).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// `version`.
    pub version: Option<String>,
    /// `date`.
    pub date: Option<String>,
    /// Every `language`.
    pub languages: Vec<String>,
    /// Every `scope`.
    pub scopes: Vec<String>,
    /// `unicode-version`: informative here; like lgr-core, the engine uses its own Unicode data.
    pub unicode_version: Option<String>,
    /// `validity-start`.
    pub validity_start: Option<String>,
    /// `validity-end`.
    pub validity_end: Option<String>,
}

#[derive(Debug, Default)]
pub(crate) struct Model {
    pub meta: Meta,
    pub chars: Vec<CharDef>,
    /// First code point → chars starting with it, longest first (stable).
    pub by_first: HashMap<u32, Vec<u32>, ahash::RandomState>,
    pub rules: Vec<RuleDef>,
    pub rule_names: HashMap<String, u32>,
    pub classes: Vec<CpSet>,
    /// Display name of each class slot.
    pub class_names: Vec<String>,
    pub actions: Vec<ActionDef>,
    pub types: Vec<String>,
}

impl Model {
    /// Chars whose first code point is `cp`, longest first.
    #[inline]
    pub(crate) fn starting_with(&self, cp: u32) -> Option<&[u32]> {
        self.by_first.get(&cp).map(|v| v.as_slice())
    }
}
