#!/usr/bin/env bash
# Regenerates the README screenshot: the real window under Xvfb, captured to a PNG.
#
# Usage: scripts/screenshot.sh [DOMAIN] [OUTPUT.png] [XDOTOOL COMMAND...]
# The xdotool command runs once the window is up (its coordinates are the
# window's, which sits at 0,0), e.g. to open a tab and step:
#   scripts/screenshot.sh bücher assets/stepper.png mousemove 471 228 click 1 sleep 0.5 key Right Right Right
# Needs (Debian): xvfb xauth imagemagick xdotool libxcursor1 libxi6 libxkbcommon-x11-0
#                 libegl1 libegl-mesa0 libgl1-mesa-dri (the glyphs of every LGR code
#                 point are bundled; fonts-noto-cjk only for rarer ideographs).
set -euo pipefail
cd "$(dirname "$0")/.."
domain="${1:-www.sparkasse-gießen.de}"
out="${2:-assets/screenshot.png}"
shift 2 || true
cargo build --release --quiet
unset WAYLAND_DISPLAY
# A fresh data folder, so remembered options and window size from earlier runs don't leak in.
XDG_DATA_HOME="$(mktemp -d)"
export XDG_DATA_HOME
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
  ./target/release/idna-inspector "$0" &
  pid=$!
  for _ in $(seq 100); do
    window=$(xdotool search --name "^idna-inspector$" 2>/dev/null | head -1 || true)
    [ -n "$window" ] && break
    sleep 0.1
  done
  [ -n "$window" ] || { echo "window did not appear" >&2; kill $pid; exit 1; }
  # After the first frames: the app may have fitted itself to the screen and centred.
  sleep 2
  xdotool windowmove "$window" 0 0 || true
  sleep 0.5
  if [ $# -gt 1 ]; then
    xdotool windowfocus --sync "$window" || true
    xdotool "${@:2}"
    sleep 1
  fi
  import -window "$window" "$1"
  kill $pid
' "$domain" "$out" "$@"
echo "wrote $out"
