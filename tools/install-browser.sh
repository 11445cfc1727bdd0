#!/usr/bin/env bash
# Installs the browsers the browser tests drive, from Debian, when they are missing:
#   - Chromium's headless shell (/usr/bin/chromium-headless-shell), driven by
#     Playwright (tests/browser/), and Chromium itself (/usr/bin/chromium), which the
#     benchmarks measure;
#   - WebKitGTK's WebDriver (/usr/bin/WebKitWebDriver, package webkit2gtk-driver) and
#     Xvfb (/usr/bin/Xvfb) for its window, driven by Selenium (tests/webkit/).
# Playwright cannot download its own browsers here, so the tests drive these.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
[ -x /usr/bin/Xvfb ] || missing+=(xvfb)

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing for the browser tests: ${missing[*]}." >&2
  echo "Run 'sudo apt-get update && sudo apt-get install -y ${missing[*]}' and try again." >&2
  exit 1
fi
echo "Installing ${missing[*]} (apt-get)..." >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
