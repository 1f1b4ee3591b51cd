#!/usr/bin/env sh
# The dashboard's browser tests drive Debian's Chromium (Playwright's own browser download
# does not work offline). Installs it when it is missing and this is root on Debian; anywhere
# else it says so, and those tests are skipped (CI sets ENGRAMDB_REQUIRE_BROWSER=1: they fail).
set -e
if command -v chromium >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's chromium for the dashboard's browser tests"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    exit 0
fi
echo "warning: no chromium (apt install chromium): the dashboard's browser tests are skipped" >&2
