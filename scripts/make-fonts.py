#!/usr/bin/env python3
"""Regenerates assets/fonts/ from Debian 12's Noto font packages.

Needs: apt-get install fonts-noto-core fonts-noto-cjk; pip install fonttools
Run from the repository root: python3 scripts/make-fonts.py

- Noto Sans Hebrew, Arabic, Thai, Devanagari, Sinhala: copied whole (fonts-noto-core).
- Noto Sans CJK JP Regular (fonts-noto-cjk) is 19 MB; we ship a subset of it:
  the letterlike, enclosed and compatibility blocks UTS #46 maps, CJK Symbols
  and Punctuation, Hiragana, Katakana, Hangul Compatibility Jamo, Halfwidth
  and Fullwidth Forms, the 2,965 JIS X 0208 level-1 kanji, the 3,755
  GB 2312 level-1 hanzi and the 2,350 KS X 1001 Hangul syllables: the common
  CJK repertoire of real domain names. Rarer characters come from installed
  system fonts at run time (and are always shown with their U+XXXX).
All are under the SIL Open Font License 1.1 (assets/fonts/OFL.txt).
"""
import shutil
import subprocess
import tempfile
from pathlib import Path

CORE = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
OUT = Path("assets/fonts")
WHOLE = ["Hebrew", "Arabic", "Thai", "Devanagari", "Sinhala"]


def in_range(encoded: bytes, first: int, last: int) -> bool:
    return len(encoded) == 2 and first <= encoded[0] <= last


def encodable(cp: int, codec: str) -> bytes:
    try:
        return chr(cp).encode(codec)
    except UnicodeEncodeError:
        return b""


def cjk_repertoire() -> list[int]:
    blocks = [
        *range(0x2100, 0x2190),  # Letterlike Symbols, Number Forms (℡, Ⅻ: mapped by UTS #46)
        *range(0x2460, 0x2500),  # Enclosed Alphanumerics (①, ⒈: mapped or disallowed)
        *range(0x3000, 0x3100),  # CJK Symbols and Punctuation, Hiragana, Katakana
        *range(0x3130, 0x3190),  # Hangul Compatibility Jamo
        *range(0x3200, 0x3400),  # Enclosed CJK Letters and Months, CJK Compatibility (㈱, ㍿)
        *range(0xFE30, 0xFE50),  # CJK Compatibility Forms
        *range(0xFF00, 0xFFF0),  # Halfwidth and Fullwidth Forms
    ]
    unified = range(0x4E00, 0xA000)
    jis_level1 = [cp for cp in unified if in_range(encodable(cp, "shift_jis"), 0x88, 0x98)]
    gb_level1 = [cp for cp in unified if in_range(encodable(cp, "gb2312"), 0xB0, 0xD7)]
    ksx_hangul = [cp for cp in range(0xAC00, 0xD7A4) if len(encodable(cp, "euc_kr")) == 2]
    return sorted(set(blocks + jis_level1 + gb_level1 + ksx_hangul))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for script in WHOLE:
        name = f"NotoSans{script}-Regular.ttf"
        shutil.copyfile(CORE / name, OUT / name)
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as unicodes:
        unicodes.write(",".join(f"U+{cp:04X}" for cp in cjk_repertoire()))
        unicodes.flush()
        subprocess.run(
            [
                "pyftsubset", str(CJK), "--font-number=0", f"--unicodes-file={unicodes.name}",
                f"--output-file={OUT / 'NotoSansCJK-Common-Regular.otf'}",
                "--layout-features=*", "--name-IDs=*", "--no-hinting",
            ],
            check=True,
        )
    for path in sorted(OUT.glob("*.[ot]tf")):
        print(f"{path}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
