#!/usr/bin/env python3
"""Writes tests/data/lgr/repertoires.tsv: for every bundled LGR, the number of
chars lgr-core's parser keeps in the repertoire, of rules and of actions.
Usage: /tmp/lgr-venv/bin/python tools/lgr-oracle/repertoires.py [SHARED_LGR_DIR]"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle import unicode_db  # noqa: E402


def main():
    from lgr.tools.utils import parse_lgr
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.join(here, "..", "..")
    shared = sys.argv[1] if len(sys.argv) > 1 else os.path.join(repo, "..", "shared", "lgr")
    db = unicode_db()
    rows = ["set\ttag\tchars\tvariants\trules\tactions"]
    for s in ["second-level-reference", "root-zone", "full-variant-set"]:
        for f in sorted(os.listdir(os.path.join(shared, s))):
            lgr = parse_lgr(os.path.join(shared, s, f), None, db)
            chars = list(lgr.repertoire.all_repertoire())
            nvars = sum(len(list(c.get_variants())) for c in chars)
            rows.append("%s\t%s\t%d\t%d\t%d\t%d" % (s, f[:-4], len(chars), nvars, len(lgr.rules), len(lgr.actions)))
    with open(os.path.join(repo, "tests", "data", "lgr", "repertoires.tsv"), "w") as out:
        out.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
