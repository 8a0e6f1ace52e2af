#!/usr/bin/env bash
# Runs Haul's Windows build under Wine, in a Wine prefix and home folder of
# its own:
#   1. the saved queue's tests and the named pipe's (one Haul at a time),
#      built for Windows;
#   2. Haul.exe, built as `make package` builds it, run as the README says
#      (`Haul.exe get links.txt`, with its saved queue) against a loopback
#      server: 40 files saved byte for byte, names Windows refuses made
#      safe, and a second run skips them all as saved;
#   3. the window under Xvfb: it opens inside the screen (screenshot),
#      saves the same batch, quits on Ctrl+Q and, started again, brings the
#      saved list back whole (screenshot);
#   4. the installer: a silent install (/S) puts Haul.exe, its uninstaller,
#      the Start menu entry, the "Apps & features" entry and "Open with" in
#      place, and the silent uninstall removes them again.
#
# Wine 8 (Debian's) lacks bcryptprimitives.dll's ProcessPrng, which the Go
# runtime needs, so a one-function stand-in is built with mingw and put in
# the prefix's system32 (processprng.c); Windows has the real one.
#
# Usage: scripts/wine/test.sh   (GO, VERSION and HAUL_WINE_OUT may be set)
set -euo pipefail

cd "$(dirname "$0")/../.."
# shellcheck source=../xvfb.sh
source scripts/xvfb.sh
GO=${GO:-go}
VERSION=${VERSION:-$(bash scripts/version.sh)}
out=${HAUL_WINE_OUT:-build/wine}
mkdir -p "$out"
out=$(cd "$out" && pwd)
# Wine links the prefix's Desktop, Pictures… to the home folder's: a home
# of its own keeps the test's files and menu entries out of the user's. Go
# keeps its caches where they were.
export GOCACHE GOMODCACHE GOPATH GOENV
GOCACHE=$("$GO" env GOCACHE) GOMODCACHE=$("$GO" env GOMODCACHE) GOPATH=$("$GO" env GOPATH) GOENV=$("$GO" env GOENV)
export HOME=$out/home WINEPREFIX=$out/prefix
# Wine writes file names in the locale's character set: a UTF-8 one that is
# always there (C.UTF-8, where Haul speaks English), so Chinese names can be
# written whatever locales the machine has.
export LC_ALL=C.UTF-8 LANGUAGE=
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
mkdir -p "$HOME"
exe=build/package/haul-$VERSION-windows-amd64/Haul.exe
setup=build/package/haul-$VERSION-windows-amd64-setup.exe

fail() {
	echo "test-windows: FAIL: $*" >&2
	if [[ -n ${DISPLAY:-} ]]; then
		import -window root "$out/failure.png" 2>/dev/null && echo "test-windows: the screen then: $out/failure.png" >&2
	fi
	exit 1
}

pids=()
# Stop what was started, newest first, then Wine.
cleanup() {
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		kill "${pids[i]}" 2>/dev/null || true
		wait "${pids[i]}" 2>/dev/null || true
	done
	wineserver -k 2>/dev/null || true
}
trap cleanup EXIT

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

# unix_path is where the Windows folder named by the variable $1 (APPDATA…) is.
unix_path() {
	winepath -u "$(wine cmd /c echo "%$1%" | tr -d '\r')"
}

# package_tests builds the tests of package $1 for Windows and runs them
# (those matching $4 when given), logged as $2; $3 names them in a failure.
package_tests() {
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 "$GO" test -c -o "$out/$2.test.exe" "$1"
	local status=0
	wine "$out/$2.test.exe" -test.count=1 -test.v -test.run "${4:-.}" >"$out/$2.log" 2>&1 || status=$?
	tr -d '\r' <"$out/$2.log" | grep -E '^(--- |ok|PASS|FAIL|panic)' || true
	if [[ $status -ne 0 ]]; then
		echo "$3 failed under Wine (exit $status):" >&2
		tr -d '\r' <"$out/$2.log" >&2
		exit 1
	fi
}

start_server() {
	"$GO" build -o "$out/smokeserver" ./scripts/wine/smokeserver
	rm -rf "$out/files"
	mkdir -p "$out/files"
	"$out/smokeserver" -list "$out/files/links.txt" -want "$out/files/want" >"$out/server.log" 2>&1 &
	pids+=($!)
	for _ in $(seq 100); do
		grep -q '^ready$' "$out/server.log" 2>/dev/null && return
		sleep 0.1
	done
	fail "the loopback server did not start: $(cat "$out/server.log")"
}

# haul_get runs "Haul.exe get links.txt" in the folder where Haul.exe is,
# as the README says, into log $1, and prints its summary.
haul_get() {
	local status=0
	(cd "$out/get" && wine Haul.exe get links.txt >"$1" 2>&1) || status=$?
	tr -d '\r' <"$1" | grep -E '^Saved [0-9]' || true
	[[ $status -eq 0 ]] || fail "Haul.exe get exited with $status: $(tr -d '\r' <"$1" | tail -n 20)"
}

get_smoke() {
	echo "==> Haul.exe get links.txt: 40 files, names Windows refuses among them"
	rm -rf "$out/get" "$(unix_path APPDATA)/haul/get"
	mkdir -p "$out/get"
	cp "$exe" "$out/files/links.txt" "$out/get/"
	haul_get "$out/get1.log"
	"$out/smokeserver" -check "$out/get/downloads" -want "$out/files/want" || fail "the files Haul.exe saved are not the files served"
	echo "==> the same again: everything is skipped as saved"
	haul_get "$out/get2.log"
	tr -d '\r' <"$out/get2.log" | grep -q '^Saved 0 · skipped 40 · failed 0 ' || fail "the second run did not skip all 40 files as saved"
	local broken
	broken=$(find "$(unix_path APPDATA)/haul/get" -name '*.broken-*')
	[[ -z $broken ]] || fail "the saved queue was found broken: $broken"
}

# open_window starts Haul.exe with the arguments given, waits for its
# window and checks that it lies inside the 1024×768 screen.
open_window() {
	wine "$exe" "$@" >>"$out/window.log" 2>&1 &
	haul_pid=$!
	pids+=("$haul_pid")
	win=$(timeout 120 xdotool search --sync --onlyvisible --name '^Haul' | head -n 1) || true
	[[ -n $win ]] || fail "Haul.exe's window never appeared: $(tr -d '\r' <"$out/window.log" | tail -n 20)"
	local WIDTH HEIGHT X Y SCREEN WINDOW
	eval "$(xdotool getwindowgeometry --shell "$win")"
	((X >= 0 && Y >= 0 && X + WIDTH <= 1024 && Y + HEIGHT <= 768)) ||
		fail "the window lies outside the screen: ${WIDTH}×${HEIGHT} at $X,$Y"
	echo "test-windows: window \"$(xdotool getwindowname "$win")\", ${WIDTH}×${HEIGHT} at $X,$Y"
}

# screenshot takes the screen into $out/$1.png and checks it is not blank.
screenshot() {
	sleep 1.5 # let the window draw what it shows now
	import -window root "$out/$1.png"
	local spread
	spread=$(convert "$out/$1.png" -format '%[fx:standard_deviation]' info:)
	awk -v s="$spread" 'BEGIN { exit !(s > 0.01) }' || fail "the screenshot $1.png is blank"
	echo "test-windows: screenshot $out/$1.png"
}

quit_window() {
	xdotool windowfocus "$win" 2>/dev/null || true
	xdotool key --clearmodifiers ctrl+q
	for _ in $(seq 150); do
		kill -0 "$haul_pid" 2>/dev/null || return 0
		sleep 0.2
	done
	fail "Haul.exe did not quit on Ctrl+Q within 30 s"
}

window_smoke() {
	echo "==> Haul.exe's window under Xvfb: a batch, Ctrl+Q, and the list back after a restart"
	local saved queue
	start_xvfb 1024x768x24 "$out/xvfb.log" 90 140
	saved="$(unix_path USERPROFILE)/Pictures/Haul"
	queue="$(unix_path APPDATA)/fyne/io.haul.app"
	rm -rf "$saved" "$queue" "$out/window.log"
	open_window "$(winepath -w "$out/files/links.txt")"
	screenshot window
	xdotool windowfocus "$win" 2>/dev/null || true
	sleep 0.5
	xdotool key --clearmodifiers ctrl+Return
	local deadline=$((SECONDS + 90)) have
	while :; do
		kill -0 "$haul_pid" 2>/dev/null || fail "Haul.exe exited early: $(tr -d '\r' <"$out/window.log" | tail -n 20)"
		have=$({ find "$saved" -maxdepth 1 -type f ! -name '*.part' 2>/dev/null || true; } | wc -l)
		((have >= 40)) && break
		((SECONDS < deadline)) || fail "only $have of 40 files arrived in the window's folder within 90 s"
		sleep 0.5
	done
	"$out/smokeserver" -check "$saved" -want "$out/files/want" || fail "the files the window saved are not the files served"
	quit_window
	[[ -s $queue/queue.jsonl ]] || fail "the window left no saved list: $(ls -la "$queue")"
	open_window
	screenshot window-restarted
	local lines broken
	lines=$(grep -c '"state":"done"' "$queue/queue.jsonl" || true)
	((lines == 40)) || fail "the saved list holds $lines saved links after the restart, want 40"
	broken=$(find "$queue" -name 'queue.jsonl.broken-*')
	[[ -z $broken ]] || fail "the window found its saved list broken: $broken"
	quit_window
	echo "test-windows: the window saved 40 files and brought back its list of 40 after a restart"
}

installer_smoke() {
	echo "==> the installer: silent install and uninstall"
	local programs start_menu key='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\io.haul.app'
	programs="$(unix_path LOCALAPPDATA)/Programs/Haul"
	start_menu="$(unix_path APPDATA)/Microsoft/Windows/Start Menu/Programs/Haul.lnk"
	wine "$setup" /S || fail "the installer exited with $?"
	wineserver -w
	for f in "$programs/Haul.exe" "$programs/Uninstall.exe" "$start_menu"; do
		[[ -s $f ]] || fail "the installer did not make $f"
	done
	wine reg query "$key" /v DisplayVersion | tr -d '\r' | grep -q "REG_SZ *$VERSION\$" ||
		fail "\"Apps & features\" does not list Haul $VERSION"
	wine reg query 'HKCU\Software\Classes\.txt\OpenWithProgids' /v Haul.List >/dev/null 2>&1 ||
		fail "Haul is not offered in \"Open with\" for .txt"
	if wine reg query 'HKCU\Software\Classes\.txt' /ve 2>/dev/null | tr -d '\r' | grep -q 'Haul'; then
		fail "the installer made Haul the default program for .txt"
	fi
	[[ $(wine "$programs/Haul.exe" version | tr -d '\r') == "haul $VERSION" ]] || fail "the installed Haul.exe does not run"
	echo "test-windows: installed into $programs, with its Start menu entry and uninstaller"
	wine "$programs/Uninstall.exe" /S || fail "the uninstaller exited with $?"
	wineserver -w
	for f in "$programs/Haul.exe" "$programs/Uninstall.exe" "$start_menu"; do
		[[ ! -e $f ]] || fail "uninstalling left $f"
	done
	if wine reg query "$key" >/dev/null 2>&1; then
		fail "uninstalling left Haul in \"Apps & features\""
	fi
	echo "test-windows: uninstalled: Haul.exe, the Start menu entry and the uninstaller are gone"
}

wine_prefix
echo "==> the saved queue's tests, as Haul.exe runs them (Wine $(wine --version))"
package_tests ./downloader/queue queue "The saved queue's tests"
echo "==> one Haul at a time: the named pipe a second launch hands its links over"
package_tests ./instance instance "The named pipe's tests"
echo "==> the mark of the web: a saved file's Zone.Identifier"
package_tests ./downloader downloader "The mark of the web's test" '^TestMarkFromInternet$'
GO=$GO VERSION=$VERSION bash scripts/package.sh stage-windows
start_server
get_smoke
window_smoke
installer_smoke
echo "test-windows: ok: Haul $VERSION under $(wine --version), installer $(du -k "$setup" | cut -f1) KB"
