#!/usr/bin/env python3
"""Builds tables/lgr/<set>.bin from ICANN's LGR XML files (../shared/lgr/<set>/*.xml).

Each file is reduced to what the engine reads (crates/analysis/src/lgr/parse.rs): the meta
fields, the data and rules elements with their attributes, minus comments,
descriptions, references and per-char comment/ref attributes; every element
stays on its original line, so line numbers in errors and in the window match
ICANN's files. Each reduced file is compressed with raw DEFLATE (zlib, level 9).

Output format: b"LGR-BUNDLE 1\n", then one line per file "<tag> <length>\n",
a blank line, then the compressed files back to back in that order.

Usage: python3 tables/lgr/generate.py [SHARED_LGR_DIR]   (needs lxml for line numbers)
"""
import os
import sys
import zlib

from lxml import etree

NS = "urn:ietf:params:xml:ns:lgr-1.0"
SETS = ["second-level-reference", "root-zone", "full-variant-set"]
META_KEEP = {"version", "date", "language", "scope", "unicode-version", "validity-start", "validity-end"}
# Attributes the engine reads; a comment is kept on rules and actions (shown in the window).
DROP_ATTRS = {"ref"}


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


class Writer:
    def __init__(self):
        self.out = []
        self.line = 1

    def to_line(self, line):
        if line and line > self.line:
            self.out.append("\n" * (line - self.line))
            self.line = line

    def write(self, s):
        self.out.append(s)
        self.line += s.count("\n")

    def element(self, e, keep_comment):
        if not isinstance(e.tag, str):
            return  # comments, processing instructions
        self.to_line(e.sourceline)
        name = etree.QName(e).localname
        attrs = "".join(
            ' %s="%s"' % (k, esc(v))
            for k, v in e.attrib.items()
            if k not in DROP_ATTRS and (k != "comment" or keep_comment)
        )
        kids = [k for k in e if isinstance(k.tag, str)]
        text = ""
        if name == "class":
            text = " ".join("".join([e.text or ""] + [k.tail or "" for k in e]).split())
        if not kids and not text:
            self.write("<%s%s/>" % (name, attrs))
            return
        self.write("<%s%s>%s" % (name, attrs, esc(text)))
        for k in kids:
            self.element(k, keep_comment)
        self.write("</%s>" % name)


def reduce(path):
    root = etree.parse(path, etree.XMLParser(remove_comments=True, resolve_entities=False)).getroot()
    w = Writer()
    w.to_line(root.sourceline)
    w.write('<lgr xmlns="%s">' % NS)
    for sec in root:
        if not isinstance(sec.tag, str):
            continue
        name = etree.QName(sec).localname
        w.to_line(sec.sourceline)
        if name == "meta":
            w.write("<meta>")
            for c in sec:
                if isinstance(c.tag, str) and etree.QName(c).localname in META_KEEP:
                    w.to_line(c.sourceline)
                    cn = etree.QName(c).localname
                    w.write("<%s>%s</%s>" % (cn, esc((c.text or "").strip()), cn))
            w.write("</meta>")
        elif name in ("data", "rules"):
            w.write("<%s>" % name)
            for c in sec:
                w.element(c, keep_comment=(name == "rules"))
            w.write("</%s>" % name)
    w.write("</lgr>\n")
    return "".join(w.out)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "..", "shared", "lgr")
    for s in SETS:
        entries = []
        for f in sorted(os.listdir(os.path.join(src, s))):
            if f.endswith(".xml"):
                text = reduce(os.path.join(src, s, f)).encode("utf-8")
                c = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
                entries.append((f[:-4], c.compress(text) + c.flush()))
        with open(os.path.join(here, s + ".bin"), "wb") as out:
            out.write(b"LGR-BUNDLE 1\n")
            for tag, data in entries:
                out.write(("%s %d\n" % (tag, len(data))).encode())
            out.write(b"\n")
            for _, data in entries:
                out.write(data)
        print(s, len(entries), "files", os.path.getsize(os.path.join(here, s + ".bin")), "bytes")


if __name__ == "__main__":
    main()
