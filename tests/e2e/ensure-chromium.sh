#!/bin/sh
# The browser tests drive Debian's Chromium; install it when this machine does not have it yet.
# Never a downloaded browser: only the distribution's package.
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ]; then
  apt-get install -y chromium >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y chromium >/dev/null 2>&1)
elif command -v sudo >/dev/null 2>&1; then
  sudo apt-get install -y chromium >/dev/null 2>&1 || (sudo apt-get update >/dev/null 2>&1 && sudo apt-get install -y chromium >/dev/null 2>&1)
fi
[ -x /usr/bin/chromium ] || { echo "Chromium is needed for the browser tests: apt-get install -y chromium" >&2; exit 1; }
