#!/usr/bin/env python3
"""Compares the real browsers' answers (oracle.py's TSV) with the ports'
(examples/verdicts_tsv.rs) and writes a Markdown report.

    target/release/examples/verdicts_tsv < CORPUS > ours.tsv
    compare.py --pair FAMILY:BROWSER:CORPUS:ORACLE_TSV:OURS_TSV [--pair ...] --report report.md
               [--disagreements out.tsv] [--ucd DIR]

`ours.tsv`: input, browser, shown, display, rule. `oracle.tsv`: input,
shown, verdict (with a `# browser build` header). Disagreements are grouped
by (theirs, ours, our rule) and, within a group, by the Unicode block of
the probe's code point (code-point templates) or of the first non-ASCII
code point of the input.
"""

import argparse
import bisect
import collections
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))


def read_lines(path):
    with open(path, "rb") as f:
        for raw in f.read().split(b"\n"):
            if raw.endswith(b"\r"):
                raw = raw[:-1]
            yield raw.decode("utf-8")


def read_corpus(path):
    seen, out = set(), []
    for line in read_lines(path):
        if line and not line.startswith("# ") and line not in seen:
            seen.add(line)
            out.append(line)
    return out


def read_oracle(path):
    build, answers = None, {}
    for line in read_lines(path):
        if not line:
            continue
        if line.startswith("# "):
            build = build or line[2:]
            continue
        host, shown, verdict = line.split("\t")
        answers[host] = (verdict, shown)
    return build, answers


def read_ours(path):
    ours = collections.defaultdict(dict)
    for line in read_lines(path):
        if not line:
            continue
        host, browser, shown, display, rule = line.split("\t")
        ours[browser][host] = (display, shown, rule)
    return ours


class Blocks:
    def __init__(self, ucd):
        self.starts, self.rows = [], []
        with open(os.path.join(ucd, "Blocks.txt"), encoding="utf-8") as f:
            for line in f:
                line = line.split("#")[0].strip()
                if line:
                    span, name = line.split(";")
                    lo, hi = span.split("..")
                    self.starts.append(int(lo, 16))
                    self.rows.append((int(lo, 16), int(hi, 16), name.strip()))

    def of(self, cp):
        i = bisect.bisect_right(self.starts, cp) - 1
        if i >= 0 and self.rows[i][0] <= cp <= self.rows[i][1]:
            return self.rows[i][2]
        return "No_Block"


def key_char(host):
    """The probe's code point for the code-point templates (`ccc.com`,
    `ab{c}.com`), else the first non-ASCII code point."""
    label = host[: -len(".com")] if host.endswith(".com") else None
    if label is not None and len(label) == 3 and (label[0] == label[1] == label[2]):
        return label[0]
    if label is not None and len(label) == 3 and label.startswith("ab"):
        return label[2]
    for c in host:
        if ord(c) >= 0x80:
            return c
    return host[0] if host else ""


def compare(family, browser, corpus, build, theirs, ours, blocks):
    total = len(corpus)
    same_class = same_shown = 0
    missing = 0
    rows = []
    for host in corpus:
        if host not in theirs:
            missing += 1
            continue
        t_class, t_shown = theirs[host]
        o_class, o_shown, rule = ours[host]
        if t_class == o_class:
            same_class += 1
            if t_shown == o_shown:
                same_shown += 1
                continue
        rows.append((host, t_class, t_shown, o_class, o_shown, rule))
    answered = total - missing
    return {
        "family": family,
        "browser": browser,
        "build": build,
        "total": total,
        "answered": answered,
        "class": same_class,
        "shown": same_shown,
        "rows": rows,
    }


def pct(a, b):
    return f"{100.0 * a / b:.3f} %" if b else "–"


def u(c):
    return f"U+{ord(c):04X}" if c else ""


def report(results, blocks, out):
    w = out.write
    w("| browser | family | total | answered | agree by class | agree by exact shown | disagreements |\n")
    w("|---|---|---:|---:|---:|---:|---:|\n")
    for r in results:
        w(
            f"| {r['browser']} ({r['build']}) | {r['family']} | {r['total']:,} | {r['answered']:,} | "
            f"{pct(r['class'], r['answered'])} ({r['answered'] - r['class']:,} differ) | "
            f"{pct(r['shown'], r['answered'])} ({r['answered'] - r['shown']:,} differ) | {len(r['rows']):,} |\n"
        )
    for r in results:
        if not r["rows"]:
            continue
        w(f"\n### {r['browser']} × {r['family']}: {len(r['rows']):,} disagreements\n")
        groups = collections.defaultdict(list)
        for row in r["rows"]:
            host, t_class, t_shown, o_class, o_shown, rule = row
            kind = f"browser {t_class}, ours {o_class}" if t_class != o_class else f"both {t_class}, shown differs"
            groups[(kind, rule)].append(row)
        for (kind, rule), rows in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            by_block = collections.Counter(blocks.of(ord(key_char(row[0]))) if key_char(row[0]) else "" for row in rows)
            top = ", ".join(f"{name} {n:,}" for name, n in by_block.most_common(12))
            more = f", … ({len(by_block)} blocks)" if len(by_block) > 12 else ""
            w(f"\n**{kind}; our rule `{rule}`: {len(rows):,}** — by block of the first non-ASCII code point: {top}{more}\n\n")
            w("| input | key code point | browser shows | we show |\n|---|---|---|---|\n")
            for host, t_class, t_shown, o_class, o_shown, _ in rows[:20]:
                c = key_char(host)
                w(f"| `{host}` | {u(c)} | {t_class} `{t_shown}` | {o_class} `{o_shown}` |\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pair", action="append", required=True, help="FAMILY:BROWSER:CORPUS:ORACLE_TSV:OURS_TSV")
    parser.add_argument("--report", required=True)
    parser.add_argument("--disagreements", help="write browser, input, theirs, ours, rule TSV here")
    parser.add_argument("--ucd", default=os.path.join(ROOT, "..", "shared", "unicode", "17.0.0", "ucd"))
    args = parser.parse_args()
    blocks = Blocks(args.ucd)
    results = []
    ours_cache = {}
    for pair in args.pair:
        family, browser, corpus_path, oracle_path, ours_path = pair.split(":")
        corpus = read_corpus(corpus_path)
        build, theirs = read_oracle(oracle_path)
        if ours_path not in ours_cache:
            ours_cache[ours_path] = read_ours(ours_path)
        results.append(compare(family, browser, corpus, build, theirs, ours_cache[ours_path][browser], blocks))
    with open(args.report, "w", encoding="utf-8") as out:
        report(results, blocks, out)
    if args.disagreements:
        with open(args.disagreements, "w", encoding="utf-8") as out:
            for r in results:
                for host, t_class, t_shown, o_class, o_shown, rule in r["rows"]:
                    out.write(f"{r['family']}\t{r['browser']}\t{host}\t{t_class} {t_shown}\t{o_class} {o_shown}\t{rule}\n")


if __name__ == "__main__":
    main()
