#!/usr/bin/env python3
"""Asks ICANN's lgr-core about probe labels and writes its answers to
tests/data/lgr/probes.jsonl, which tests/lgr.rs compares with crates/analysis/src/lgr.

Probe labels per LGR: frequent words of the LGR's language (wordfreq, fixed
seed), then edge cases built from the LGR itself: hyphens (leading,
trailing, third and fourth position), digits, upper case and symbols (out
of repertoire), mixed scripts, leading combining marks, code point
sequences, chars with context rules, chars with variants swapped for their
variants, supplementary-plane characters, a 64-code-point label; then the
non-canonical family (rows with "family": "non-canonical" and "mapped", the
label after UTS #46 mapping when it differs): upper case, ẞ, ĳ, decomposed
and combining marks, full-width and superscript digits, compatibility
characters, look-alikes of another script — each followed by its mapped form
as a probe of its own, since a registry receives the label as submitted.

Variant lists are lgr-core's `compute_label_disposition(include_invalid=True)`:
every disposition, `invalid` included, the label itself left out.

Setup (see tools/lgr-oracle/README.md): a venv with lgr-core
(`pip install -r requirements.txt; pip install --no-deps .` in its clone),
Debian's ICU 72 (libicu-dev), and `pip install wordfreq`.

Usage: /tmp/lgr-venv/bin/python tools/lgr-oracle/oracle.py [SHARED_LGR_DIR] [--seed N] [--out PATH] [--words N]
(another seed gives an independent probe set; tests/lgr.rs reads one named by LGR_PROBES.)
"""
import json
import logging
import multiprocessing
import os
import random
import sys
import time
import unicodedata

logging.disable(logging.CRITICAL)

SEED = 36
WORDS_PER_TAG = 120
LIST_LIMIT = 4096   # lgr-core's variant estimate above which no list is asked for
INLINE_VARIANTS = 64  # longer lists are stored as a count and an FNV-1a digest

# (set, tag, wordfreq language) — 9 second-level tags and 5 full-variant tags.
TAGS = [
    ("second-level-reference", "ar", "ar"),
    ("second-level-reference", "de", "de"),
    ("second-level-reference", "es", "es"),
    ("second-level-reference", "fr", "fr"),
    ("second-level-reference", "hi", "hi"),
    ("second-level-reference", "ja", "ja"),
    ("second-level-reference", "ko", "ko"),
    ("second-level-reference", "ru", "ru"),
    ("second-level-reference", "zh", "zh"),
    ("full-variant-set", "de", "de"),
    ("full-variant-set", "ru", "ru"),
    ("full-variant-set", "zh", "zh"),
    ("full-variant-set", "ja", "ja"),
    ("full-variant-set", "hi", "hi"),
]
# Words of another script, for mixed-script labels.
OTHER = {"ar": "ru", "de": "ru", "es": "ar", "fr": "zh", "hi": "de", "ja": "ko", "ko": "ja", "ru": "de", "zh": "ar"}

ICU_UC = "/usr/lib/x86_64-linux-gnu/libicuuc.so.72"
ICU_I18N = "/usr/lib/x86_64-linux-gnu/libicui18n.so.72"


def unicode_db():
    # munidata 2.5.0 has no IDNA table for Unicode 15.0 (ICU 72): use 15.1's.
    from munidata.idna import idnatables
    idnatables.IDNA_UNICODE_MAPPING.setdefault("15.0.0", idnatables.IDNA_UNICODE_MAPPING["15.1.0"])
    from munidata import UnicodeDataVersionManager
    return UnicodeDataVersionManager().register(None, ICU_UC, ICU_I18N, "72")


def fnv1a(text):
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def probes(lgr, lang, rng, words_per_tag=WORDS_PER_TAG):
    import wordfreq
    from lgr.char import CharSequence
    words = [w for w in wordfreq.top_n_list(lang, 3000) if w and " " not in w]
    picked = rng.sample(words, min(words_per_tag, len(words)))
    other = [w for w in wordfreq.top_n_list(OTHER[lang], 200) if w]
    chars = list(lgr.repertoire.all_repertoire())
    singles = [c for c in chars if len(c.cp) == 1]
    seqs = [c for c in chars if isinstance(c, CharSequence)]
    ctx = [c for c in chars if c.when or c.not_when]
    with_vars = [c for c in chars if c.has_variant()]
    supp = [c for c in singles if c.cp[0] > 0xFFFF]
    w = lambda: rng.choice(picked)
    s = lambda c: "".join(map(chr, c.cp))
    out = list(picked)
    for _ in range(6):
        a, b = w(), w()
        out += ["-" + a, a + "-", (a + "xyz")[:2] + "--" + a, a + "-" + b, a + "2024", "2" + a, a.upper(), a + "_", a + rng.choice(other)]
    out += ["-", "--", "a-b", "ab--cd", "xn--abc", "123", "0-9", "\u0301" + w(), "\u093f" + w(), (w() * 64)[:64], w() + "\u200d" + w(), w() + "\u00b7" + w()]
    for c in rng.sample(seqs, min(8, len(seqs))):
        out += [w() + s(c), s(c) + w(), s(c)[:-1] + w()]
    for c in rng.sample(ctx, min(12, len(ctx))):
        a = w()
        out += [s(c) + a, a + s(c), a[:1] + s(c) + a[1:], s(c)]
    for c in rng.sample(with_vars, min(16, len(with_vars))):
        a = w()
        vs = list(c.get_variants())
        v = rng.choice(vs)
        out += [a + s(c), s(c) + a[:2], a[:2] + "".join(map(chr, v.cp)) + a[2:]]
    for c in rng.sample(singles, min(8, len(singles))):
        out.append("".join(s(rng.choice(singles)) for _ in range(rng.randint(2, 6))))
    for c in rng.sample(supp, min(6, len(supp))):
        a = w()
        out += [s(c) + a + "-", s(c) + "-" + a, s(c) + a[:1] + "--" + a, a + s(c) + "-" + a]
    seen, uniq = set(), []
    for p in out:
        if p and p not in seen:
            seen.add(p)
            uniq.append(p)
    return uniq


# Labels every LGR is asked about as written (the examples among them).
FIXED_NON_CANONICAL = ["Mobile", "MOBILE", "\u1e9e", "STRA\u1e9eE", "\u0133ssel", "\u0132ssel", "ha\u0308user",
                       "genannt\uff11", "genannt\u00b2", "\u0405\u043e", "\u04c0", "\ufb01le", "\u017ftra\u00dfe",
                       "\u212aelvin", "\u00b5", "\uff4d\uff4f\uff42\uff49\uff4c\uff45", "\u2460", "\u337f", "\u0958",
                       "\u2126", "\uf91d", "\ufefb", "\u1112\u1161\u11ab", "\u0438\u0306", "\u0435\u0308"]
LATIN_TO_CYRILLIC = dict(zip("aceopxyABCEHKMOPTX", "асеорхуАВСЕНКМОРТХ"))
CYRILLIC_TO_LATIN = {v: k for k, v in LATIN_TO_CYRILLIC.items()}


def compat_forms():
    """For each character, the others that Unicode normalizes to it: canonical
    singletons and composition exclusions (NFC) and compatibility forms (NFKC)."""
    canon, compat = {}, {}
    for x in range(0x80, 0x30000):
        c = chr(x)
        if unicodedata.category(c) in ("Cn", "Cs", "Co"):
            continue
        n = unicodedata.normalize("NFC", c)
        if n != c and len(n) == 1:
            canon.setdefault(n, []).append(c)
        k = unicodedata.normalize("NFKC", c)
        if k != c and len(k) == 1 and n == c:
            compat.setdefault(k, []).append(c)
    return canon, compat


def uts46(label):
    import idna
    try:
        return idna.uts46_remap(label, std3_rules=True, transitional=False)
    except Exception:
        return None


def non_canonical(words, rng):
    """Raw labels a user may type, each before its UTS #46-mapped form."""
    canon, compat = compat_forms()
    out = list(FIXED_NON_CANONICAL)
    for a in rng.sample(words, min(10, len(words))):
        out += [a.upper(), a[:1].upper() + a[1:], unicodedata.normalize("NFD", a), a[:1] + "\u0308" + a[1:],
                a + "\uff12", a + "\u00b2", a + "\u2082", "".join(LATIN_TO_CYRILLIC.get(c, c) for c in a),
                "".join(CYRILLIC_TO_LATIN.get(c, c) for c in a), a.replace("ss", "\u00df").replace("ß", "\u1e9e")]
        at = [i for i, c in enumerate(a) if c in canon]
        if at:
            i = rng.choice(at)
            out.append(a[:i] + rng.choice(canon[a[i]]) + a[i + 1:])
        at = [i for i, c in enumerate(a) if c in compat]
        if at:
            i = rng.choice(at)
            out.append(a[:i] + rng.choice(compat[a[i]]) + a[i + 1:])
        if any(c in compat for c in a):
            out.append("".join(rng.choice(compat[c]) if c in compat else c for c in a))
    labels = []
    for p in out:
        m = uts46(p)
        labels.append((p, m if m and m != p and "." not in m else None))
    return labels


def run(job):
    set_name, tag, lang, shared, seed, words_per_tag = job
    from lgr.tools.utils import parse_lgr
    from lgr.exceptions import NotInLGR
    rng = random.Random("%s/%s/%d" % (set_name, tag, seed))
    lgr = parse_lgr(os.path.join(shared, set_name, tag + ".xml"), None, unicode_db())
    labels = [(p, None, None) for p in probes(lgr, lang, rng, words_per_tag)]
    seen = {p for p, _, _ in labels}
    import wordfreq
    words = [w for w in wordfreq.top_n_list(lang, 3000) if w and " " not in w]
    for raw, mapped in non_canonical(words, random.Random("%s/%s/%d/non-canonical" % (set_name, tag, seed))):
        for p, m in ((raw, mapped), (mapped, None)):
            if p and p not in seen:
                seen.add(p)
                labels.append((p, "non-canonical", m))
    rows = []
    for label, family, mapped in labels:
        cps = tuple(ord(c) for c in label)
        t0 = time.perf_counter()
        eligible, _, invalid, disp, idx, _ = lgr.test_label_eligible(cps, collect_log=False)
        t1 = time.perf_counter()
        try:
            index = "".join(map(chr, lgr.generate_index_label(cps)))
        except NotInLGR:
            index = None
        estimate = lgr.estimate_variant_number(cps)
        row = {"set": set_name, "tag": tag, "label": label, "eligible": eligible, "disposition": disp,
               "action": idx, "invalid": [[cp, rules] for cp, rules in invalid], "index": index,
               "estimate": estimate, "us_eligible": round((t1 - t0) * 1e6)}
        if family:
            row["family"] = family
            if mapped:
                row["mapped"] = mapped
        if eligible and len(cps) <= 63 and estimate <= LIST_LIMIT:
            t2 = time.perf_counter()
            got = list(lgr.compute_label_disposition(cps, include_invalid=True, collect_log=False))
            t3 = time.perf_counter()
            variants = sorted(("".join(map(chr, v[0])), v[1]) for v in got if tuple(v[0]) != cps)
            row["us_variants"] = round((t3 - t2) * 1e6)
            if len(variants) <= INLINE_VARIANTS:
                row["variants"] = [list(v) for v in variants]
            else:
                row["variants_n"] = len(variants)
                row["variants_fnv"] = fnv1a("".join("%s\t%s\n" % v for v in variants))
        rows.append(row)
    return rows


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.join(here, "..", "..")
    args = sys.argv[1:]
    opt = lambda name, default: args[args.index(name) + 1] if name in args else default
    seed = int(opt("--seed", SEED))
    out = opt("--out", os.path.join(repo, "tests", "data", "lgr", "probes.jsonl"))
    pos = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or not args[i - 1].startswith("--"))]
    shared = pos[0] if pos else os.path.join(repo, "..", "shared", "lgr")
    words_per_tag = int(opt("--words", WORDS_PER_TAG))
    jobs = [(s, t, l, shared, seed, words_per_tag) for s, t, l in TAGS]
    with multiprocessing.Pool(2) as pool:
        results = pool.map(run, jobs, chunksize=1)
    from importlib.metadata import version
    header = {"generator": "tools/lgr-oracle/oracle.py", "seed": seed, "reference": "lgr-core " + version("lgr-core"),
              "icu": "72 (Unicode 15.0), munidata IDNA table 15.1.0 for 15.0.0",
              "timing": "us_eligible: test_label_eligible; us_variants: compute_label_disposition (one process per LGR, 2 at a time)",
              "variant_lists": "every disposition (include_invalid=True), the label itself left out; inline when at most %d, else variants_n and variants_fnv (FNV-1a 64 of 'label\\tdisposition\\n' sorted by code points)" % INLINE_VARIANTS}
    path = out
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps({"header": header}, ensure_ascii=False) + "\n")
        for rows in results:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
    for (s, t, _, _, _, _), rows in zip(jobs, results):
        te = sum(r["us_eligible"] for r in rows) / len(rows)
        tv = [r["us_variants"] for r in rows if "us_variants" in r]
        print("%s/%s: %d labels, eligible %.0f us/label, variants %.0f us/label (%d listed)" % (
            s, t, len(rows), te, sum(tv) / max(1, len(tv)), len(tv)))


if __name__ == "__main__":
    main()
