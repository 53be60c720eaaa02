#!/usr/bin/env python3
"""Writes the corpora the real runtimes are asked about, into
tests/data/real_runtimes/ (deterministic: fixed seed, fixed inputs), one
family a file:

  words.txt       1,000 real names: a fixed sample of
                  tests/data/real_browsers/words.txt
  codepoints.txt  tests/data/real_browsers/codepoints_chromium_sample.txt
                  (every Unicode 17 block at least once) and the same
                  names upper-cased
  case.txt, deviations.txt, emoji.txt, bidi.txt, hyphens.txt, std3.txt,
  xn.txt, dots.txt, lengths.txt, symbols.txt
                  the hard cases of each kind, written out and combined
                  below

    python3 tools/runtime-oracle/make_corpora.py
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
OUT = os.path.join(ROOT, "tests", "data", "real_runtimes")


def names(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip() and not line.startswith("# ")]


def cross(labels, tlds):
    return [f"{label}.{tld}" for label in labels for tld in tlds]


def families(rng):
    out = {}
    words = names(os.path.join(ROOT, "tests", "data", "real_browsers", "words.txt"))
    out["words"] = rng.sample(words, 1000)
    sample = names(os.path.join(ROOT, "tests", "data", "real_browsers", "codepoints_chromium_sample.txt"))
    out["codepoints"] = sample + [n.upper() for n in sample if n.upper() != n]
    out["case"] = cross(
        ["ABC", "Bücher", "BÜCHER", "ΒΌΛΟΣ", "βόλος", "ΣΊΣΥΦΟΣ", "ПРИМЕР", "İstanbul", "ISTANBUL", "ẞtraße",
         "STRASSE", "ᏣᎳᎩ", "ᲐᲑᲒ", "Ⰰⰱ", "ǅemal", "ǄEMAL", "ꞫA", "ℌello", "Ａｂｃ", "ＡＢＣ", "ﬀoo", "Ⅻ"],
        ["com", "DE", "Рф"])
    out["deviations"] = cross(
        ["faß", "FASS", "ς", "σς", "βόλος", "a\u200cb", "\u0915\u094d\u200c\u0937", "a\u200db",
         "\u0915\u094d\u200d\u0937", "\u0628\u200c\u0628", "ß", "ẞ", "ßẞ", "\u200c", "x\u200d"],
        ["com", "de"])
    emoji = ["☺", "☃", "♥", "⌚", "⚽", "🀄", "🅰", "😀", "🙂", "🚀", "🤣", "🦄", "🥰", "🧡", "🪐", "🫠", "🫨",
             "🫩", "👍🏽", "🇩🇪", "❤️", "👨‍👩‍👧", "#️⃣", "©️", "🏳️‍🌈"]
    out["emoji"] = cross(emoji + [e + "shop" for e in emoji], ["com", "ws"])
    out["bidi"] = cross(
        ["مثال", "مثالx", "xمثال", "مثال1", "1مثال", "١٢٣", "123", "עברית", "עב1", "a\u05d0", "\u05d0a",
         "\u0627\u0644\u0639\u0631\u0628\u064a\u0629", "ع\u0661\u0031", "\u05d0\u05b0", "\u0628\u0651"],
        ["com", "مصر", "co.il"]) + ["مثال.com.x", "a.مثال", "1.مثال", "xn--mgbh0fb.example"]
    out["hyphens"] = cross(
        ["-a", "a-", "-", "--", "ab--c", "ä--b", "äb--c", "a--", "--a", "xn--a", "ab-c", "ü-", "-ü",
         "ab\u2010c", "a\u2011b", "a\u2212b", "a－b", "r3---sn-abc"], ["com", "de"])
    out["std3"] = cross(
        ["_dmarc", "a_b", "_", "a b", "a*b", "a$b", "a!b", "a/b", "a:b", "a@b", "a+b", "a=b", "a~b",
         "a\tb", "a\u007fb", "a\u0000b", "ａ＿ｂ", "a！b", "a＄b", "ⓐb", "a\u3000b", "a\u00a0b",
         "a\u2028b", "a\u0085b"], ["com", "example"]) + ["_dmarc.example.com", "_sip._tcp.example.com"]
    out["xn"] = [
        "xn--bcher-kva.de", "XN--BCHER-KVA.DE", "Xn--bcher-kva.de", "xn--bcher-kva.xn--p1ai",
        "xn--abc.com", "xn--abc-.com", "xn--.com", "xn---.com", "xn--a.com", "xn--zz.com",
        "xn--mnchen-3ya.de", "xn--mnchen-3ya.xn--", "xn--ls8h.la", "xn--fa-hia.de", "xn--zca.de",
        "xn--bcher-kva.de.", "xn--bücher.de", "xn--55qx5d.cn", "xn--55QX5D.cn", "xn--tda.com",
        "xn--9ca.com", "xn--1ca.com", "xn--0ca.com", "xn--a-ecp.ru", "xn--80ak6aa92e.com",
        "xn--e1afmkfd.xn--p1ai", "xn--i-7iq.ws", "xn--rhqv96g.com", "xn--fiqs8s.cn",
        "xn--mgbh0fb.xn--wgbh1c", "xn--4gbrim.xn----ymcbaaajlc6dj7bxne2c.xn--wgbh1c",
        "xn--ab-fsf.com", "xn--a-ecp.com", "xn--wgv71a.jp", "xn--q9jyb4c", "xn--ngbrx",
    ]
    out["dots"] = [
        "", ".", "..", "a.", "a..", ".a", "a..b", "a.b.", "a。b", "a．b", "a｡b", "bücher。de", "bücher．de",
        "bücher｡de", "bücher.de.", "bücher.de..", ".bücher.de", "bücher..de", "。", "．", "a\u2024b",
        "a\ufe52b", "bücher\u3002", "a.\u200b.b", "\u00ad.com", "a.\u00ad", "a\u00adb.com",
    ]
    a63, a64 = "a" * 63, "a" * 64
    u = "ü" * 50
    out["lengths"] = [
        f"{a63}.com", f"{a64}.com", f"{a63}.{a63}.{a63}.{'a' * 61}", f"{a63}.{a63}.{a63}.{'a' * 62}",
        f"{a63}.{a63}.{a63}.{'a' * 61}.", f"{a63}.{a63}.{a63}.{'a' * 62}.", f"{a63}.{a63}.{a63}.{a63}",
        f"{u}.com", f"{'ü' * 57}.com", f"{'ü' * 58}.com", f"{'a' * 54}ü.com", f"{'a' * 55}ü.com",
        f"{'a' * 56}ü.com", "ü" * 300, "a" * 300, f"{a64}", f"{a63}", f"{a64}.", f"x.{a64}",
        f"{'中' * 19}.com", f"{'中' * 20}.com", f"{'中' * 21}.com",
    ]
    symbols = ["©", "®", "™", "½", "¼", "²", "℡", "①", "⑴", "⒜", "ⓐ", "Ⅻ", "ﬁ", "ﬃ", "µ", "ª", "º", "℃",
               "㎏", "㍿", "ｱ", "ﾞ", "\u00b7", "\u0387", "\u30fb", "\u2044", "\u2215", "\uff0f", "\u2488",
               "\u0660", "\u06f0", "\u0f0b", "\u3002", "\u2e2e", "\u200b", "\u2060", "\ufeff", "\u034f",
               "\u180b", "\ufe0f", "\U000e0001", "\ue000", "\U0001d400", "\U0001f100"]
    out["symbols"] = cross([f"a{s}b" for s in symbols] + [f"{s}" for s in symbols], ["com"])
    return out


def main():
    rng = random.Random(20261202)
    os.makedirs(OUT, exist_ok=True)
    for family, items in families(rng).items():
        seen, unique = set(), []
        for item in items:
            if "\n" not in item and "\r" not in item and item not in seen:
                seen.add(item)
                unique.append(item)
        with open(os.path.join(OUT, f"{family}.txt"), "w", encoding="utf-8", newline="\n") as f:
            f.write("".join(n + "\n" for n in unique))
        print(family, len(unique))


if __name__ == "__main__":
    main()
