#!/usr/bin/env bash
# Runs a command and appends a dated entry to benches/results.md: the date,
# the commit measured, the command line and its output (stdout and stderr).
# The output is shown as it comes too. Exits with the command's status.
#
#   benches/record.sh cargo bench --bench icu
#   benches/record.sh /usr/bin/time -f %M target/release/idna-inspector batch FILE --format summary --spoof
set -uo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGUMENT...]" >&2
    exit 2
fi

root=$(cd "$(dirname "$0")/.." && pwd)
results="$root/benches/results.md"

date=$(date -u +%Y-%m-%d)
if commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null); then
    git -C "$root" diff --quiet HEAD -- || commit="$commit, with uncommitted changes"
else
    commit="no commit"
fi
command_line=$(printf '%q ' "$@")
command_line=${command_line% }

output=$(mktemp)
trap 'rm -f "$output"' EXIT

"$@" 2>&1 | tee "$output"
status=${PIPESTATUS[0]}

{
    printf '\n## %s — %s\n\n' "$date" "$commit"
    printf '    %s\n\n' "$command_line"
    if [ "$status" -ne 0 ]; then
        printf 'Exit status %s.\n\n' "$status"
    fi
    printf '```text\n'
    cat "$output"
    # The closing fence on a line of its own, whether or not the output ended with a newline.
    if [ -n "$(tail -c 1 "$output")" ]; then
        printf '\n'
    fi
    printf '```\n'
} >>"$results"

echo "recorded in $results" >&2
exit "$status"
