#!/usr/bin/env python3
"""Writes tables/dnstwist/glyphs.tsv: the glyphs dnstwist's homoglyph fuzzer
writes for a letter, and the Cyrillic letter its Cyrillic fuzzer writes for
a Latin one, read from the installed dnstwist package (class `Fuzzer`:
`glyphs_ascii`, `glyphs_unicode`, `glyphs_idn_by_tld`, `latin_to_cyrillic`),
as facts: which glyph dnstwist lists for which letter, in which table.

    python3 -m venv /tmp/dnstwist && /tmp/dnstwist/bin/pip install --no-deps dnstwist==20250130
    /tmp/dnstwist/bin/python scripts/dnstwist_glyphs.py > tables/dnstwist/glyphs.tsv

Rows: `letter TAB glyph TAB code points TAB tables`, sorted by letter, then by
the glyph's code points; `tables` is `ascii` (used for every TLD), `unicode`
(for TLDs without a table of their own), the TLDs of `glyphs_idn_by_tld`
that list the glyph, or `cyrillic` (`latin_to_cyrillic`, which the Cyrillic
fuzzer applies to every letter of a label at once).
"""
import sys

import dnstwist

fuzzer = dnstwist.Fuzzer
listed = {}
for letter, glyphs in fuzzer.glyphs_ascii.items():
    for glyph in glyphs:
        listed.setdefault((letter, glyph), []).append("ascii")
for letter, glyphs in fuzzer.glyphs_unicode.items():
    for glyph in glyphs:
        listed.setdefault((letter, glyph), []).append("unicode")
for tld, table in sorted(fuzzer.glyphs_idn_by_tld.items()):
    for letter, glyphs in table.items():
        for glyph in glyphs:
            listed.setdefault((letter, glyph), []).append(tld)
for letter, glyph in fuzzer.latin_to_cyrillic.items():
    listed.setdefault((letter, glyph), []).append("cyrillic")

out = sys.stdout
out.write(f"# dnstwist {dnstwist.__version__} (PyPI, Apache-2.0, Marcin Ulikowski): the glyphs its homoglyph\n"
          "# fuzzer writes for a letter, as facts read from class Fuzzer of dnstwist.py by\n"
          "# scripts/dnstwist_glyphs.py. tables: ascii (glyphs_ascii, every TLD), unicode\n"
          "# (glyphs_unicode, TLDs without a table of their own), the TLDs of glyphs_idn_by_tld,\n"
          "# or cyrillic (latin_to_cyrillic: the Cyrillic fuzzer writes every letter so at once).\n"
          "# letter\tglyph\tcode points\ttables\n")
key = lambda item: ([ord(c) for c in item[0][0]], [ord(c) for c in item[0][1]])
for (letter, glyph), tables in sorted(listed.items(), key=key):
    points = " ".join(f"U+{ord(c):04X}" for c in glyph)
    out.write(f"{letter}\t{glyph}\t{points}\t{' '.join(tables)}\n")
