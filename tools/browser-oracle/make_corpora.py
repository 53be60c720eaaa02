#!/usr/bin/env python3
"""Writes the corpora the real browsers are asked about, into
tests/data/real_browsers/ (deterministic: fixed seeds, fixed inputs):

  lookalikes.txt   look-alikes of Chromium's top domains
                   (tables/browsers/chromium_domains.list)
  words.txt        real words of many languages and scripts under ASCII and IDN TLDs
  codepoints.txt   every assigned code point of Unicode 17 (General_Category
                   not Cn, Cs, Co; no controls Cc) in two templates: `ccc.com`
                   (the character three times) and `ab{c}.com`
  codepoints_chromium_sample.txt
                   a fixed stratified sample of codepoints.txt for Chromium,
                   which is slow: every Unicode block with assigned code points
                   at least once, plus chosen probes
  syntax.txt       URL-syntax edges: IPv6 brackets (ASCII, full-width, vertical
                   forms), IPv4 parts (a bare 0x, past 32 or 64 bits), xn-- labels
                   that decode to ASCII or to nothing, in every position
                   (`--only syntax` writes it alone, without wordfreq or the UCD)

Run from anywhere, with a Python that has wordfreq 3.1.1 (its word lists ship
inside the package), e.g.:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install wordfreq==3.1.1
    /tmp/venv/bin/python tools/browser-oracle/make_corpora.py

Reads ../shared/unicode/17.0.0/ucd/{UnicodeData,Blocks}.txt (beside the
repository; --ucd to point elsewhere). Lines starting with "# " are comments.
"""

import argparse
import gzip
import os
import random
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(ROOT, "tests", "data", "real_browsers")
DOMAINS = os.path.join(ROOT, "tables", "browsers", "chromium_domains.list")
SEED = 20260417
WORDFREQ_VERSION = "3.1.1"


def rng(family):
    return random.Random(f"{SEED}-{family}")


def write(name, header, lines):
    path = os.path.join(OUT, name)
    for line in lines:
        assert line and "\n" not in line and "\r" not in line and not line.startswith("# "), repr(line)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for h in header:
            f.write(f"# {h}\n")
        for line in lines:
            f.write(line + "\n")
    print(f"{name}: {len(lines)} lines, {os.path.getsize(path):,} bytes", file=sys.stderr)


def dedupe(lines):
    seen, out = set(), []
    for line in lines:
        if line not in seen:
            seen.add(line)
            out.append(line)
    return out


# ---------------------------------------------------------------- lookalikes

# One Latin letter -> Cyrillic and Greek look-alikes.
SWAPS = {
    "a": ["\u0430", "\u03b1"],  # а α
    "b": ["\u042c", "\u0184"],  # Ь Ƅ
    "c": ["\u0441", "\u03f2"],  # с ϲ
    "d": ["\u0501"],  # ԁ
    "e": ["\u0435", "\u03b5"],  # е ε
    "g": ["\u0261"],  # ɡ (Latin script, IPA)
    "h": ["\u04bb", "\u0570"],  # һ հ
    "i": ["\u0456", "\u03b9"],  # і ι
    "j": ["\u0458", "\u03f3"],  # ј ϳ
    "k": ["\u043a", "\u03ba"],  # к κ
    "l": ["\u04cf", "\u0399"],  # ӏ Ι
    "m": ["\u043c"],  # м
    "n": ["\u0578", "\u03b7"],  # ո η
    "o": ["\u043e", "\u03bf"],  # о ο
    "p": ["\u0440", "\u03c1"],  # р ρ
    "q": ["\u051b", "\u0566"],  # ԛ զ
    "r": ["\u0433"],  # г
    "s": ["\u0455"],  # ѕ
    "t": ["\u0442", "\u03c4"],  # т τ
    "u": ["\u03c5", "\u057d"],  # υ ս
    "v": ["\u03bd", "\u0475"],  # ν ѵ
    "w": ["\u051d", "\u03c9"],  # ԝ ω
    "x": ["\u0445", "\u03c7"],  # х χ
    "y": ["\u0443", "\u03b3"],  # у γ
    "z": ["\u1d22"],  # ᴢ
}

# A whole label in Cyrillic: the letters that have a Cyrillic look-alike.
CYRILLIC_WHOLE = {
    "a": "\u0430", "c": "\u0441", "d": "\u0501", "e": "\u0435", "h": "\u04bb", "i": "\u0456",
    "j": "\u0458", "k": "\u043a", "l": "\u04cf", "o": "\u043e", "p": "\u0440", "q": "\u051b",
    "s": "\u0455", "w": "\u051d", "x": "\u0445", "y": "\u0443",
}
# And in Greek.
GREEK_WHOLE = {
    "a": "\u03b1", "i": "\u03b9", "k": "\u03ba", "n": "\u03b7", "o": "\u03bf", "p": "\u03c1",
    "t": "\u03c4", "u": "\u03c5", "v": "\u03bd", "x": "\u03c7", "y": "\u03b3", "w": "\u03c9",
}

DIACRITICS = {
    "a": "áàâäãåāăą", "c": "çćčĉċ", "d": "ďđ", "e": "éèêëēėęěĕ", "g": "ğģĝġ", "h": "ĥħ",
    "i": "íìîïīįıĭ", "j": "ĵ", "k": "ķ", "l": "ĺļľłŀ", "n": "ñńňņ", "o": "óòôöõøōőŏ",
    "r": "ŕřŗ", "s": "śšşșŝ", "t": "ťţțŧ", "u": "úùûüūůűųŭ", "w": "ŵẁẃẅ", "y": "ýÿŷ",
    "z": "źżž", "b": "ḃɓ", "f": "ḟƒ", "m": "ṁ", "p": "ṗ", "v": "ṽ", "x": "ẋ",
}
# Combining marks, for decomposed spellings (NFC composes some of them).
COMBINING = ["\u0301", "\u0300", "\u0308", "\u0307", "\u0323", "\u0327", "\u030c", "\u0331"]

# Letters -> ASCII digits (leet), and letters -> digits of other scripts that look Latin.
LEET = {"o": "0", "l": "1", "i": "1", "e": "3", "a": "4", "s": "5", "b": "6", "t": "7", "g": "9", "z": "2"}
FOREIGN_DIGITS = {
    "o": ["\u0966", "\u09e6", "\u0ae6", "\u0665", "\u07c0"],  # ० ০ ૦ ٥ ߀
    "l": ["\u0661", "\u06f1"],  # ١ ۱
    "v": ["\u0667", "\u06f7"],  # ٧ ۷
    "g": ["\u09ea"],  # ৪
}
# ASCII digits -> letters of other scripts that look like digits (Chromium's kDigitLookalikes and kin).
DIGIT_LOOKALIKES = {
    "0": ["\u043e", "\u03bf", "\u03b8"],  # о ο θ
    "2": ["\u0577", "\u14bf"],  # շ ᒿ
    "3": ["\u0437", "\u0499", "\u04e1", "\u0545"],  # з ҙ ӡ Յ
    "4": ["\u0447", "\u0446"],  # ч ц
    "6": ["\u0431"],  # б
    "8": ["\u0223", "\u0222"],  # ȣ Ȣ
    "9": ["\u0563", "\u0566"],  # գ զ
    "1": ["\u04cf", "\u0406"],  # ӏ І
}


def read_domains():
    top, rest = [], []
    bucket = top
    with open(DOMAINS, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line == "###END_TOP_BUCKET###":
                bucket = rest
                continue
            if not line or line.startswith("#") or "xn--" in line:
                continue
            bucket.append(line)
    return top, rest


def split_domain(domain):
    label, _, suffix = domain.partition(".")
    return label, "." + suffix


def lookalikes():
    r = rng("lookalikes")
    top, rest = read_domains()
    # Popular first: the top bucket, then a fixed sample of the rest.
    pool = top + r.sample(rest, 1500)
    out = []

    def pick(count, make):
        made = []
        tries = 0
        while len(made) < count and tries < count * 50:
            tries += 1
            host = make(r.choice(pool))
            if host and host not in made:
                made.append(host)
        return made

    def replace_one(domain, table, replacement):
        """`domain` with one letter of its first label that `table` holds
        replaced by `replacement(label, i)`; None when no letter qualifies."""
        label, suffix = split_domain(domain)
        spots = [i for i, ch in enumerate(label) if ch in table]
        if not spots:
            return None
        i = r.choice(spots)
        return replacement(label, i) + suffix

    def one_swap(domain):
        return replace_one(domain, SWAPS, lambda label, i: label[:i] + r.choice(SWAPS[label[i]]) + label[i + 1 :])

    def one_diacritic(domain):
        def replacement(label, i):
            if r.random() < 0.12:
                # Decomposed: the letter and a combining mark.
                return label[: i + 1] + r.choice(COMBINING) + label[i + 1 :]
            return label[:i] + r.choice(DIACRITICS[label[i]]) + label[i + 1 :]

        return replace_one(domain, DIACRITICS, replacement)

    out += pick(1100, one_swap)
    out += pick(900, one_diacritic)

    # Whole-script Cyrillic and Greek spellings of every label that allows one.
    whole = []
    for domain in top + rest:
        label, suffix = split_domain(domain)
        if len(label) >= 2 and all(ch in CYRILLIC_WHOLE for ch in label):
            cyr = "".join(CYRILLIC_WHOLE[ch] for ch in label)
            whole.append(cyr + suffix)
            if domain in top:
                whole.append(cyr + r.choice([".ru", ".рф", ".com", ".org"]))
        if len(label) >= 2 and all(ch in GREEK_WHOLE for ch in label):
            whole.append("".join(GREEK_WHOLE[ch] for ch in label) + suffix)
    whole = dedupe(whole)
    if len(whole) > 700:
        whole = r.sample(whole, 700)
    out += whole

    # Digit look-alikes.
    def leet(domain):
        return replace_one(domain, LEET, lambda label, i: label[:i] + LEET[label[i]] + label[i + 1 :])

    def foreign_digit(domain):
        return replace_one(
            domain, FOREIGN_DIGITS, lambda label, i: label[:i] + r.choice(FOREIGN_DIGITS[label[i]]) + label[i + 1 :]
        )

    digit_domains = [d for d in top + rest if any(ch.isdigit() for ch in split_domain(d)[0])]

    def digit_to_letter(_):
        domain = r.choice(digit_domains)
        label, suffix = split_domain(domain)
        spots = [i for i, ch in enumerate(label) if ch in DIGIT_LOOKALIKES]
        if not spots:
            return None
        # One digit, or all of them.
        chosen = spots if r.random() < 0.5 else [r.choice(spots)]
        chars = list(label)
        for i in chosen:
            chars[i] = r.choice(DIGIT_LOOKALIKES[label[i]])
        return "".join(chars) + suffix

    def digit_only(_):
        n = r.randint(2, 5)
        chars = [r.choice(list(DIGIT_LOOKALIKES)) for _ in range(n)]
        label = "".join(r.choice(DIGIT_LOOKALIKES[d]) if r.random() < 0.5 else d for d in chars)
        return label + r.choice([".com", ".net", ".ru", ".рф", ".am"])

    out += pick(120, leet)
    out += pick(180, foreign_digit)
    out += pick(250, digit_to_letter)
    out += pick(100, digit_only)
    out = dedupe(out)
    write(
        "lookalikes.txt",
        [
            "Look-alikes of Chromium's top domains (tables/browsers/chromium_domains.list: the top bucket and",
            "a fixed sample of the rest): one Latin letter replaced by a Cyrillic/Greek/Armenian look-alike,",
            "one letter with a diacritic (some decomposed), whole-script Cyrillic and Greek spellings, digit",
            "look-alikes. Made by tools/browser-oracle/make_corpora.py (seed %d); do not edit by hand." % SEED,
        ],
        out,
    )


# ---------------------------------------------------------------- words

# language, words, ccTLD, IDN TLDs. Languages wordfreq has.
WORDFREQ_LANGS = [
    ("ru", 150, ".ru", [".рф", ".москва"]),
    ("uk", 90, ".ua", [".укр"]),
    ("bg", 70, ".bg", [".бг"]),
    ("mk", 50, ".mk", [".мкд"]),
    ("el", 140, ".gr", [".ελ"]),
    ("ar", 140, ".sa", [".السعودية", ".مصر", ".امارات"]),
    ("fa", 90, ".ir", [".ایران"]),
    ("ur", 60, ".pk", [".پاکستان"]),
    ("he", 120, ".il", [".ישראל"]),
    ("hi", 140, ".in", [".भारत"]),
    ("bn", 100, ".bd", [".বাংলা", ".ভারত"]),
    ("ta", 100, ".lk", [".இலங்கை", ".இந்தியா"]),
    ("ko", 150, ".kr", [".한국"]),
    ("ja", 180, ".jp", [".コム", ".みんな"]),
    ("zh", 180, ".cn", [".中国", ".公司", ".网络"]),
    ("de", 110, ".de", []),
    ("fr", 100, ".fr", []),
    ("pl", 90, ".pl", []),
    ("cs", 90, ".cz", []),
    ("tr", 90, ".tr", []),
    ("vi", 110, ".vn", []),
    ("hu", 50, ".hu", []),
    ("ro", 50, ".ro", []),
    ("is", 50, ".is", []),
    ("lt", 40, ".lt", []),
    ("lv", 40, ".lv", []),
    ("sk", 40, ".sk", []),
    ("sl", 30, ".si", []),
    ("sh", 40, ".rs", [".срб"]),
    ("es", 50, ".es", []),
    ("pt", 50, ".br", []),
    ("ca", 40, ".cat", []),
    ("sv", 40, ".se", []),
    ("da", 30, ".dk", []),
    ("nb", 30, ".no", []),
    ("fi", 30, ".fi", []),
]

# Scripts wordfreq lacks: common words, written by hand.
HAND_WORDS = {
    "th": (".th", [".ไทย"], """สวัสดี ประเทศไทย กรุงเทพ ภาษาไทย โรงเรียน มหาวิทยาลัย ข่าว ร้านค้า อาหาร ท่องเที่ยว
        ธนาคาร รถยนต์ บ้าน ตลาด สุขภาพ กีฬา เพลง หนังสือ ความรัก ครอบครัว โทรศัพท์ คอมพิวเตอร์ ข้อมูล
        บริษัท ราคา งาน ประกัน โรงแรม ทะเล ดอกไม้ กาแฟ ภาพยนตร์ เกม ดนตรี แฟชั่น ความงาม สินค้า บริการ
        การศึกษา รัฐบาล โรงพยาบาล อากาศ เชียงใหม่ ภูเก็ต"""),
    "ka": (".ge", [".გე"], """საქართველო თბილისი ბათუმი ქუთაისი ენა სკოლა ბანკი ამბები წიგნი მუსიკა სახლი ქალაქი
        მაღაზია ფილმი სპორტი ამინდი ჯანმრთელობა განათლება მთავრობა უნივერსიტეტი ტელეფონი მეგობარი
        სიყვარული ღვინო პური წყალი მზე მთა ზღვა ოჯახი სამსახური ფასი მანქანა რესტორანი სასტუმრო"""),
    "hy": (".am", [".հայ"], """հայաստան երևան գյումրի լեզու դպրոց բանկ լուրեր գիրք երաժշտություն տուն քաղաք
        խանութ ֆիլմ սպորտ եղանակ առողջություն կրթություն կառավարություն համալսարան հեռախոս ընկեր սեր
        գինի հաց ջուր արև լեռ ծով ընտանիք աշխատանք գին մեքենա ռեստորան հյուրանոց սուրճ"""),
    "am": (".et", [], """ኢትዮጵያ አዲስ ቋንቋ ትምህርት ባንክ ዜና መጽሐፍ ሙዚቃ ቤት ከተማ ሱቅ ፊልም ስፖርት ጤና መንግሥት
        ዩኒቨርሲቲ ስልክ ጓደኛ ፍቅር ዳቦ ውሃ ፀሐይ ተራራ ባሕር ቡና ገበያ ቤተሰብ ሥራ ዋጋ መኪና ምግብ ሆቴል
        ጎንደር መቀሌ ሐረር"""),
    "az": (".az", [], """azərbaycan bakı xəbər şəhər dövlət məktəb kitab musiqi bazar idman səhiyyə təhsil
        hökumət universitet telefon dost sevgi çörək günəş dağ dəniz ailə qiymət maşın gəncə"""),
}

ASCII_TLDS = [".com", ".com", ".com", ".net", ".org", ".info"]


def traditional_map(wordfreq_dir):
    """The reverse of wordfreq's traditional -> simplified character map,
    where the reverse is unique."""
    import msgpack

    path = os.path.join(wordfreq_dir, "data", "_chinese_mapping.msgpack.gz")
    with gzip.open(path) as f:
        to_simplified = msgpack.load(f, raw=False, strict_map_key=False)
    reverse = {}
    for trad, simp in to_simplified.items():
        if trad != simp:
            reverse.setdefault(simp, []).append(trad)
    return {simp: chr(t[0]) if isinstance(t[0], int) else t[0] for simp, t in reverse.items() if len(t) == 1}


def good_word(word, lang):
    if not all(unicodedata.category(c)[0] in "LM" for c in word):
        return False
    if lang in ("zh", "ja", "ko"):
        return len(word) >= 2
    if len(word) < 3:
        return False
    # Latin-script languages: only words with a letter beyond ASCII.
    latin = all(unicodedata.name(c, "").startswith("LATIN") or unicodedata.category(c) == "Mn" for c in word)
    if latin and lang not in ("az",):
        return not word.isascii()
    return True


def host_for(r, word, cctld, idn_tlds):
    x = r.random()
    if r.random() < 0.06 and word != word.capitalize():
        word = word.capitalize()
    if x < 0.45:
        return word + r.choice(ASCII_TLDS)
    if x < 0.75 or not idn_tlds:
        return word + cctld
    return word + r.choice(idn_tlds)


def words():
    import wordfreq

    from importlib.metadata import version

    if version("wordfreq") != WORDFREQ_VERSION:
        sys.exit(f"wordfreq {version('wordfreq')} is installed; the corpus is made with {WORDFREQ_VERSION}")
    r = rng("words")
    out = []
    for lang, count, cctld, idn_tlds in WORDFREQ_LANGS:
        candidates = [w for w in wordfreq.top_n_list(lang, 5000) if good_word(w, lang)]
        chosen = r.sample(candidates[:2500], min(count, len(candidates[:2500])))
        out += [host_for(r, w, cctld, idn_tlds) for w in chosen]
    # Traditional Chinese: Simplified words with at least one character that
    # has a single Traditional form, written in it.
    to_trad = traditional_map(os.path.dirname(wordfreq.__file__))
    trad = []
    for w in wordfreq.top_n_list("zh", 5000):
        if good_word(w, "zh") and any(c in to_trad for c in w):
            trad.append("".join(to_trad.get(c, c) for c in w))
    out += [host_for(r, w, ".tw", [".台灣", ".台湾", ".香港"]) for w in r.sample(trad[:2000], 120)]
    for lang, (cctld, idn_tlds, text) in HAND_WORDS.items():
        ws = text.split()
        assert all(unicodedata.category(c)[0] in "LM" for w in ws for c in w), lang
        out += [host_for(r, w, cctld, idn_tlds) for w in ws]
    out = dedupe(out)
    write(
        "words.txt",
        [
            "Real words of %d languages under ASCII and IDN TLDs. Word lists: wordfreq %s (PyPI; top lists of"
            % (len(WORDFREQ_LANGS) + 1 + len(HAND_WORDS), WORDFREQ_VERSION),
            "%s), Traditional Chinese by reversing wordfreq's character map where unique, and hand-written"
            % " ".join(l for l, *_ in WORDFREQ_LANGS),
            "common words for %s. Made by tools/browser-oracle/make_corpora.py (seed %d); do not edit."
            % (" ".join(HAND_WORDS), SEED),
        ],
        out,
    )


# ---------------------------------------------------------------- code points


def assigned_code_points(ucd):
    """(code point, General_Category) of every assigned code point but
    Cn, Cs, Co and Cc."""
    out = []
    first = None
    with open(os.path.join(ucd, "UnicodeData.txt"), encoding="utf-8") as f:
        for line in f:
            fields = line.split(";")
            cp, name, gc = int(fields[0], 16), fields[1], fields[2]
            if name.endswith(", First>"):
                first = cp
                continue
            if name.endswith(", Last>"):
                span = range(first, cp + 1)
            else:
                span = [cp]
            if gc in ("Cs", "Co", "Cc", "Cn"):
                continue
            out += [(c, gc) for c in span]
    return out


def blocks(ucd):
    out = []
    with open(os.path.join(ucd, "Blocks.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.split("#")[0].strip()
            if not line:
                continue
            span, name = line.split(";")
            lo, hi = span.split("..")
            out.append((int(lo, 16), int(hi, 16), name.strip()))
    return out


def probes(cp):
    c = chr(cp)
    return [c * 3 + ".com", "ab" + c + ".com"]


def codepoints(ucd):
    cps = assigned_code_points(ucd)
    lines = []
    for cp, _ in cps:
        lines += probes(cp)
    ascii_count = sum(1 for cp, _ in cps if cp < 0x80)
    write(
        "codepoints.txt",
        [
            "One probe per template per code point: every assigned code point of Unicode 17.0.0 (UnicodeData.txt;",
            "General_Category not Cn, Cs, Co, Cc): %d code points, `ccc.com` and `ab{c}.com` each." % len(cps),
            "Kept though trivially decided: %d ASCII code points (plain hosts, or invalid: space, %%, <, …), and"
            % ascii_count,
            "/ \\ ? # @ :, which split the URL (the oracle writes them `rejected` without asking the browser).",
            "Made by tools/browser-oracle/make_corpora.py; do not edit.",
        ],
        lines,
    )
    return cps


CHOSEN = [
    0x0115,  # ĕ
    0x1E01,  # ḁ
    0x3400,  # 㐀 CJK Ext A
    0x3105, 0x312F, 0x31A0, 0x31BF,  # Bopomofo, Bopomofo Extended
    0x10FD, 0x10FE, 0x10FF,  # Georgian
    0x0253,  # ɓ
    0x00E4, 0x00DF, 0x00FE, 0x00F0, 0x0259, 0x00B7, 0x0131, 0x03C2, 0x200C, 0x200D,
    0x0430, 0x04CF, 0x0585, 0x30FC, 0x30FB, 0x4E00, 0x4E28, 0x3007, 0x0E01, 0xAC00,
    0x0660, 0x06F0, 0x0966, 0x1E9E, 0x2100, 0xFF21, 0x2488, 0x00BD, 0x2044, 0x0338,
    0x1F600, 0x20000, 0x2F800, 0xE0041, 0x17000,
]
EXTRA = ["ӏоаԝа.рф"]


def sample(cps, ucd, size=1500):
    r = rng("chromium-sample")
    assigned = {cp for cp, _ in cps}
    by_block = []
    for lo, hi, name in blocks(ucd):
        members = [cp for cp in range(lo, hi + 1) if cp in assigned]
        if members:
            by_block.append((name, members))
    chosen = []
    for cp in CHOSEN:
        assert cp in assigned, hex(cp)
        chosen += probes(cp)
    # Every block once, template alternating.
    for i, (name, members) in enumerate(by_block):
        chosen.append(probes(r.choice(members))[i % 2])
    # The rest in proportion to the square root of the block's size.
    weights = [len(members) ** 0.5 for _, members in by_block]
    all_probes = set()
    for cp, _ in cps:
        all_probes.update(probes(cp))
    chosen = dedupe(chosen)
    while len(chosen) + len(EXTRA) < size:
        _, members = r.choices(by_block, weights)[0]
        probe = probes(r.choice(members))[r.randrange(2)]
        if probe not in chosen:
            chosen.append(probe)
    assert all(p in all_probes for p in chosen)
    lines = chosen + EXTRA
    write(
        "codepoints_chromium_sample.txt",
        [
            "A fixed sample of codepoints.txt for Chromium (slow): %d chosen probes (ĕ ḁ 㐀 Bopomofo Georgian"
            % (2 * len(CHOSEN)),
            "U+10FD–U+10FF ɓ and others, both templates), one probe of each of the %d blocks with assigned code"
            % len(by_block),
            "points, the rest drawn in proportion to the square root of a block's size; plus %s."
            % " ".join(EXTRA),
            "Made by tools/browser-oracle/make_corpora.py (seed %d); do not edit." % SEED,
        ],
        lines,
    )


# ---------------------------------------------------------------- URL-syntax edges

# Brackets: ASCII, full-width (U+FF3B/U+FF3D) and the vertical presentation
# forms (U+FE47/U+FE48), which UTS #46 maps to ASCII, or none.
OPENERS = ["[", "\uff3b", "\ufe47", ""]
CLOSERS = ["]", "\uff3d", "\ufe48", ""]
# What goes between them: IPv6 addresses (with ASCII or full-width colons
# and digits), an IPv4 address, words, nothing.
BRACKETED = [
    "::1", "::", "1::", "::1.", "2001:db8::1", "ABCD::EF", "::ffff:1.2.3.4", "1:2:3:4:5:6:7:8",
    "1:2:3:4:5:6:7:8:9", "::1::", "\uff1a\uff1a1", "::\uff11", "\uff1a:1", "1.2.3.4", "a", "v1.x", "",
    "::1%25eth0", "::g",
]
# IPv4 parts: decimal, octal, hexadecimal, bare 0x in either case, too large, not numbers.
IPV4_PARTS = [
    "0x", "0X", "0x0", "0X0", "0xff", "0XFF", "0x100", "0xFFFFFFFF", "0x100000000", "0", "00", "1", "127", "255",
    "256", "0377", "0400", "08", "0xg", "x", "0x0x", "00x", "0xx", "4294967295", "4294967296", "65535", "16777216",
]
# Whole numbers past 64 bits, in each radix (a parser that accumulates in
# 64 bits without a check wraps).
OVERFLOWS = [
    "18446744073709551616", "18446744073709551617", "18446744073709551615", "18446744073709551871",
    "36893488147419103233", "0x10000000000000000", "0x10000000000000001", "0x1FFFFFFFFFFFFFFFF",
    "02000000000000000000000", "02000000000000000000001", "99999999999999999999999999", "4294967297",
]
# xn-- labels that decode to ASCII (a trailing delimiter and no deltas), to
# nothing, fail to decode, or decode: lowercase and upper case.
XN_LABELS = [
    "xn--", "xn---", "xn----", "xn--abc-", "xn--a-", "xn--ab-cd-", "xn--0-", "xn--abc--", "XN--ABC-", "Xn--abc-",
    "xn--abc", "xn--a", "xn--zz", "xn--99999999", "xn--abc-9", "xn--mnchen-3ya", "xn--bcher-kva", "xn--ls8h",
    "xn--zca", "xn--p1ai", "xn--mnchen-3ya-",
]


def syntax():
    r = rng("syntax")
    lines = []
    # Brackets: every opener and closer around every content, alone, under a TLD and after a label.
    for opener in OPENERS:
        for closer in CLOSERS:
            for inside in BRACKETED:
                host = opener + inside + closer
                if host:
                    lines.append(host)
            lines += [opener + "::1" + closer + ".com", "a" + opener + "::1" + closer, opener + "::1" + closer + "."]
    # Percent-encoded brackets and colons (the parsers decode them at different steps).
    lines += ["%5B::1%5D", "%EF%BC%BB::1%EF%BC%BD", "[%3A%3A1]", "%5B%3A%3A1%5D", "\uff3b%3A%3A1\uff3d"]
    # IPv4: one to five parts, each special part in every position, with no, one or two trailing dots.
    for special in IPV4_PARTS:
        for count in range(1, 5):
            for at in range(count):
                parts = ["1"] * count
                parts[at] = special
                for end in ("", ".", ".."):
                    lines.append(".".join(parts) + end)
    # Random mixes of parts.
    for _ in range(300):
        count = r.choice([1, 2, 3, 4, 4, 4, 5])
        parts = [r.choice(IPV4_PARTS) for _ in range(count)]
        lines.append(".".join(parts) + r.choice(["", "", "."]))
    # Past 64 bits, as the only part, the last of four, and a middle one.
    for big in OVERFLOWS:
        lines += [big, "1.2.3." + big, "1." + big, big + ".", "1." + big + ".3.4"]
    # A number past 32 bits followed by more characters without a dot (WebKit's parser reads
    # them as the next part).
    for prefix in ["", "1.", "1.2.3.", "a."]:
        for big in ["42949672950", "4294967296", "99999999999", "0x100000000", "040000000000"]:
            for suffix in ["x", "0x", "1", "x1", ".com", "0", "x."]:
                lines.append(prefix + big + suffix)
    # 0x written with full-width or percent-encoded characters, and a bare 0x before a word.
    lines += [
        "1.2.3.\uff10\uff58", "1.2.3.\uff10x", "\uff10\uff38", "1.2.3.%30x", "1.2.3.0%78", "0x.com", "a.0x.com",
        "0x.0x.0x.0x", "0x.0x.0x.0x.", "0x.1", "1.0x.", "0x1.0x", "0xa.0xb.0xc.0xd", "0XA.0XB.0XC.0XD",
    ]
    # xn-- labels in every position: alone, first, middle, last, twice, beside IDN labels and TLDs.
    templates = [
        "{x}", "{x}.", "{x}.com", "{x}.com.", "a.{x}", "a.{x}.com", "{x}.{y}", "{x}.xn--p1ai", "{x}.\u0440\u0444",
        "b\u00fccher.{x}", "{x}.b\u00fccher.de", "xn--mnchen-3ya.{x}", "{x}.xn--mnchen-3ya.de",
    ]
    for x in XN_LABELS:
        for template in templates:
            y = XN_LABELS[(XN_LABELS.index(x) + 3) % len(XN_LABELS)]
            lines.append(template.format(x=x, y=y))
    # Random hosts of two to four labels drawn from the xn-- labels and words.
    words = ["a", "com", "de", "example", "b\u00fccher", "\u043f\u0440\u0438\u043c\u0435\u0440", "\u0440\u0444", "1", "0x"]
    for _ in range(200):
        count = r.randrange(2, 5)
        labels = [r.choice(XN_LABELS) if r.random() < 0.5 else r.choice(words) for _ in range(count)]
        lines.append(".".join(labels))
    lines = dedupe(lines)
    write(
        "syntax.txt",
        [
            "URL-syntax edges: IPv6 brackets (ASCII, full-width, vertical forms; none) around addresses and words;",
            "IPv4 parts (bare 0x/0X, hexadecimal, octal, too large, past 64 bits) in every position with trailing dots,",
            "numbers past 32 bits with more characters after them;",
            "xn-- labels that decode to ASCII, to nothing, fail to decode or decode, in every position.",
            "Made by tools/browser-oracle/make_corpora.py (seed %d); do not edit." % SEED,
        ],
        lines,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ucd", default=os.path.join(ROOT, "..", "shared", "unicode", "17.0.0", "ucd"))
    parser.add_argument("--only", choices=["syntax"], help="write this family alone (it needs neither wordfreq nor the UCD)")
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    if args.only == "syntax":
        syntax()
        return
    lookalikes()
    words()
    cps = codepoints(args.ucd)
    sample(cps, args.ucd)
    syntax()


if __name__ == "__main__":
    main()
