#!/usr/bin/env python3
"""Answers for the differential test (tests/differential.rs): Python's `idna`
package (IDNA2008 with UTS #46 mapping) and the standard library's `punycode`
codec (RFC 3492), one JSON object per input line.

Input: JSON lines, each a name as a JSON string. Output, per name:
  ascii / ascii_error       idna.encode(name, uts46=True, std3_rules=True)
  unicode / unicode_error   idna.decode(name, uts46=True, std3_rules=True)
  encode                    per label (name split on "."): the punycode codec's
                            encoding, or null when it raises
  decode                    per label starting with "xn--" (any case): the
                            codec's decoding of the rest, null when it raises,
                            or {"lone_surrogate": true} when the decoded text
                            holds a surrogate code point (Python allows those)
  unknown                   code points of the name (as given, as mapped, and
                            in its decoded A-labels) that this Python's
                            unicodedata does not know
Errors are "ExceptionClass: code", followed by " U+XXXX" when the exception
names the offending code point.
"""
import json
import sys
import unicodedata

import idna


def error_text(error):
    text = f"{type(error).__name__}: {getattr(error, 'code', '') or error}"
    codepoint = getattr(error, "codepoint", None)
    return text if codepoint is None else f"{text} U+{codepoint:04X}"


def attempt(function):
    try:
        return function(), None
    except (idna.IDNAError, UnicodeError, ValueError) as error:
        return None, error_text(error)


def codec(function):
    try:
        return function()
    except (UnicodeError, ValueError, IndexError, OverflowError):
        return None


def surrogate_marked(text):
    if text is not None and any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        return {"lone_surrogate": True}
    return text


def unknown_code_points(name):
    try:
        mapped = idna.uts46_remap(name, std3_rules=False)
    except (idna.IDNAError, ValueError):
        mapped = ""
    decoded = "".join(
        codec(lambda: label[4:].encode("ascii").decode("punycode")) or ""
        for label in mapped.split(".")
        if label.startswith("xn--")
    )
    return sorted({ord(c) for c in name + mapped + decoded if unicodedata.category(c) == "Cn"})


def answer(name):
    ascii_result, ascii_error = attempt(lambda: idna.encode(name, uts46=True, std3_rules=True).decode("ascii"))
    unicode_result, unicode_error = attempt(lambda: idna.decode(name, uts46=True, std3_rules=True))
    labels = name.split(".")
    return {
        "ascii": ascii_result,
        "ascii_error": ascii_error,
        "unicode": unicode_result,
        "unicode_error": unicode_error,
        "encode": [codec(lambda: label.encode("punycode").decode("ascii")) for label in labels],
        "decode": [
            surrogate_marked(codec(lambda: label[4:].encode("ascii").decode("punycode")))
            for label in labels
            if label[:4].lower() == "xn--"
        ],
        "unknown": unknown_code_points(name),
    }


def main():
    assert idna.__version__ == "3.20", f"expected idna 3.20, found {idna.__version__}"
    out = sys.stdout
    for line in sys.stdin:
        out.write(json.dumps(answer(json.loads(line))) + "\n")


if __name__ == "__main__":
    main()
