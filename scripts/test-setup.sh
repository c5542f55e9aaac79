#!/usr/bin/env sh
# `npm run test:setup`: the system packages the tests drive, from Debian's repositories:
# Chromium for the browser journeys, nginx for the proxy tests and Java for the Nu Html
# Checker. Run once per machine (as root); `npm test` itself never installs anything.
# Postgres is the machine's own (TEST_DATABASE_URL); .ci/run starts it and requires it.
set -eu
missing=""
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing="$missing chromium"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx"
command -v java >/dev/null 2>&1 || missing="$missing default-jre-headless"
if [ -z "$missing" ]; then
  echo "Test tools present: chromium, nginx, java."
  exit 0
fi
echo "Installing:$missing"
apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
