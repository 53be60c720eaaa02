#!/usr/bin/env python3
"""Writes tables/runtimes/libidn2.txt: what the installed GNU libidn2 and
the GNU libunistring it links read, measured through their public APIs by
scripts/libidn2_probe.c (built here with cc against libidn2-dev and
libunistring-dev) over every code point.

    python3 scripts/libidn2_tables.py [--probe-output FILE]

The file holds, one fact a line, `kind;FIRST..LAST;value`:

  tr46      libidn2's UTS #46 mapping table, each code point's status as
            its lookups show it: V valid, M mapped, I ignored, D deviation,
            X disallowed, S disallowed_STD3_valid, T disallowed_STD3_mapped;
            then the mapping (hexadecimal, after NFC) for M, D and T
  idna2008  libidn2's IDNA2008 property as idn2_lookup_u8's label checks
            see it: P passes them (PVALID, or CONTEXTO with a rule: a
            lookup only asks that a CONTEXTO code point has one), J
            CONTEXTJ, D DISALLOWED, U UNASSIGNED, N never reaches them
            (not NFC, or U+002E, which splits labels)
  mark      libunistring's General_Category M
  ccc       libunistring's Canonical_Combining_Class, where not 0
  bidi      libunistring's Bidi_Class (its names: L, R, AL, EN, ...)
  joining   libunistring's Joining_Type, where not U
  decomp    libunistring's canonical decomposition (one level), then C
            where the pair composes back (a primary composite), else -;
            Hangul syllables are left to the algorithm (checked here)
"""
import argparse
import codecs
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
OUT = os.path.join(ROOT, "tables", "runtimes", "libidn2.txt")


def probe_lines(path):
    if path:
        with open(path, encoding="ascii") as f:
            return f.read().splitlines()
    with tempfile.TemporaryDirectory() as tmp:
        binary = os.path.join(tmp, "libidn2_probe")
        subprocess.run(["cc", "-O2", "-o", binary, os.path.join(HERE, "libidn2_probe.c"), "-lidn2", "-lunistring"],
                       check=True)
        run = subprocess.run([binary], capture_output=True, check=True)
        return run.stdout.decode("ascii").splitlines()


def unescape(text):
    return codecs.decode(text, "unicode_escape") if "\\x" in text else text


def decoded(answer):
    """The Unicode form of an "ok:NAME" answer, or None for an error."""
    if not answer.startswith("ok:"):
        return None
    labels = unescape(answer[3:]).split(".")
    return ".".join(l[4:].encode("ascii").decode("punycode") if l.startswith("xn--") else l for l in labels)


def tr46_status(cp, t, s, n, r):
    """Status and mapping from the transitional (T, and R without the
    roundtrip check), STD3 (S) and nontransitional (N) lookups of "0" cp "0"."""
    c = chr(cp)
    if t == "err:IDN2_DISALLOWED":
        assert r == t and s == t, (hex(cp), t, s, r)
        return "X", ""
    x_t = decoded(r)
    assert x_t is not None and x_t[0] == "0" and x_t[-1] == "0", (hex(cp), r)
    mapping = x_t[1:-1]
    x_n = decoded(n)
    if x_t == "00":
        # Ignored under both, or a deviation that the nontransitional lookup keeps.
        return ("I", "") if x_n == "00" else ("D", "")
    if decoded(s) == "00":
        return ("S", "") if mapping == c else ("T", mapping)
    if mapping == c:
        return "V", ""
    if x_n == "0" + c + "0":
        return "D", mapping
    return "M", mapping


PROPERTY = {
    "ok": "P", "err:IDN2_BIDI": "P", "err:IDN2_DISALLOWED": "D", "err:IDN2_UNASSIGNED": "U",
    "err:IDN2_CONTEXTJ": "J", "err:IDN2_NOT_NFC": "N",
}


def hangul_decomposition(cp):
    s = cp - 0xAC00
    if s % 28:
        return [0xAC00 + s - s % 28, 0x11A7 + s % 28]
    return [0x1100 + s // 588, 0x1161 + (s % 588) // 28]


def ranges(values):
    """(first, last, value) runs of equal consecutive values of a {cp: value} map."""
    out = []
    for cp in sorted(values):
        v = values[cp]
        if out and out[-1][1] == cp - 1 and out[-1][2] == v:
            out[-1][1] = cp
        else:
            out.append([cp, cp, v])
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--probe-output", help="the probe's output, instead of building and running it")
    args = parser.parse_args()
    tr46, prop, mark, ccc, bidi, joining, decomp = {}, {}, {}, {}, {}, {}, {}
    for line in probe_lines(args.probe_output):
        f = line.split("\t")
        cp = int(f[0], 16)
        tr46[cp] = tr46_status(cp, f[1], f[2], f[3], f[4])
        if cp == 0x2E:
            prop[cp] = "N"  # U+002E splits the probe's label: no label ever holds it.
        else:
            assert f[5] in PROPERTY, (hex(cp), f[5])
            prop[cp] = PROPERTY[f[5]]
        if f[6] == "1":
            mark[cp] = "M"
        if f[7] != "0":
            ccc[cp] = f[7]
        bidi[cp] = f[8]
        if f[9] != "U":
            joining[cp] = f[9]
        if f[10] != "-":
            parts = [int(h, 16) for h in f[10].split()]
            if 0xAC00 <= cp <= 0xD7A3:
                assert parts == hangul_decomposition(cp) and f[11] == "1", (hex(cp), f[10])
            else:
                decomp[cp] = f[10] + (";C" if f[11] == "1" else ";-")
    version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libidn2-0"], capture_output=True, text=True)
    unistring = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libunistring2"], capture_output=True, text=True)
    lines = [
        "# GNU libidn2 and GNU libunistring as installed, measured through their public APIs",
        f"# (scripts/libidn2_probe.c, scripts/libidn2_tables.py): libidn2-0 {version.stdout or '?'},"
        f" libunistring2 {unistring.stdout or '?'}.",
        "# kind;FIRST..LAST;value -- see scripts/libidn2_tables.py for each kind.",
    ]

    def emit(kind, table):
        for first, last, value in ranges(table):
            lines.append(f"{kind};{first:04X}..{last:04X};{value}")

    emit("tr46", {cp: status + "".join(f" {ord(ch):04X}" for ch in mapping) for cp, (status, mapping) in tr46.items()})
    emit("idna2008", prop)
    emit("mark", mark)
    emit("ccc", ccc)
    emit("bidi", bidi)
    emit("joining", joining)
    for cp in sorted(decomp):
        lines.append(f"decomp;{cp:04X}..{cp:04X};{decomp[cp]}")
    with open(OUT, "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    counts = {}
    for status, _ in tr46.values():
        counts[status] = counts.get(status, 0) + 1
    print(OUT, len(lines), "lines; tr46", counts, file=sys.stderr)


if __name__ == "__main__":
    main()
