#!/usr/bin/env bash
# Installs the Debian packages the full test run needs, if they are missing:
#   chromium (end-to-end tests), fonts-noto-cjk and fonts-noto-color-emoji (Korean glyphs and the
#   emoji in service names, for screenshots), postgresql (server suite on PostgreSQL), curl (the e2e
#   test runs the /api page's curl example as a member would).
# Serving the product (`npm start`) needs none of them.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
fc-list 2>/dev/null | grep -qi 'Noto Color Emoji' || missing+=(fonts-noto-color-emoji)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v curl >/dev/null 2>&1 || missing+=(curl)

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-system: chromium, fonts and postgresql are present"
  exit 0
fi

echo "setup-system: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" fontconfig >/dev/null
echo "setup-system: done"
