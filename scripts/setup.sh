#!/usr/bin/env bash
# Idempotent setup for a Debian machine (run as root in CI):
#   bash scripts/setup.sh            # .venv with the project and its test extra, npm ci
#   bash scripts/setup.sh --browser  # also apt-get install Debian's chromium, firefox-esr, and
#                                    # webkit2gtk-driver with xvfb (WebKitGTK's MiniBrowser) if missing
# Never downloads a browser through Playwright or Puppeteer (`playwright install` is not used;
# puppeteer-core, pinned in package-lock.json, brings no browser of its own).
set -euo pipefail
cd "$(dirname "$0")/.."

browser=0
for arg in "$@"; do
  case "$arg" in
    --browser) browser=1 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

if [[ $browser == 1 ]]; then
  # The Debian packages of the browsers the tests drive, and the path each one installs.
  wanted=()
  [[ -x /usr/bin/chromium ]] || wanted+=(chromium)
  [[ -x /usr/bin/firefox-esr ]] || wanted+=(firefox-esr)
  # WebKitGTK: its WebDriver and, from libwebkit2gtk-4.1-0 which it depends on, MiniBrowser,
  # which has no headless mode and so runs under Xvfb.
  [[ -x /usr/bin/WebKitWebDriver ]] || wanted+=(webkit2gtk-driver)
  [[ -x /usr/bin/Xvfb ]] || wanted+=(xvfb)
  if (( ${#wanted[@]} )); then
    if [[ $(id -u) != 0 ]]; then
      echo "setup: missing browser package(s) ${wanted[*]}; run this as root or: sudo apt-get install ${wanted[*]}" >&2
      exit 1
    fi
    echo "setup: installing Debian's ${wanted[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${wanted[@]}" >/dev/null
  fi
fi

if [[ ! -x .venv/bin/python ]]; then
  echo "setup: creating .venv" >&2
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'

# npm ci installs exactly what package-lock.json pins (pyodide 314.0.7); it is
# quick from npm's cache and leaves node_modules identical on every run.
npm ci --no-audit --no-fund --loglevel=error
echo "setup: ok" >&2
