#!/usr/bin/env bash
# Builds idna-inspector.exe for 64-bit Windows 10 and later (the window and
# the command line, the same features as on Linux) and a zip with it, the
# README and the licences: target/windows/idna-inspector-<version>-windows-x86_64.zip.
#
# Usage: [WINDOWS_PROFILE=NAME] scripts/package-windows.sh [--shim]
#   WINDOWS_PROFILE  the Cargo profile (default: release; CI names
#                    quick, an optimized build that is quicker to make)
#   --shim           also builds the test-only bcryptprimitives.dll for Wine
#                    8.0 (tools/wine-shim/) beside the .exe, never into the zip
# Needs Debian 12's rustc-web toolchain, which builds the standard library
# for Windows from source, MinGW-w64 as the linker, and zip:
#   sudo apt-get install --no-install-recommends rustc-web cargo-web rust-web-src gcc-mingw-w64-x86-64 zip
set -euo pipefail
cd "$(dirname "$0")/.."
profile="${WINDOWS_PROFILE:-release}"
if ! /usr/bin/rustc --version 2>/dev/null | grep -q '^rustc 1\.\(9[6-9]\|[1-9][0-9][0-9]\)'; then
  echo "package-windows.sh: needs Debian's rustc-web (1.96 or later) at /usr/bin/rustc" >&2
  exit 2
fi
for tool in x86_64-w64-mingw32-gcc zip; do
  command -v "$tool" >/dev/null || { echo "package-windows.sh: needs $tool" >&2; exit 2; }
done
# The release profiles abort on a panic (Cargo.toml); the dev profile unwinds.
case "$profile" in
  dev | test) std_crates=std,panic_unwind dir=debug ;;
  *) std_crates=std,panic_abort dir="$profile" ;;
esac
started=$SECONDS
# Debian's cargo and rustc, named (rustup's come first on PATH), with their
# own target directory; the C of mimalloc is compiled by MinGW-w64.
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
  CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
  CC_x86_64_pc_windows_gnu=x86_64-w64-mingw32-gcc AR_x86_64_pc_windows_gnu=x86_64-w64-mingw32-ar \
  /usr/bin/cargo build --locked --profile "$profile" --target x86_64-pc-windows-gnu -Zbuild-std="$std_crates" \
  --target-dir target/windows --bin idna-inspector
exe="target/windows/x86_64-pc-windows-gnu/$dir/idna-inspector.exe"
version=$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)
stage=target/windows/zip/idna-inspector-$version-windows-x86_64
rm -rf target/windows/zip
mkdir -p "$stage"
cp "$exe" README.md LICENSE-MIT LICENSE-APACHE "$stage/"
cp assets/fonts/OFL.txt "$stage/fonts-OFL.txt"
cp tables/README.md "$stage/unicode-tables-README.md"
zip="target/windows/idna-inspector-$version-windows-x86_64.zip"
rm -f "$zip"
(cd target/windows/zip && zip -qr "../$(basename "$zip")" "$(basename "$stage")")
if [ "${1:-}" = "--shim" ]; then
  x86_64-w64-mingw32-gcc -shared -O2 -o "$(dirname "$exe")/bcryptprimitives.dll" tools/wine-shim/bcryptprimitives.c -ladvapi32
fi
echo "built $exe ($(($(stat -c %s "$exe") / 1000000)) MB) and $zip ($(($(stat -c %s "$zip") / 1000000)) MB) in $((SECONDS - started)) s"
