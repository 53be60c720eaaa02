#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ for a short while (default 60 s each),
# starting from the committed seeds in fuzz/seeds/<target>/. A crash stops
# the script with libFuzzer's report and a non-zero exit; the crashing input
# is left in fuzz/artifacts/<target>/ (turn it into a regression test).
#
# Usage: scripts/fuzz-smoke.sh [SECONDS_PER_TARGET] [TARGET...]
# Needs a nightly toolchain and cargo-fuzz (cargo install cargo-fuzz --locked).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(punycode_decode punycode_roundtrip uts46 uts46_traced batch_reader browsers lgr_parse lgr_evaluate)
fi
cargo +nightly fuzz build -O
mkdir -p logs
for target in "${targets[@]}"; do
    mkdir -p "corpus/$target"
    echo "== $target: ${seconds}s"
    log="logs/$target.log"
    if ! cargo +nightly fuzz run -O "$target" "corpus/$target" "seeds/$target" -- \
        -max_total_time="$seconds" -print_final_stats=1 > "$log" 2>&1; then
        tail -n 60 "$log"
        echo "!! $target failed; the input is in fuzz/artifacts/$target/"
        exit 1
    fi
    grep -E '^#[0-9]+.*(DONE|pulse)|^stat::(number_of_executed_units|peak_rss_mb|new_units_added)' "$log" | tail -n 4 || true
done
