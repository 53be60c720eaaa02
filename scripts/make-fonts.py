#!/usr/bin/env python3
"""Regenerates assets/fonts/ from Debian 12's Noto font packages.

Needs: apt-get install fonts-noto-core fonts-noto-cjk; pip install fonttools
brotli (in a venv); npm (for one package, below); egui's own fonts in the
Cargo registry (`cargo fetch` puts them there). Run from the repository root:
python3 scripts/make-fonts.py

What the window must draw without a system font: every code point of every
bundled LGR (tables/lgr/*.bin, repertoires and variants) — checked by
tests/glyphs.rs. Each font below is subset to the code points it has among
those and among the code points UTS #46 keeps (tables/IdnaMappingTable.txt:
valid, deviation), less those egui's fonts or an earlier font here already
draw, in the order src/app/fonts.rs installs them:

- Noto Sans Hebrew, Arabic, Thai, Devanagari, Sinhala: copied whole.
- Noto Sans (Latin, Greek, Cyrillic egui's fonts lack: Vietnamese, IPA) and
  Noto Sans Bengali, Gujarati, Gurmukhi, Oriya, Tamil, Telugu, Kannada,
  Malayalam, Thaana, Myanmar, Khmer, Lao, Ethiopic, Balinese: the scripts
  of the LGRs, subset.
- Noto Sans Canadian Aboriginal 2.004 from npm's @fontsource package (its
  canadian-aboriginal WOFF2): Debian's 2020 font lacks U+11AB0..U+11ABF,
  which the iu-Cans LGRs use.
- Noto Sans CJK JP Regular (19 MB whole) subset to: the letterlike, enclosed
  and compatibility blocks UTS #46 maps, CJK Symbols and Punctuation, kana,
  Hangul Compatibility Jamo, Halfwidth and Fullwidth Forms, all of CJK
  Unified Ideographs (U+4E00..U+9FFF), all 11,172 Hangul syllables, and every
  Extension ideograph UTS #46 keeps that the font has (Extension A, a few
  thousand of B and later; 2.5 MB of the subset). Not bundled: the other
  Extension ideographs (about 68,000, in no Noto font): the window names them
  and points to fonts-hanazono.
All are under the SIL Open Font License 1.1 (assets/fonts/OFL.txt).
"""
import glob
import re
import shutil
import subprocess
import tempfile
import zlib
from pathlib import Path

from fontTools.ttLib import TTCollection, TTFont

CORE = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
OUT = Path("assets/fonts")
WHOLE = ["Hebrew", "Arabic", "Thai", "Devanagari", "Sinhala"]
# (output name, source file in CORE): subset, in this order, after WHOLE.
SUBSET = [
    ("NotoSans-Extra", "NotoSans-Regular.ttf"),
    *[
        (f"NotoSans{script}-Subset", f"NotoSans{script}-Regular.ttf")
        for script in [
            "Bengali", "Gujarati", "Gurmukhi", "Oriya", "Tamil", "Telugu", "Kannada", "Malayalam",
            "Thaana", "Myanmar", "Khmer", "Lao", "Ethiopic", "Balinese",
        ]
    ],
    ("NotoSansCanadianAboriginal-Subset", "npm:@fontsource/noto-sans-canadian-aboriginal@5.3.0"
     ":files/noto-sans-canadian-aboriginal-canadian-aboriginal-400-normal.woff2"),
]
# egui's fonts, which come before ours in both families.
EGUI_FONTS = ["Ubuntu-Light.ttf", "Hack-Regular.ttf", "NotoEmoji-Regular.ttf", "emoji-icon-font.ttf", "egui-icons.ttf"]


def lgr_code_points() -> set[int]:
    """Every code point of a char, range or var element of the bundled LGRs."""
    points: set[int] = set()
    for bundle in sorted(Path("tables/lgr").glob("*.bin")):
        blob = bundle.read_bytes()
        body = blob.index(b"\n\n") + 2
        offset = body
        for line in blob[:body].decode().splitlines()[1:]:
            if not line:
                continue
            _, length = line.split(" ")
            xml = zlib.decompress(blob[offset : offset + int(length)], -15).decode()
            offset += int(length)
            for cps in re.findall(r'<(?:char|var) cp="([^"]+)"', xml):
                points.update(int(cp, 16) for cp in cps.split())
            for first, last in re.findall(r'<range first-cp="([^"]+)" last-cp="([^"]+)"', xml):
                points.update(range(int(first, 16), int(last, 16) + 1))
    return points


def uts46_kept() -> set[int]:
    points: set[int] = set()
    for line in Path("tables/IdnaMappingTable.txt").read_text().splitlines():
        fields = [f.strip() for f in line.split("#")[0].split(";")]
        if len(fields) > 1 and fields[1] in ("valid", "deviation"):
            first, _, last = fields[0].partition("..")
            points.update(range(int(first, 16), int(last or first, 16) + 1))
    return points


def egui_fonts_dir() -> Path:
    lock = Path("Cargo.lock").read_text()
    version = re.search(r'name = "epaint_default_fonts"\nversion = "([^"]+)"', lock).group(1)
    found = glob.glob(str(Path.home() / f".cargo/registry/src/*/epaint_default_fonts-{version}/fonts"))
    if not found:
        raise SystemExit(f"epaint_default_fonts {version} is not in the Cargo registry: run cargo fetch")
    return Path(found[0])


def cmap(font: TTFont) -> set[int]:
    return set(font.getBestCmap())


def cjk_repertoire(wanted: set[int]) -> set[int]:
    blocks = [
        *range(0x2100, 0x2190),  # Letterlike Symbols, Number Forms (℡, Ⅻ: mapped by UTS #46)
        *range(0x2460, 0x2500),  # Enclosed Alphanumerics (①, ⒈: mapped or disallowed)
        *range(0x3000, 0x3100),  # CJK Symbols and Punctuation, Hiragana, Katakana
        *range(0x3130, 0x3190),  # Hangul Compatibility Jamo
        *range(0x3200, 0x3400),  # Enclosed CJK Letters and Months, CJK Compatibility (㈱, ㍿)
        *range(0x4E00, 0xA000),  # CJK Unified Ideographs
        *range(0xAC00, 0xD7A4),  # Hangul Syllables
        *range(0xFE30, 0xFE50),  # CJK Compatibility Forms
        *range(0xFF00, 0xFFF0),  # Halfwidth and Fullwidth Forms
    ]
    extensions = {cp for cp in wanted if 0x3400 <= cp <= 0x4DBF or cp >= 0x20000}
    return set(blocks) | extensions


def source_file(source: str, scratch: Path) -> Path:
    """A font of CORE, or `npm:PACKAGE@VERSION:PATH` (a file of an npm package, fetched with npm pack)."""
    if not source.startswith("npm:"):
        return CORE / source
    _, package, path = source.split(":")
    tarball = subprocess.run(["npm", "pack", "--silent", package], cwd=scratch, check=True,
                             capture_output=True, text=True).stdout.strip().splitlines()[-1]
    subprocess.run(["tar", "xzf", tarball], cwd=scratch, check=True)
    font = TTFont(scratch / "package" / path)
    font.flavor = None  # egui reads plain TrueType/OpenType, not WOFF2
    font.save(scratch / "font.ttf")
    return scratch / "font.ttf"


def subset(source: Path, font_number: int, points: set[int], output: Path) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as unicodes:
        unicodes.write(",".join(f"U+{cp:04X}" for cp in sorted(points)))
        unicodes.flush()
        subprocess.run(
            [
                "pyftsubset", str(source), f"--font-number={font_number}", f"--unicodes-file={unicodes.name}",
                f"--output-file={output}", "--layout-features=*", "--name-IDs=*", "--no-hinting",
            ],
            check=True,
        )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.[ot]tf"):
        old.unlink()
    lgr = lgr_code_points()
    wanted = lgr | uts46_kept()
    egui = egui_fonts_dir()
    covered: set[int] = set()
    for name in EGUI_FONTS:
        covered |= cmap(TTFont(egui / name))
    # egui draws these two from its own fonts as tofu (epaint's
    # FontFace::ignore_character); the zh LGR has them.
    covered -= {0x534D, 0x5350}
    for script in WHOLE:
        name = f"NotoSans{script}-Regular.ttf"
        shutil.copyfile(CORE / name, OUT / name)
        covered |= cmap(TTFont(OUT / name))
    for name, source in SUBSET:
        with tempfile.TemporaryDirectory() as scratch:
            path = source_file(source, Path(scratch))
            points = (wanted & cmap(TTFont(path))) - covered
            if not points & lgr:
                raise SystemExit(f"{source} adds no LGR code point: drop it from SUBSET")
            subset(path, 0, points, OUT / f"{name}.ttf")
        covered |= points
    points = (cjk_repertoire(wanted) & cmap(TTCollection(str(CJK)).fonts[0])) - covered
    subset(CJK, 0, points, OUT / "NotoSansCJK-Regular-Subset.otf")
    covered |= points
    missing = sorted(lgr - covered)
    print(f"LGR code points without a glyph: {len(missing)} {' '.join(f'U+{cp:04X}' for cp in missing[:20])}")
    for path in sorted(OUT.glob("*.[ot]tf")):
        print(f"{path}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
