#!/usr/bin/env bash
# make test-browser: the HTML timeline's tests in headless Chromium
# and the harness driving it (Tests/StreamTraceBrowserTests). Without a browser they are skipped with a
# one-line notice, unless STREAMTRACE_REQUIRE_CHROMIUM=1 (CI), which fails.
#
# The browser is found as HeadlessChromium.locate() finds it:
# $STREAMTRACE_CHROMIUM (empty: none), else chromium, chromium-browser,
# google-chrome, google-chrome-stable or chrome on PATH, else the macOS apps.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
# The suites to run: the Makefile's BROWSER_SUITES, the one list of them.
if [ -z "${BROWSER_SUITES:-}" ]; then
    echo "error: BROWSER_SUITES is not set: run this script as 'make test-browser' (the Makefile defines it)" >&2
    exit 2
fi

find_browser() {
    if [ "${STREAMTRACE_CHROMIUM+set}" = set ]; then
        [ -n "$STREAMTRACE_CHROMIUM" ] && [ -x "$STREAMTRACE_CHROMIUM" ] && echo "$STREAMTRACE_CHROMIUM"
        return 0
    fi
    for name in chromium chromium-browser google-chrome google-chrome-stable chrome; do
        if command -v "$name" >/dev/null 2>&1; then
            command -v "$name"
            return 0
        fi
    done
    for app in "/Applications/Chromium.app/Contents/MacOS/Chromium" \
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"; do
        if [ -x "$app" ]; then
            echo "$app"
            return 0
        fi
    done
}

browser="$(find_browser || true)"
if [ -z "$browser" ]; then
    notice="browser tests skipped: no Chromium found (install chromium, or set STREAMTRACE_CHROMIUM=/path/to/chrome)"
    if [ "${STREAMTRACE_REQUIRE_CHROMIUM:-}" = 1 ]; then
        echo "error: $notice, but STREAMTRACE_REQUIRE_CHROMIUM=1" >&2
        exit 1
    fi
    echo "$notice"
    exit 0
fi
echo "browser tests in $browser"
exec "$SWIFT" test --filter "$BROWSER_SUITES" "$@"
