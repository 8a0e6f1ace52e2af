#!/usr/bin/env bash
# Runs Haul's Windows build under Wine: the saved queue's tests and the
# named pipe's (one Haul at a time), built for Windows, in a Wine prefix of
# its own.
#
# Wine 8 (Debian's) lacks bcryptprimitives.dll's ProcessPrng, which the Go
# runtime needs, so a one-function stand-in is built with mingw and put in
# the prefix's system32 (processprng.c); Windows has the real one.
#
# Usage: scripts/wine/test.sh   (GO, WINEPREFIX and HAUL_WINE_OUT may be set)
set -euo pipefail

cd "$(dirname "$0")/../.."
GO=${GO:-go}
out=${HAUL_WINE_OUT:-build/wine}
export WINEPREFIX=${WINEPREFIX:-$PWD/$out/prefix}
export WINEDEBUG=${WINEDEBUG:--all}
export WINEDLLOVERRIDES=${WINEDLLOVERRIDES:-mscoree,mshtml=}
mkdir -p "$out"

# wine_prefix makes the prefix once and puts the ProcessPrng stand-in in it.
wine_prefix() {
	x86_64-w64-mingw32-gcc -shared -O2 -o "$out/bcryptprimitives.dll" \
		scripts/wine/processprng.c scripts/wine/processprng.def -ladvapi32
	if [[ ! -d "$WINEPREFIX/drive_c/windows/system32" ]]; then
		wineboot -i >"$out/wineboot.log" 2>&1
		wineserver -w
	fi
	cp "$out/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
}

wine_prefix

echo "==> the saved queue's tests, as Haul.exe runs them (Wine $(wine --version))"
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 "$GO" test -c -o "$out/queue.test.exe" ./downloader/queue
status=0
wine "$out/queue.test.exe" -test.count=1 -test.v >"$out/queue.log" 2>&1 || status=$?
tr -d '\r' <"$out/queue.log" | grep -E '^(--- |ok|PASS|FAIL|panic)' || true
if [[ $status -ne 0 ]]; then
	echo "The saved queue's tests failed under Wine (exit $status):" >&2
	tr -d '\r' <"$out/queue.log" >&2
	exit 1
fi
echo "==> one Haul at a time: the named pipe a second launch hands its links over"
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 "$GO" test -c -o "$out/instance.test.exe" ./instance
status=0
wine "$out/instance.test.exe" -test.count=1 -test.v >"$out/instance.log" 2>&1 || status=$?
tr -d '\r' <"$out/instance.log" | grep -E '^(--- |ok|PASS|FAIL|panic)' || true
if [[ $status -ne 0 ]]; then
	echo "The named pipe's tests failed under Wine (exit $status):" >&2
	tr -d '\r' <"$out/instance.log" >&2
	exit 1
fi
wineserver -k || true
