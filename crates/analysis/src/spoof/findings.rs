//! What the spoof check can find: the kinds, their severities, short codes
//! (the batch `findings` column) and the spec each one comes from.

use serde::Serialize;

/// How much a finding matters to someone deciding whether a link is a fake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; not suspicious on its own (e.g. a right-to-left label).
    Info,
    /// Unusual; a browser may show Punycode, but it is not a typical attack.
    Warning,
    /// A known homograph technique: the name imitates another.
    Danger,
}

impl Severity {
    /// The severity's name, as serialized: `info`, `warning`, `danger`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Danger => "danger",
        }
    }
}

/// The kinds of finding, numbered for a compact [`FindingSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum FindingKind {
    /// The label mixes scripts beyond a single (logical) script (UTS #39 §5.1, §5.2).
    MixedScript,
    /// A character outside the General Security Profile: Identifier_Status=Restricted (UTS #39 §3.1).
    RestrictedCharacter,
    /// Every letter of a non-Latin label has a Latin lookalike (UTS #39 §4 whole-script confusable).
    WholeScriptConfusable,
    /// A mixed-script label whose skeleton is a single-script string (UTS #39 §4 mixed-script confusable).
    MixedScriptConfusable,
    /// The name's skeleton equals a protected name's skeleton, but it is a different name (UTS #39 §4).
    LooksLikeProtected,
    /// Default-ignorable, bidi control or joiner characters, including those the mapping removes (UTS #39 §3.1, UAX #9).
    Invisible,
    /// A deviation character: transitional and nontransitional processing give different names (UTS #46 §1.3.2).
    Deviation,
    /// The label is only digits and characters that look like digits (UTS #39 §4 confusables).
    DigitLookalike,
    /// Decimal digits from more than one numbering system (UTS #39 §5.3).
    MixedNumbers,
    /// The same combining mark repeated, or more than four marks stacked (UTS #39 §5.4).
    CombiningMarks,
    /// Dotless i or j, or i/j/l, carrying a combining mark that gives it a new dot (UTS #39 §5.4).
    DotlessWithMark,
    /// U+00B7 MIDDLE DOT outside the Catalan l·l (RFC 5892 Appendix A.3).
    MiddleDot,
    /// Kana or CJK characters that look like `/` or `-` next to non-Japanese text.
    SlashLookalike,
    /// The name contains right-to-left text: its display order differs from its logical order (UAX #9).
    RightToLeft,
}

impl FindingKind {
    /// Every kind, in bit order.
    pub const ALL: [FindingKind; 14] = [
        FindingKind::MixedScript,
        FindingKind::RestrictedCharacter,
        FindingKind::WholeScriptConfusable,
        FindingKind::MixedScriptConfusable,
        FindingKind::LooksLikeProtected,
        FindingKind::Invisible,
        FindingKind::Deviation,
        FindingKind::DigitLookalike,
        FindingKind::MixedNumbers,
        FindingKind::CombiningMarks,
        FindingKind::DotlessWithMark,
        FindingKind::MiddleDot,
        FindingKind::SlashLookalike,
        FindingKind::RightToLeft,
    ];

    /// The short code written in the batch `findings` column.
    pub fn code(self) -> &'static str {
        match self {
            FindingKind::MixedScript => "mixed-script",
            FindingKind::RestrictedCharacter => "restricted",
            FindingKind::WholeScriptConfusable => "whole-script-confusable",
            FindingKind::MixedScriptConfusable => "mixed-script-confusable",
            FindingKind::LooksLikeProtected => "looks-like-protected",
            FindingKind::Invisible => "invisible",
            FindingKind::Deviation => "deviation",
            FindingKind::DigitLookalike => "digit-lookalike",
            FindingKind::MixedNumbers => "mixed-numbers",
            FindingKind::CombiningMarks => "combining-marks",
            FindingKind::DotlessWithMark => "dotless-with-mark",
            FindingKind::MiddleDot => "middle-dot",
            FindingKind::SlashLookalike => "slash-lookalike",
            FindingKind::RightToLeft => "right-to-left",
        }
    }

    /// A title for lists and headings.
    pub fn title(self) -> &'static str {
        match self {
            FindingKind::MixedScript => "Mixed scripts",
            FindingKind::RestrictedCharacter => "Restricted characters",
            FindingKind::WholeScriptConfusable => "Whole-script confusable",
            FindingKind::MixedScriptConfusable => "Mixed-script confusable",
            FindingKind::LooksLikeProtected => "Looks like a protected name",
            FindingKind::Invisible => "Invisible characters",
            FindingKind::Deviation => "Deviation characters",
            FindingKind::DigitLookalike => "Digit lookalikes",
            FindingKind::MixedNumbers => "Mixed numbering systems",
            FindingKind::CombiningMarks => "Repeated or stacked combining marks",
            FindingKind::DotlessWithMark => "Dotless i/j with a mark",
            FindingKind::MiddleDot => "Middle dot out of context",
            FindingKind::SlashLookalike => "Slash or dash lookalike",
            FindingKind::RightToLeft => "Right-to-left text",
        }
    }

    /// The specification section the finding is defined in.
    pub fn spec(self) -> &'static str {
        match self {
            FindingKind::MixedScript => "UTS #39 §5.1 (mixed-script detection), §5.2 (restriction levels)",
            FindingKind::RestrictedCharacter => "UTS #39 §3.1 (General Security Profile, Identifier_Status)",
            FindingKind::WholeScriptConfusable => "UTS #39 §4 (whole-script confusables)",
            FindingKind::MixedScriptConfusable => "UTS #39 §4 (mixed-script confusables)",
            FindingKind::LooksLikeProtected => "UTS #39 §4 (skeleton, confusable strings)",
            FindingKind::Invisible => "UTS #39 §3.1 (Default_Ignorable), RFC 5892 A.1/A.2, UAX #9 (bidi controls)",
            FindingKind::Deviation => "UTS #46 §1.3.2 (deviations)",
            FindingKind::DigitLookalike => "UTS #39 §4 (confusables with digits)",
            FindingKind::MixedNumbers => "UTS #39 §5.3 (mixed-number detection)",
            FindingKind::CombiningMarks => "UTS #39 §5.4 (optional detection: nonspacing marks)",
            FindingKind::DotlessWithMark => "UTS #39 §5.4 (optional detection: dotless i/j with marks)",
            FindingKind::MiddleDot => "RFC 5892 Appendix A.3 (MIDDLE DOT)",
            FindingKind::SlashLookalike => "UTS #39 §4 (confusables); Chromium IDN policy (dangerous patterns)",
            FindingKind::RightToLeft => "UAX #9 (Unicode Bidirectional Algorithm), RFC 5893",
        }
    }

    fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// One finding: what, how bad, which characters, and why in plain words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// What was found.
    pub kind: FindingKind,
    /// How much it matters.
    pub severity: Severity,
    /// The characters involved, in order of first appearance, without repeats.
    pub chars: Vec<char>,
    /// A sentence for a non-specialist.
    pub message: String,
}

impl Finding {
    pub(crate) fn new(kind: FindingKind, severity: Severity, chars: impl IntoIterator<Item = char>, message: String) -> Self {
        Finding {
            kind,
            severity,
            chars: crate::display::unique(chars),
            message,
        }
    }

    /// [`Finding::new`] with the characters and message from `details`,
    /// made only for a report that is shown (`detailed`); otherwise both are
    /// left empty, as the batch's summary reads only kinds and severities.
    pub(crate) fn with_details<I: IntoIterator<Item = char>>(
        detailed: bool,
        kind: FindingKind,
        severity: Severity,
        details: impl FnOnce() -> (I, String),
    ) -> Self {
        if !detailed {
            return Finding {
                kind,
                severity,
                chars: Vec::new(),
                message: String::new(),
            };
        }
        let (chars, message) = details();
        Finding::new(kind, severity, chars, message)
    }
}

/// A set of [`FindingKind`]s in one `u32` (a batch record stores this).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FindingSet(u32);

impl FindingSet {
    /// Adds `kind` to the set.
    pub fn insert(&mut self, kind: FindingKind) {
        self.0 |= kind.bit();
    }

    /// Whether `kind` is in the set.
    pub fn contains(self, kind: FindingKind) -> bool {
        self.0 & kind.bit() != 0
    }

    /// Whether the set has no kind.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds, in [`FindingKind::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = FindingKind> {
        FindingKind::ALL.into_iter().filter(move |&kind| self.contains(kind))
    }

    /// The codes joined with spaces (the batch `findings` cell), e.g. `whole-script-confusable deviation`.
    pub fn codes(self) -> String {
        self.iter().map(FindingKind::code).collect::<Vec<_>>().join(" ")
    }
}

impl FromIterator<FindingKind> for FindingSet {
    fn from_iter<I: IntoIterator<Item = FindingKind>>(kinds: I) -> Self {
        let mut set = FindingSet::default();
        for kind in kinds {
            set.insert(kind);
        }
        set
    }
}
