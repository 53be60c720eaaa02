#!/usr/bin/env bash
# Builds the web page into target/web/: index.html, start.js, the JS glue
# and the .wasm, ready for any static host (or `python3 -m http.server -d target/web`).
#
# Usage: [WEB_PROFILE=NAME] scripts/build-web.sh
#   WEB_PROFILE  the Cargo profile (default: web, an optimized build; CI names
#                quick, a build that is quicker to make)
# Needs Debian 12's rustc-web toolchain, which builds the standard library
# for wasm32 from source (rustup's targets need a download):
#   sudo apt-get install --no-install-recommends rustc-web cargo-web rust-web-src lld-22
# and wasm-bindgen's CLI at the version in Cargo.lock:
#   cargo install wasm-bindgen-cli --version "$(scripts/build-web.sh --wasm-bindgen-version)"
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "${1:-}" = "--wasm-bindgen-version" ]; then
  echo "$version"
  exit 0
fi
profile="${WEB_PROFILE:-web}"
if ! /usr/bin/rustc --version 2>/dev/null | grep -q '^rustc 1\.\(9[6-9]\|[1-9][0-9][0-9]\)'; then
  echo "build-web.sh: needs Debian's rustc-web (1.96 or later) at /usr/bin/rustc" >&2
  exit 2
fi
if ! command -v "${WASM_LD:-wasm-ld-22}" >/dev/null; then
  echo "build-web.sh: needs LLVM's wasm-ld (apt-get install lld-22, or WASM_LD=path)" >&2
  exit 2
fi
if [ ! -d /usr/lib/rustlib/src/rust/library ]; then
  echo "build-web.sh: needs rust-web-src (the standard library's source)" >&2
  exit 2
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q " $version\$"; then
  echo "build-web.sh: needs wasm-bindgen-cli $version (cargo install wasm-bindgen-cli --version $version)" >&2
  exit 2
fi
started=$SECONDS
# Debian's cargo and rustc, named: rustup's come first on PATH. Its own
# target directory: the desktop build's would be rebuilt by another compiler.
# LLVM 22's wasm-ld links (Debian's rustc-web has no rust-lld of its own).
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="${WASM_LD:-wasm-ld-22}" \
  /usr/bin/cargo build --locked --profile "$profile" \
  --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort \
  --target-dir target/wasm -p idna-inspector-web
wasm="target/wasm/wasm32-unknown-unknown/$profile/idna_inspector_web.wasm"
rm -rf target/web
mkdir -p target/web
# No wasm-opt: Debian's binaryen 108 breaks the output.
wasm-bindgen --target web --no-typescript --out-dir target/web "$wasm"
cp crates/web/static/index.html crates/web/static/start.js target/web/
cp assets/icons/idna-inspector-64.png target/web/icon-64.png
size=$(stat -c %s target/web/idna_inspector_web_bg.wasm)
gzipped=$(gzip -9 -c target/web/idna_inspector_web_bg.wasm | wc -c)
echo "built target/web/ in $((SECONDS - started)) s: the .wasm is $((size / 1000)) kB, $((gzipped / 1000)) kB gzip-compressed"
