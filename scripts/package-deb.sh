#!/usr/bin/env bash
# Builds the Debian package (target/debian/idna-inspector_*.deb), after validating
# the desktop entry and the AppStream metainfo.
#
# Usage: [PACKAGE_PROFILE=NAME] scripts/package-deb.sh [--install]
#   PACKAGE_PROFILE  the Cargo profile to build with (default: release; CI
#                    packages the debug build its tests made, `dev`, to check
#                    the packaging without a release build of the GUI stack)
#   --install  also installs it with dpkg -i (apt-get -f for dependencies) and runs
#              `idna-inspector --version` from the installed path.
# Needs: cargo-deb (cargo install cargo-deb --locked); desktop-file-utils and appstream
# for the validation (skipped with a notice when absent).
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate packaging/linux/*.desktop
else
  echo "desktop-file-validate not installed: skipping" >&2
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net packaging/linux/*.metainfo.xml
else
  echo "appstreamcli not installed: skipping" >&2
fi
profile="${PACKAGE_PROFILE:-release}"
cargo build --profile "$profile" --locked
deb=$(cargo deb --no-build --strip --profile "$profile" | tail -1)
echo "built $deb"
if [ "${1:-}" = "--install" ]; then
  dpkg -i "$deb" || (apt-get install -y -f --no-install-recommends && dpkg -i "$deb")
  /usr/bin/idna-inspector --version
  test -f /usr/share/applications/io.github.idnainspector.IdnaInspector.desktop
  test -f /usr/share/metainfo/io.github.idnainspector.IdnaInspector.metainfo.xml
  test -f /usr/share/icons/hicolor/256x256/apps/idna-inspector.png
  echo "installed and ran /usr/bin/idna-inspector"
fi
