#!/usr/bin/env python3
"""Answers for the profile tests (tests/profiles.rs), one JSON object per
input line (each line a name as a JSON string):

  idna2003 / idna2003_error   the standard library's IDNA2003 codec:
                              name.encode("idna") (RFC 3490 ToASCII with
                              Nameprep on Unicode 3.2, UseSTD3ASCIIRules off,
                              AllowUnassigned on)
  idna2003_unicode            its ToUnicode of that ASCII result:
                              ascii.decode("idna"), or null when it raises
  idna2008 / idna2008_error   the idna package: idna.encode(name,
                              uts46=False, strict=True) (IDNA2008, no
                              mapping, labels split at U+002E only)
  known                       true when this Python's unicodedata knows every
                              code point of the name and of its decoded
                              A-labels (the idna package's NFC and Bidi checks
                              rely on it)
"""
import json
import sys
import unicodedata

import idna


def known(name):
    text = name
    for label in name.split("."):
        if label[:4].lower() == "xn--":
            try:
                text += label[4:].encode("ascii").decode("punycode")
            except (UnicodeError, ValueError):
                pass
    return all(unicodedata.category(c) != "Cn" or unicodedata.name(c, None) for c in text)


def answer(name):
    out = {"known": known(name)}
    try:
        ascii_name = name.encode("idna")
        out["idna2003"] = ascii_name.decode("ascii")
        try:
            out["idna2003_unicode"] = ascii_name.decode("idna")
        except (UnicodeError, ValueError):
            out["idna2003_unicode"] = None
    except (UnicodeError, ValueError) as error:
        out["idna2003_error"] = f"{type(error).__name__}: {error}"
    try:
        out["idna2008"] = idna.encode(name, uts46=False, strict=True).decode("ascii")
    except (idna.IDNAError, UnicodeError, ValueError) as error:
        out["idna2008_error"] = f"{type(error).__name__}: {error}"
    return out


def main():
    for line in sys.stdin:
        print(json.dumps(answer(json.loads(line))))


if __name__ == "__main__":
    main()
