#!/usr/bin/env sh
# `npm run test:setup`: the system packages the tests drive, from Debian's repositories:
# Chromium for the browser journeys and nginx for the proxy test. Run once per machine
# (as root); `npm test` itself never installs anything.
set -eu
missing=""
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing="$missing chromium"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx"
if [ -z "$missing" ]; then
  echo "Test tools present: chromium, nginx."
  exit 0
fi
echo "Installing:$missing"
apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
