#!/usr/bin/env sh
# `npm run test:setup`: the system packages the tests drive, from Debian's repositories:
# Chromium's headless shell for the tests and the full browser for the page benchmark, nginx for the proxy tests and Java for the Nu Html
# Checker. Run once per machine (as root); `npm test` itself never installs anything.
# Postgres is the machine's own (TEST_DATABASE_URL); .ci/run starts it and requires it.
set -eu
missing=""
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing="$missing chromium"
[ -n "${CHROMIUM_PATH:-}" ] || [ -x /usr/lib/chromium/chromium-headless-shell ] ||
  missing="$missing chromium-headless-shell"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx"
command -v java >/dev/null 2>&1 || missing="$missing default-jre-headless"
if [ -z "$missing" ]; then
  echo "Test tools present: chromium, its headless shell, nginx, java."
  exit 0
fi
echo "Installing:$missing"
apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
