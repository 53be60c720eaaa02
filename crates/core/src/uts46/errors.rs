//! Error codes as `IdnaTestV2.txt` names them, with a sentence and a spec
//! reference for each.

use serde::{Serialize, Serializer};
use std::fmt;

/// A UTS #46 error code, named exactly as in `IdnaTestV2.txt` ("Pn for
/// Section 4 Processing step n, Vn for 4.1 Validity Criteria step n, U1 for
/// UseSTD3ASCIIRules, An for 4.2 ToASCII step n, Bn for Bidi, Cn for ContextJ,
/// Xn for toUnicode issues").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ErrorCode {
    /// P1: a disallowed character met while mapping; recorded only with tables of Unicode 15.0 and earlier (UTS #46 §4 step 1).
    P1,
    /// P4: an `xn--` label is non-ASCII, not valid Punycode, or decodes to nothing or to ASCII (UTS #46 §4 step 4.1; RFC 3492 §6.2).
    P4,
    /// V1: the label is not in NFC; only a label decoded from Punycode can fail it (UTS #46 §4.1 criterion 1).
    V1,
    /// V2: the label has U+002D HYPHEN-MINUS in both the 3rd and 4th positions (UTS #46 §4.1 criterion 2, CheckHyphens).
    V2,
    /// V3: the label begins or ends with U+002D HYPHEN-MINUS (UTS #46 §4.1 criterion 3, CheckHyphens).
    V3,
    /// V4: a label decoded from Punycode itself begins with `xn--` (UTS #46 §4.1 criterion 4).
    V4,
    /// V5: the label contains U+002E FULL STOP; only a label decoded from Punycode can (UTS #46 §4.1 criterion 5).
    V5,
    /// V6: the label begins with a combining mark, General_Category M (UTS #46 §4.1 criterion 6).
    V6,
    /// V7: a code point's mapping-table status is disallowed, or deviation under transitional processing (UTS #46 §4.1 criterion 7; §5).
    V7,
    /// U1: UseSTD3ASCIIRules: an ASCII code point other than a–z, 0–9 and U+002D (UTS #46 §4.1 criterion 7; RFC 1123).
    U1,
    /// A3: the label could not be converted to Punycode (UTS #46 §4.2 step 3; RFC 3492 §6.3).
    A3,
    /// A4_1: the name without a trailing dot is empty or longer than 253 characters (UTS #46 §4.2 step 4, VerifyDnsLength).
    A4_1,
    /// A4_2: a label is empty or longer than 63 characters after conversion to ASCII (UTS #46 §4.2 step 4, VerifyDnsLength).
    A4_2,
    /// B1: in a bidi domain name the label does not start with a character of Bidi_Class L, R or AL (RFC 5893 §2 rule 1).
    B1,
    /// B2: an RTL label contains a Bidi_Class other than R, AL, AN, EN, ES, CS, ET, ON, BN, NSM (RFC 5893 §2 rule 2).
    B2,
    /// B3: an RTL label does not end with R, AL, EN or AN, then optional NSM (RFC 5893 §2 rule 3).
    B3,
    /// B4: an RTL label mixes EN and AN digits (RFC 5893 §2 rule 4).
    B4,
    /// B5: an LTR label in a bidi domain name has a Bidi_Class other than L, EN, ES, CS, ET, ON, BN, NSM (RFC 5893 §2 rule 5).
    B5,
    /// B6: an LTR label does not end with L or EN, then optional NSM (RFC 5893 §2 rule 6).
    B6,
    /// C1: U+200C ZERO WIDTH NON-JOINER is neither after a virama nor between joining characters (RFC 5892 A.1, CheckJoiners).
    C1,
    /// C2: U+200D ZERO WIDTH JOINER does not follow a virama (RFC 5892 Appendix A.2, CheckJoiners).
    C2,
    /// Not in `IdnaTestV2.txt`: the optional CONTEXTO check (RFC 5892 A.3–A.9), off by default.
    ContextO,
    /// X4_2: ToUnicode found an empty label (two dots in a row, or a leading dot); `IdnaTestV2.txt` compatibility error.
    X4_2,
}

impl ErrorCode {
    /// Every code, in the order above.
    pub const ALL: [ErrorCode; 23] = [
        ErrorCode::P1,
        ErrorCode::P4,
        ErrorCode::V1,
        ErrorCode::V2,
        ErrorCode::V3,
        ErrorCode::V4,
        ErrorCode::V5,
        ErrorCode::V6,
        ErrorCode::V7,
        ErrorCode::U1,
        ErrorCode::A3,
        ErrorCode::A4_1,
        ErrorCode::A4_2,
        ErrorCode::B1,
        ErrorCode::B2,
        ErrorCode::B3,
        ErrorCode::B4,
        ErrorCode::B5,
        ErrorCode::B6,
        ErrorCode::C1,
        ErrorCode::C2,
        ErrorCode::ContextO,
        ErrorCode::X4_2,
    ];

    /// The code as `IdnaTestV2.txt` writes it, e.g. `"A4_2"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::P1 => "P1",
            ErrorCode::P4 => "P4",
            ErrorCode::V1 => "V1",
            ErrorCode::V2 => "V2",
            ErrorCode::V3 => "V3",
            ErrorCode::V4 => "V4",
            ErrorCode::V5 => "V5",
            ErrorCode::V6 => "V6",
            ErrorCode::V7 => "V7",
            ErrorCode::U1 => "U1",
            ErrorCode::A3 => "A3",
            ErrorCode::A4_1 => "A4_1",
            ErrorCode::A4_2 => "A4_2",
            ErrorCode::B1 => "B1",
            ErrorCode::B2 => "B2",
            ErrorCode::B3 => "B3",
            ErrorCode::B4 => "B4",
            ErrorCode::B5 => "B5",
            ErrorCode::B6 => "B6",
            ErrorCode::C1 => "C1",
            ErrorCode::C2 => "C2",
            ErrorCode::ContextO => "CONTEXTO",
            ErrorCode::X4_2 => "X4_2",
        }
    }

    /// True when processing under `options` records this code: U1 needs
    /// UseSTD3ASCIIRules, V2 and V3 CheckHyphens, B1–B6 CheckBidi, C1 and C2
    /// CheckJoiners, A4_1 and A4_2 VerifyDnsLength, CONTEXTO CheckContextO;
    /// every other code is recorded under any flags (UTS #46 §4, §4.1, §4.2).
    /// The one place that ties a flag to its errors: a result made with
    /// every check on, its errors kept where this is true, is the result
    /// under `options` ([`crate::uts46::Results::viewed`]).
    pub fn recorded_under(self, options: &super::Options) -> bool {
        match self {
            ErrorCode::U1 => options.use_std3_ascii_rules,
            ErrorCode::V2 | ErrorCode::V3 => options.check_hyphens,
            ErrorCode::B1 | ErrorCode::B2 | ErrorCode::B3 | ErrorCode::B4 | ErrorCode::B5 | ErrorCode::B6 => options.check_bidi,
            ErrorCode::C1 | ErrorCode::C2 => options.check_joiners,
            ErrorCode::A4_1 | ErrorCode::A4_2 => options.verify_dns_length,
            ErrorCode::ContextO => options.check_contexto,
            ErrorCode::P1
            | ErrorCode::P4
            | ErrorCode::V1
            | ErrorCode::V4
            | ErrorCode::V5
            | ErrorCode::V6
            | ErrorCode::V7
            | ErrorCode::A3
            | ErrorCode::X4_2 => true,
        }
    }

    /// Parses a code as `IdnaTestV2.txt` writes it.
    pub fn parse(text: &str) -> Option<ErrorCode> {
        ErrorCode::ALL.into_iter().find(|code| code.as_str() == text)
    }

    /// A plain-language sentence saying what the rule requires.
    pub fn explanation(self) -> &'static str {
        match self {
            ErrorCode::P1 => "A disallowed character was found while mapping (tables of Unicode 15.0 and earlier only).",
            ErrorCode::P4 => {
                "A label starting with xn-- is not valid Punycode, contains non-ASCII characters, or decodes to nothing or to plain ASCII."
            }
            ErrorCode::V1 => {
                "The label is not in Unicode Normalization Form C (only possible for a label decoded from Punycode)."
            }
            ErrorCode::V2 => {
                "The label has hyphens in both the 3rd and 4th positions, which is reserved for ACE prefixes like xn--."
            }
            ErrorCode::V3 => "The label begins or ends with a hyphen.",
            ErrorCode::V4 => "A label decoded from Punycode begins with xn-- itself (double encoding).",
            ErrorCode::V5 => "The label contains a full stop (only possible for a label decoded from Punycode).",
            ErrorCode::V6 => "The label begins with a combining mark (General_Category Mark), which has nothing to attach to.",
            ErrorCode::V7 => {
                "The label contains a character the mapping table does not allow here: disallowed, or a deviation under transitional processing."
            }
            ErrorCode::U1 => {
                "UseSTD3ASCIIRules: the label contains an ASCII character other than a-z, 0-9 and hyphen (for example a space, _ or $)."
            }
            ErrorCode::A3 => "Converting the label to Punycode failed.",
            ErrorCode::A4_1 => "The whole domain name, without a trailing dot, is empty or longer than 253 characters.",
            ErrorCode::A4_2 => "A label is empty or longer than 63 characters once converted to ASCII.",
            ErrorCode::B1 => {
                "Bidi rule 1: in a domain name with right-to-left text, each label must start with a letter of type L, R or AL."
            }
            ErrorCode::B2 => {
                "Bidi rule 2: a right-to-left label may only contain characters of types R, AL, AN, EN, ES, CS, ET, ON, BN and NSM."
            }
            ErrorCode::B3 => {
                "Bidi rule 3: a right-to-left label must end with a character of type R, AL, EN or AN (then optional NSM)."
            }
            ErrorCode::B4 => "Bidi rule 4: a right-to-left label must not mix European digits (EN) and Arabic-Indic digits (AN).",
            ErrorCode::B5 => {
                "Bidi rule 5: a left-to-right label in a bidi domain name may only contain characters of types L, EN, ES, CS, ET, ON, BN and NSM."
            }
            ErrorCode::B6 => "Bidi rule 6: a left-to-right label must end with a character of type L or EN (then optional NSM).",
            ErrorCode::C1 => {
                "ContextJ: ZERO WIDTH NON-JOINER must follow a virama, or sit between a left-joining and a right-joining character."
            }
            ErrorCode::C2 => "ContextJ: ZERO WIDTH JOINER must follow a virama.",
            ErrorCode::ContextO => {
                "ContextO (optional check): a middle dot, Greek keraia, Hebrew geresh or gershayim, Katakana middle dot or Arabic-Indic digit is out of the context IDNA2008 allows it in."
            }
            ErrorCode::X4_2 => "The domain name has an empty label (two dots in a row, or a leading dot).",
        }
    }

    /// The rule as a short requirement, for checklists: e.g. V3 "no hyphen at the start or end".
    pub fn rule(self) -> &'static str {
        match self {
            ErrorCode::P1 => "no disallowed character while mapping",
            ErrorCode::P4 => "an xn-- label is ASCII, valid Punycode, and decodes to non-ASCII text",
            ErrorCode::V1 => "the label is in NFC",
            ErrorCode::V2 => "no hyphens in both the 3rd and 4th positions",
            ErrorCode::V3 => "no hyphen at the start or end",
            ErrorCode::V4 => "does not begin with xn--",
            ErrorCode::V5 => "no full stop in the label",
            ErrorCode::V6 => "does not begin with a combining mark",
            ErrorCode::V7 => "every character's table status is allowed",
            ErrorCode::U1 => "ASCII characters are only a-z, 0-9 and hyphen",
            ErrorCode::A3 => "the label converts to Punycode",
            ErrorCode::A4_1 => "the name is 1 to 253 characters long",
            ErrorCode::A4_2 => "each label is 1 to 63 characters long",
            ErrorCode::B1 => "Bidi 1: starts with a character of class L, R or AL",
            ErrorCode::B2 => "Bidi 2: RTL label has only R, AL, AN, EN, ES, CS, ET, ON, BN, NSM",
            ErrorCode::B3 => "Bidi 3: RTL label ends with R, AL, EN or AN (then NSM)",
            ErrorCode::B4 => "Bidi 4: RTL label does not mix EN and AN digits",
            ErrorCode::B5 => "Bidi 5: LTR label has only L, EN, ES, CS, ET, ON, BN, NSM",
            ErrorCode::B6 => "Bidi 6: LTR label ends with L or EN (then NSM)",
            ErrorCode::C1 => "ContextJ A.1: ZWNJ after a virama or between joining letters",
            ErrorCode::C2 => "ContextJ A.2: ZWJ after a virama",
            ErrorCode::ContextO => "ContextO A.3–A.9: context characters in their context",
            ErrorCode::X4_2 => "the label is not empty",
        }
    }

    /// Where the rule is defined, e.g. `"UTS #46 §4.1 criterion 2"`.
    pub fn spec_reference(self) -> &'static str {
        match self {
            ErrorCode::P1 => "UTS #46 §4 step 1 (Unicode 15.0 and earlier)",
            ErrorCode::P4 => "UTS #46 §4 step 4.1; RFC 3492 §6.2",
            ErrorCode::V1 => "UTS #46 §4.1 criterion 1",
            ErrorCode::V2 => "UTS #46 §4.1 criterion 2 (CheckHyphens)",
            ErrorCode::V3 => "UTS #46 §4.1 criterion 3 (CheckHyphens)",
            ErrorCode::V4 => "UTS #46 §4.1 criterion 4",
            ErrorCode::V5 => "UTS #46 §4.1 criterion 5",
            ErrorCode::V6 => "UTS #46 §4.1 criterion 6",
            ErrorCode::V7 => "UTS #46 §4.1 criterion 7; §5 (mapping table)",
            ErrorCode::U1 => "UTS #46 §4.1 criterion 7 (UseSTD3ASCIIRules); RFC 1123 / STD 3",
            ErrorCode::A3 => "UTS #46 §4.2 step 3; RFC 3492 §6.3",
            ErrorCode::A4_1 => "UTS #46 §4.2 step 4 (VerifyDnsLength); RFC 1034 §3.1",
            ErrorCode::A4_2 => "UTS #46 §4.2 step 4 (VerifyDnsLength); RFC 1034 §3.1",
            ErrorCode::B1 => "RFC 5893 §2 rule 1 (CheckBidi)",
            ErrorCode::B2 => "RFC 5893 §2 rule 2 (CheckBidi)",
            ErrorCode::B3 => "RFC 5893 §2 rule 3 (CheckBidi)",
            ErrorCode::B4 => "RFC 5893 §2 rule 4 (CheckBidi)",
            ErrorCode::B5 => "RFC 5893 §2 rule 5 (CheckBidi)",
            ErrorCode::B6 => "RFC 5893 §2 rule 6 (CheckBidi)",
            ErrorCode::C1 => "RFC 5892 Appendix A.1 (CheckJoiners)",
            ErrorCode::C2 => "RFC 5892 Appendix A.2 (CheckJoiners)",
            ErrorCode::ContextO => "RFC 5892 Appendix A.3–A.9 (CheckContextO, ICU UIDNA_CHECK_CONTEXTO)",
            ErrorCode::X4_2 => "IdnaTestV2.txt 'Compatibility errors' (toUnicode, empty label)",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ErrorCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// One recorded error: its code, the 0-based label index, and the 0-based
/// code-point position inside that label (after conversion) where it applies.
/// `label` is `None` for whole-name errors (A4_1); `position` is `None` where
/// the rule concerns the whole label (e.g. A4_2, an undecodable P4 label).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct IdnaError {
    /// The failed criterion.
    pub code: ErrorCode,
    /// 0-based label index; `None` for an error not tied to one label (A4_1, and P1 recorded while mapping).
    pub label: Option<usize>,
    /// 0-based code-point offset inside the converted label; `None` when the rule concerns the whole label.
    pub position: Option<usize>,
}
