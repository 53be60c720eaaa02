#!/usr/bin/env bash
# Renders assets/icons/idna-inspector.svg to the PNG sizes of the hicolor icon theme,
# and the Windows .ico and macOS .icns forms.
# Needs (Debian): librsvg2-bin imagemagick icnsutils
set -euo pipefail
cd "$(dirname "$0")/../assets/icons"
for size in 16 32 48 64 128 256 512; do
  rsvg-convert -w "$size" -h "$size" idna-inspector.svg -o "idna-inspector-$size.png"
done
convert idna-inspector-16.png idna-inspector-32.png idna-inspector-48.png idna-inspector-256.png idna-inspector.ico
png2icns idna-inspector.icns idna-inspector-16.png idna-inspector-32.png idna-inspector-128.png idna-inspector-256.png idna-inspector-512.png >/dev/null
ls -l
