#!/bin/sh
# Writes the batch's records for every bench corpus under several flag sets
# into DIR, so that two builds can be compared byte for byte (issue 35:
# a speed change changes no output).
#   scripts/same-output.sh BINARY DIR   then   diff -r DIR_BEFORE DIR_AFTER
# Corpora: cargo run --release --example make_corpus -- KIND 200000.
set -eu
bin=$1
out=$2
here=$(cd "$(dirname "$0")/.." && pwd)
corpora=${CORPORA:-/tmp/same-output-corpora}
mkdir -p "$out" "$corpora"
for kind in mixed ascii idn distinct-idn distinct-words; do
    [ -s "$corpora/$kind.txt" ] ||
        (cd "$here" && cargo run -q --release --no-default-features --features mimalloc --example make_corpus -- "$kind" 200000 >"$corpora/$kind.txt")
done
# Protected names: real brands and some of the corpus's own, as a support team's list.
[ -s "$corpora/protected.txt" ] || {
    printf 'apple.com\npaypal.com\ngoogle.com\nпример.рф\nbücher.de\n' >"$corpora/protected.txt"
    sed -n '1~997p' "$corpora/distinct-words.txt" | head -200 >>"$corpora/protected.txt"
}
n=0
for kind in mixed ascii idn distinct-idn distinct-words; do
    for flags in "--spoof" "--spoof --format csv" "--spoof --protected $corpora/protected.txt" \
        "--spoof --no-std3 --no-check-hyphens" "--spoof --no-check-bidi --no-check-joiners --no-verify-dns-length" \
        ""; do
        n=$((n + 1))
        # shellcheck disable=SC2086
        "$bin" batch "$corpora/$kind.txt" --threads 2 $flags >"$out/$kind.$n.out" 2>/dev/null || true
    done
done
ls "$out" | wc -l
