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
  syntax.txt      URL syntax around a host: schemes, mailto:, user
                  information, ports, paths, brackets and IPv6 zone
                  identifiers, percent escapes, spaces; a fixed sample of
                  their combinations
  controls.txt    controls, spaces, format characters, noncharacters,
                  private use and tags, at each place in a label

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
    # Their own generator, so that the families above stay as they were.
    more = random.Random(20261204)
    schemes = ["", "", "http://", "https://", "HTTP://", "ftp://", "file://", "file:///", "mailto:", "foo://", "http:",
               "http:/", "http:///", "https:\\\\", "//", "data:,", "ws://"]
    users = ["", "", "user@", "u:p@", "@", "u@v@", "us%40er@", "ü@", "u:@", ":p@", "u;x@", "u[x]@", "user name@"]
    hosts = ["bücher.de", "Bücher.DE", "example.com", "xn--bcher-kva.de", "1.2.3.4", "0x7f.1", "[::1]",
             "[fe80::1%25eth0]", "[fe80::1%eth0]", "[::ffff:1.2.3.4]", "[bücher.de]", "", "bücher.de.",
             "b%C3%BCcher.de", "bü%2echer.de", "a_b.de", "a b.de", "ａｂｃ.com", "faß.de", "ⓐb.com", "😀.com",
             "a%zzb.de", "a%25b.de", "a\\b.de", "a|b.de", "a<b>.de", "пример.рф", "a‌b.de"]
    ports = ["", "", ":80", ":8080", ":", ":0", ":00080", ":65535", ":65536", ":99999", ":a", "::80"]
    rests = ["", "", "/", "/path", "/pä th", "?q=1", "#frag", "/?#", "\\x", "?ü", "/a@b", "#a@b"]
    spaces = ["", "", "", " ", "\t"]
    out["syntax"] = [
        more.choice(spaces) + more.choice(schemes) + more.choice(users) + more.choice(hosts) + more.choice(ports)
        + more.choice(rests) + more.choice(spaces)
        for _ in range(600)
    ] + ["[fe80::1%25eth0]", "[fe80::1%eth0]", "[fe80::1%25]", "[fe80::1%]", "[fe80::1%25abcdefghijklmnop]",
         "[0:0:0:0:0:0:1.2.3.4]", "http://[fe80::1%25eth0]:8080/", "[FE80:0:0:0:0:0:0:1%25eth0]", "[::ffff:1.2.3.4%25x]"]
    odd = [0x01, 0x09, 0x0B, 0x0C, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9F, 0xA0, 0xAD, 0x34F, 0x61C, 0x115F, 0x180E,
           0x2000, 0x200B, 0x200E, 0x2028, 0x202E, 0x205F, 0x2060, 0x2066, 0x2800, 0x3000, 0x3164, 0xFEFF, 0xFFA0,
           0xFFF9, 0xFFFC, 0xFFFD, 0xFFFE, 0xFFFF, 0xE000, 0xF0000, 0x10FFFD, 0x10FFFF, 0xE0001, 0xE0041, 0xE0100,
           0x1D173, 0x1BCA0, 0xFE00, 0x2061, 0x13430]
    controls = []
    for code in odd:
        c = chr(code)
        for label in ["bücher", "example", "ПРИМЕР", "שלום"]:
            at = more.randint(1, len(label) - 1)
            controls += [f"{c}{label}.de", f"{label}{c}.de", f"{label[:at]}{c}{label[at:]}.de", f"{c}.{label}.de",
                         f"{label}.{c}"]
    out["controls"] = more.sample(controls, 400)
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
