#!/usr/bin/env bash
# Runs Haul's Windows build under Wine, in a Wine prefix and home folder of
# its own:
#   1. the saved queue's tests and the named pipe's (one Haul at a time),
#      built for Windows;
#   2. Haul.exe, built as `make package` builds it, run as the README says
#      (`Haul.exe get links.txt`, with its saved queue) against a loopback
#      server: 40 files saved byte for byte, names Windows refuses made
#      safe, and a second run skips them all as saved;
#   3. Chinese Windows (code page 936, Chinese display language) with no
#      LANG-style variable in the Windows environment: "Haul.exe get
#      links.csv", a list saved in GBK as Excel saves it, with Chinese
#      paths, speaks Chinese and saves every file byte for byte under its
#      Chinese name;
#   4. the window under Xvfb: it opens inside the screen (screenshot), takes
#      over the settings an earlier Haul kept in Fyne's folder, lists the
#      drives (C:, D:, Z:) and Pictures in its folder chooser (screenshot),
#      saves the same batch, quits on Ctrl+Q, leaves no folder named fyne,
#      and started again brings the saved list back whole (screenshot);
#   5. the installer: a silent install (/S) puts Haul.exe, its uninstaller,
#      the Start menu entry, the "Apps & features" entry, "Open with" and
#      the browser connection of the browsers found in place; an upgrade
#      with /S while Haul's window runs closes it and installs the new
#      version; one while "Haul.exe get" runs (which cannot be asked to
#      quit) fails with a non-zero exit code and leaves the old version;
#      the uninstaller then fails the same way and changes nothing, says so
#      on screen when not silent (screenshot), and once only the window
#      runs it closes it and removes everything.
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
# hold_fd keeps "Haul.exe get -" reading its standard input (a FIFO) while
# it is open; see hold_haul.
hold_pid=
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
	# A drive D: for the folder chooser, mapped while no Wine program runs
	# so that Windows lists it from the start.
	mkdir -p "$out/drive-d/Photos"
	ln -sfn "$out/drive-d" "$WINEPREFIX/dosdevices/d:"
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
	"$out/smokeserver" -list "$out/files/links.txt" -want "$out/files/want" \
		-csv "$out/files/links.csv" -csvwant "$out/files/wantcsv" >"$out/server.log" 2>&1 &
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

# without_language is a Command Prompt line that takes every LANG-style
# variable out of the Windows environment, as Windows itself has none.
without_language='set LANG=&& set LC_ALL=&& set LC_MESSAGES=&& set LANGUAGE=&&'

# chinese runs a Windows program as on Chinese Windows: Wine takes its
# code page (936) and display language from the Unix locale, zh_CN.UTF-8,
# made into a folder of the test's own (LOCPATH) so that the machine need
# not have it; its file names stay UTF-8.
chinese() {
	if [[ ! -d $out/locale/zh_CN.UTF-8 ]]; then
		mkdir -p "$out/locale"
		localedef -i zh_CN -f UTF-8 "$out/locale/zh_CN.UTF-8" || fail "cannot make the zh_CN.UTF-8 locale (package locales)"
	fi
	LOCPATH=$out/locale LC_ALL=zh_CN.UTF-8 wine "$@"
}

chinese_get() {
	echo "==> Chinese Windows, no LANG in the Windows environment: Haul.exe get links.csv, in GBK with Chinese paths"
	local dir=$out/get-zh status=0 summary
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$exe" "$out/files/links.csv" "$dir/"
	chinese reg query 'HKCU\Control Panel\International' /v LocaleName | tr -d '\r' | grep -q 'zh-CN' ||
		fail "the Windows user's locale is not Chinese"
	(cd "$dir" && chinese cmd /c "$without_language set") | tr -d '\r' >"$out/get-zh-env.log"
	if grep -qE '^(LANG|LC_ALL|LC_MESSAGES|LANGUAGE)=' "$out/get-zh-env.log"; then
		fail "the Windows environment names a language: $(grep -E '^(LANG|LC_)' "$out/get-zh-env.log")"
	fi
	(cd "$dir" && chinese cmd /c "$without_language Haul.exe get links.csv" >"$out/get-zh.log" 2>&1) || status=$?
	summary=$(tr -d '\r' <"$out/get-zh.log" | grep -E '^已保存 [0-9]') ||
		fail "Haul.exe get did not speak Chinese (exit $status): $(tr -d '\r' <"$out/get-zh.log" | tail -n 5)"
	echo "test-windows: $summary"
	[[ $status -eq 0 && $summary == "已保存 6 · 跳过 0 · 失败 0 "* ]] || fail "Haul.exe get exited with $status: $summary"
	"$out/smokeserver" -check "$dir/downloads" -want "$out/files/wantcsv" ||
		fail "the files of the GBK list are not the files served, under their Chinese names"
	ls "$dir/downloads" | grep -v ':Zone.Identifier$' | tr '\n' ' ' | sed 's/^/test-windows: saved /; s/$/\n/'
}

# open_window starts the Haul.exe $1 with the arguments that follow, waits
# for its window and checks that it lies inside the 1024×768 screen.
open_window() {
	local program=$1
	shift
	wine "$program" "$@" >>"$out/window.log" 2>&1 &
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

# window_ended waits up to 60 s for the window's Haul to end.
window_ended() {
	for _ in $(seq 300); do
		kill -0 "$haul_pid" 2>/dev/null || return 0
		sleep 0.2
	done
	return 1
}

quit_window() {
	xdotool windowfocus "$win" 2>/dev/null || true
	xdotool key --clearmodifiers ctrl+q
	window_ended || fail "Haul.exe did not quit on Ctrl+Q within 60 s"
}

# earlier_fyne_settings puts in Fyne's folder what an earlier Haul kept
# there: a preference (the chooser's recent folders) and a list.
earlier_fyne_settings() {
	local fyne
	fyne="$(unix_path APPDATA)/fyne/io.haul.app"
	rm -rf "$(unix_path APPDATA)/fyne" "$(unix_path APPDATA)/haul/window"
	mkdir -p "$fyne"
	printf '{"chooser.recent":["%s"]}\n' 'C:\\users\\Public' >"$fyne/preferences.json"
	: >"$fyne/earlier.txt"
}

# settings_moved checks that the window took over what earlier_fyne_settings
# left in Fyne's folder and that, Haul ended, no folder named fyne is left.
settings_moved() {
	local mine
	mine="$(unix_path APPDATA)/haul/window"
	grep -q 'Public' "$mine/preferences.json" 2>/dev/null && [[ -e $mine/earlier.txt ]] ||
		fail "the settings in Fyne's folder did not move to $mine: $(ls -la "$mine" 2>&1)"
	[[ ! -e "$(unix_path APPDATA)/fyne" ]] ||
		fail "Haul left a folder named fyne: $(find "$(unix_path APPDATA)/fyne")"
	echo "test-windows: the settings moved from Fyne's folder to $mine; no folder named fyne is left"
}

# chooser_drives opens the folder chooser (Ctrl+D), with the drives C:,
# D: (see wine_prefix) and Z:, photographs it and closes it.
chooser_drives() {
	[[ $(wine cmd /c 'if exist D:\Photos echo D:' | tr -d '\r') == D: ]] || fail "Windows does not list the drive D:"
	xdotool windowfocus "$win" 2>/dev/null || true
	xdotool key --clearmodifiers ctrl+d
	screenshot chooser
	xdotool key --clearmodifiers Escape
}

window_smoke() {
	echo "==> Haul.exe's window under Xvfb: a batch, Ctrl+Q, and the list back after a restart"
	local saved queue
	start_xvfb 1024x768x24 "$out/xvfb.log" 90 140
	saved="$(unix_path USERPROFILE)/Pictures/Haul"
	queue="$(unix_path APPDATA)/haul/window"
	rm -rf "$saved" "$out/window.log"
	earlier_fyne_settings
	open_window "$exe" "$(winepath -w "$out/files/links.txt")"
	screenshot window
	chooser_drives
	xdotool windowfocus "$win" 2>/dev/null || true
	sleep 0.5
	xdotool key --clearmodifiers ctrl+Return
	local deadline=$((SECONDS + 90)) have parts
	while :; do
		kill -0 "$haul_pid" 2>/dev/null || fail "Haul.exe exited early: $(tr -d '\r' <"$out/window.log" | tail -n 20)"
		# Saved files: not the partial ones, nor the streams Wine keeps
		# beside them (NAME.part:Zone.Identifier); none partial left.
		have=$({ find "$saved" -maxdepth 1 -type f ! -name '*.part' ! -name '*:Zone.Identifier' 2>/dev/null || true; } | wc -l)
		parts=$({ find "$saved" -maxdepth 1 -type f -name '*.part' 2>/dev/null || true; } | wc -l)
		((have >= 40 && parts == 0)) && break
		((SECONDS < deadline)) || fail "only $have of 40 files arrived in the window's folder within 90 s"
		sleep 0.5
	done
	"$out/smokeserver" -check "$saved" -want "$out/files/want" || fail "the files the window saved are not the files served"
	quit_window
	[[ -s $queue/queue.jsonl ]] || fail "the window left no saved list: $(ls -la "$queue")"
	settings_moved
	open_window "$exe"
	screenshot window-restarted
	local lines broken
	lines=$(grep -c '"state":"done"' "$queue/queue.jsonl" || true)
	((lines == 40)) || fail "the saved list holds $lines saved links after the restart, want 40"
	broken=$(find "$queue" -name 'queue.jsonl.broken-*')
	[[ -z $broken ]] || fail "the window found its saved list broken: $broken"
	quit_window
	echo "test-windows: the window saved 40 files and brought back its list of 40 after a restart"
}

# Where the installer puts Haul, its Start menu entry and its "Apps &
# features" entry (set by installer_paths).
programs=
start_menu=
uninstall_key='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\io.haul.app'
chrome_key='HKCU\Software\Google\Chrome\NativeMessagingHosts\io.haul.app'
edge_key='HKCU\Software\Microsoft\Edge\NativeMessagingHosts\io.haul.app'

installer_paths() {
	programs="$(unix_path LOCALAPPDATA)/Programs/Haul"
	start_menu="$(unix_path APPDATA)/Microsoft/Windows/Start Menu/Programs/Haul.lnk"
}

# installed_version prints the version of "Apps & features" and of the
# installed Haul.exe, which must agree.
installed_version() {
	local listed ran
	listed=$(wine reg query "$uninstall_key" /v DisplayVersion 2>/dev/null | tr -d '\r' | sed -n 's/.*REG_SZ *//p')
	ran=$(wine "$programs/Haul.exe" version 2>/dev/null | tr -d '\r' | sed 's/^haul //')
	[[ $listed == "$ran" ]] || fail "\"Apps & features\" lists Haul $listed, but the installed Haul.exe is $ran"
	echo "$listed"
}

# everything_installed checks that Haul $1 is installed whole.
everything_installed() {
	for f in "$programs/Haul.exe" "$programs/Uninstall.exe" "$start_menu"; do
		[[ -s $f ]] || fail "$2: $f is missing"
	done
	[[ $(installed_version) == "$1" ]] || fail "$2: Haul $(installed_version) is installed, want $1"
	wine reg query 'HKCU\Software\Classes\.txt\OpenWithProgids' /v Haul.List >/dev/null 2>&1 ||
		fail "$2: Haul is not offered in \"Open with\" for .txt"
}

# nothing_installed checks that uninstalling removed everything.
nothing_installed() {
	for f in "$programs/Haul.exe" "$programs/Uninstall.exe" "$start_menu"; do
		[[ ! -e $f ]] || fail "uninstalling left $f"
	done
	for key in "$uninstall_key" "$chrome_key" 'HKCU\Software\Classes\Haul.List'; do
		if wine reg query "$key" >/dev/null 2>&1; then
			fail "uninstalling left $key"
		fi
	done
}

# hold_haul starts the installed "Haul.exe get -", which reads its list
# from a FIFO until release_haul closes it: a Haul that keeps Haul.exe
# and cannot be asked to quit, as "haul get" in a Command Prompt window.
hold_haul() {
	rm -f "$out/hold.fifo"
	mkfifo "$out/hold.fifo"
	mkdir -p "$out/hold"
	(cd "$out/hold" && wine "$programs/Haul.exe" get - <"$out/hold.fifo" >"$out/hold.log" 2>&1) &
	hold_pid=$!
	pids+=("$hold_pid")
	exec 9>"$out/hold.fifo"
	for _ in $(seq 100); do
		wine "$programs/Haul.exe" close-running -check "$(winepath -w "$programs/Haul.exe")" >/dev/null 2>&1 || return 0
		sleep 0.2
	done
	fail "Haul.exe get - did not start"
}

release_haul() {
	exec 9>&-
	wait "$hold_pid" 2>/dev/null || true
}

# next_version builds Haul again as version $VERSION-next and its installer.
next_version() {
	next=$VERSION-next
	GO=$GO VERSION=$next bash scripts/package.sh stage-windows >"$out/next-build.log" 2>&1 ||
		fail "building Haul $next failed: $(tail -n 20 "$out/next-build.log")"
	next_setup=build/package/haul-$next-windows-amd64-setup.exe
}

installer_smoke() {
	echo "==> the installer: silent install and uninstall"
	installer_paths
	mkdir -p "$(unix_path LOCALAPPDATA)/Google/Chrome/User Data"
	wine "$setup" /S >>"$out/installer.log" 2>&1 || fail "the installer exited with $?"
	wineserver -w
	everything_installed "$VERSION" "a silent install"
	if wine reg query 'HKCU\Software\Classes\.txt' /ve 2>/dev/null | tr -d '\r' | grep -q 'Haul'; then
		fail "the installer made Haul the default program for .txt"
	fi
	wine reg query "$chrome_key" >/dev/null 2>&1 || fail "Haul is not connected to Chrome, which was used"
	if wine reg query "$edge_key" >/dev/null 2>&1; then
		fail "Haul is connected to Edge, which is neither installed nor used"
	fi
	echo "test-windows: installed into $programs, with its Start menu entry and uninstaller, connected to Chrome alone"
	wine "$programs/Uninstall.exe" /S >>"$out/installer.log" 2>&1 || fail "the uninstaller exited with $?"
	wineserver -w
	nothing_installed
	echo "test-windows: uninstalled: Haul.exe, the Start menu entry, the uninstaller and the keys are gone"
}

# running_smoke installs, upgrades and uninstalls while Haul runs.
running_smoke() {
	echo "==> upgrading and uninstalling while Haul runs"
	local status
	next_version
	wine "$setup" /S >>"$out/installer.log" 2>&1 || fail "the installer exited with $?"
	wineserver -w
	open_window "$programs/Haul.exe"
	status=0
	wine "$next_setup" /S >>"$out/installer.log" 2>&1 || status=$?
	window_ended || fail "the upgrade left Haul's window running"
	[[ $status -eq 0 ]] || fail "the upgrade while Haul's window ran exited with $status"
	everything_installed "$next" "the upgrade while Haul's window ran"
	echo "test-windows: /S while Haul's window ran: the window was closed, Haul $next is installed (exit 0)"

	hold_haul
	status=0
	wine "$setup" /S >>"$out/installer.log" 2>&1 || status=$?
	((status != 0)) || fail "installing while haul get ran claimed success"
	everything_installed "$next" "installing while haul get ran"
	echo "test-windows: /S while haul get ran: exit $status, Haul $next left in place whole"

	status=0
	wine "$programs/Uninstall.exe" /S "_?=$(winepath -w "$programs")" >>"$out/installer.log" 2>&1 || status=$?
	((status != 0)) || fail "uninstalling while haul get ran claimed success"
	everything_installed "$next" "uninstalling while haul get ran"
	echo "test-windows: uninstall /S while haul get ran: exit $status, everything left in place, its entry included"
	uninstall_says_why
	release_haul

	open_window "$programs/Haul.exe"
	wine "$programs/Uninstall.exe" /S >>"$out/installer.log" 2>&1 || fail "the uninstaller exited with $?"
	window_ended || fail "the uninstaller left Haul's window running"
	wineserver -w
	nothing_installed
	echo "test-windows: uninstall /S while Haul's window ran: the window was closed and everything removed"
	rm -rf "build/package/haul-$next-windows-amd64" "$next_setup"
}

# uninstall_says_why runs the uninstaller as a user does while haul get
# runs: it asks to close Haul, then says Haul still runs (screenshot), and
# Cancel ends it having changed nothing (screenshot).
uninstall_says_why() {
	local known main ask
	known=$(visible_windows)
	wine "$programs/Uninstall.exe" >>"$out/installer.log" 2>&1 &
	main=$(wait_new_window "$known" 60) || fail "the uninstaller did not open"
	xdotool key --clearmodifiers Return # Uninstall
	known+=$'\n'$main
	ask=$(wait_new_window "$known" 60) || fail "the uninstaller did not ask to close Haul"
	xdotool key --clearmodifiers Return # OK: close Haul
	known+=$'\n'$ask
	wait_new_window "$known" 90 >/dev/null || fail "the uninstaller did not say that Haul still runs"
	screenshot uninstall-still-running
	xdotool key --clearmodifiers Escape # Cancel
	wait_gone "$known" 30 || fail "the uninstaller's question stayed"
	screenshot uninstall-aborted
	xdotool key --clearmodifiers Return # Cancel: the uninstaller ends
	wait_gone "$(visible_windows | grep -vx "$main")" 30 || fail "the uninstaller did not end"
	everything_installed "$next" "the uninstaller cancelled while haul get ran"
	echo "test-windows: the uninstaller said Haul still runs and ended having changed nothing (uninstall-still-running.png, uninstall-aborted.png)"
}

# visible_windows prints the ids of the windows shown, one a line.
visible_windows() {
	xdotool search --onlyvisible --name . 2>/dev/null || true
}

# wait_new_window waits up to $2 seconds for a window whose id is not
# among the lines of $1, and prints its id once it has drawn.
wait_new_window() {
	local deadline=$((SECONDS + $2)) w
	while ((SECONDS < deadline)); do
		for w in $(visible_windows); do
			if ! grep -qx "$w" <<<"$1"; then
				sleep 1
				echo "$w"
				return 0
			fi
		done
		sleep 0.2
	done
	return 1
}

# wait_gone waits up to $2 seconds until every window shown is among the
# lines of $1 (the ones opened since are gone).
wait_gone() {
	local deadline=$((SECONDS + $2)) w extra
	while ((SECONDS < deadline)); do
		extra=0
		for w in $(visible_windows); do
			grep -qx "$w" <<<"$1" || extra=1
		done
		((extra == 0)) && sleep 1 && return 0
		sleep 0.2
	done
	return 1
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
chinese_get
window_smoke
installer_smoke
running_smoke
echo "test-windows: ok: Haul $VERSION under $(wine --version), installer $(du -k "$setup" | cut -f1) KB"
