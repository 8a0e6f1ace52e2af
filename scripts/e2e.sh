#!/usr/bin/env bash
# End-to-end test of Haul's window: start the real app under Xvfb with a list
# of links on the command line, press Ctrl+Enter, wait for the pictures to
# arrive from a loopback server, check them byte for byte and take a
# screenshot of the window at 800×600, the smallest size it is made for, after
# checking with xprop that it may be made that small; then the same again under LANG=zh_CN.UTF-8, where the window
# must log no translation failure. Each run also photographs a failed row's
# menu, the tip over a status cut short and More…, and writes those pictures
# and the window's into DOCS_IMAGES (docs/images), which the README and the
# user guide show, so that they never go stale. Run by `make e2e` (which
# builds HAUL_BIN first).
set -euo pipefail

cd "$(dirname "$0")/.."
# shellcheck source=xvfb.sh
source scripts/xvfb.sh
export LANG=en_US.UTF-8

HAUL_BIN=${HAUL_BIN:-bin/haul-debug}
OUT=${E2E_OUT:-testdata/e2e-out}
DOCS_IMAGES=${DOCS_IMAGES:-docs/images}
COUNT=24
TIMEOUT=90

fail() {
	echo "e2e: FAIL: $*" >&2
	if [[ -s "${HAUL_LOG:-}" ]]; then
		echo "--- haul output ---" >&2
		tail -n 40 "$HAUL_LOG" >&2
	fi
	exit 1
}

for tool in Xvfb xdotool import xprop; do
	command -v "$tool" >/dev/null || fail "$tool is not installed (make e2e-deps installs it)"
done
[[ -x "$HAUL_BIN" ]] || fail "$HAUL_BIN is missing; build it with make build-debug"

rm -rf "$OUT"
mkdir -p "$OUT" "$DOCS_IMAGES"
OUT=$(cd "$OUT" && pwd)
HAUL_LOG=""

pids=()
# Stop the app first, then the X server and the picture server.
cleanup() {
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		kill "${pids[i]}" 2>/dev/null || true
		wait "${pids[i]}" 2>/dev/null || true
	done
}
trap cleanup EXIT

echo "e2e: starting the picture server"
go build -o "$OUT/e2eserver" ./scripts/e2eserver
"$OUT/e2eserver" -list "$OUT/list.txt" -want "$OUT/want" -n "$COUNT" >"$OUT/server.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
	grep -q '^ready$' "$OUT/server.log" 2>/dev/null && break
	sleep 0.1
done
grep -q '^ready$' "$OUT/server.log" || fail "the picture server did not start: $(cat "$OUT/server.log")"

start_xvfb 800x600x24 "$OUT/xvfb.log" 90 120
echo "e2e: Xvfb on $DISPLAY"

# shoot NAME takes a screenshot of the screen as NAME.png in $OUT and fails
# when it is blank.
shoot() {
	local spread
	import -window root "$OUT/$1.png"
	spread=$(convert "$OUT/$1.png" -format '%[fx:standard_deviation]' info:)
	awk -v s="$spread" 'BEGIN { exit !(s > 0.01) }' || fail "the screenshot $1.png is blank"
}

# shoot_for_docs SUFFIX photographs, for the README and the user guide, the
# window, the tip over the cut status of its second row (the page served
# for a picture), the first row's menu and More…, and writes them into
# DOCS_IMAGES as window, tip, menu and more, followed by SUFFIX, in 256
# colours to keep them small and without a date, so that a window that looks
# the same gives the same files.
shoot_for_docs() {
	local suffix=$1
	xdotool mousemove 400 497
	sleep 1
	shoot "window$suffix"
	xdotool mousemove 560 224
	sleep 1.5
	shoot "tip$suffix"
	xdotool mousemove 150 184 click 3
	sleep 1
	shoot "menu$suffix"
	xdotool key Escape
	sleep 0.5
	xdotool key ctrl+comma
	sleep 1.5
	shoot "more$suffix"
	xdotool key Escape
	sleep 0.5
	local shot
	for shot in window tip menu more; do
		convert "$OUT/$shot$suffix.png" -strip -define png:exclude-chunks=date,time -colors 256 "PNG8:$DOCS_IMAGES/$shot$suffix.png"
	done
}

# run_window LANG NAME SUFFIX starts Haul under the locale LANG with its own
# home folder, presses Start, checks the saved pictures byte for byte,
# takes the screenshot NAME.png and the pictures for the docs (SUFFIX after
# their names) and closes the window again.
run_window() {
	local locale=$1 name=$2 suffix=$3
	local home="$OUT/$name-home"
	local saved="$home/Pictures/Haul" log="$OUT/$name.log"
	mkdir -p "$home"
	echo "e2e: starting $HAUL_BIN under LANG=$locale with the list on the command line"
	LANG=$locale LC_ALL= LC_MESSAGES= LANGUAGE= HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_PICTURES_DIR="$home/Pictures" \
		"$HAUL_BIN" "$OUT/list.txt" >"$log" 2>&1 &
	local haul_pid=$!
	pids+=("$haul_pid")
	HAUL_LOG=$log

	local win title
	win=$(timeout 60 xdotool search --sync --onlyvisible --name '^Haul' | head -n 1) || true
	[[ -n "$win" ]] || fail "the window never appeared"
	title=$(xdotool getwindowname "$win")
	echo "e2e: window $win is \"$title\""
	[[ "$title" =~ ^Haul\ [0-9] ]] || fail "window title is \"$title\", want \"Haul\" and the version"

	# The window must fit a screen 800 pixels wide: its minimum size says so.
	local hints min_width
	hints=$(xprop -id "$win" WM_NORMAL_HINTS)
	min_width=$(sed -n 's/.*minimum size: \([0-9]*\) by.*/\1/p' <<<"$hints")
	[[ -n "$min_width" ]] || fail "the window gives no minimum size: $hints"
	(( min_width <= 800 )) || fail "the window needs at least $min_width pixels across, more than 800"
	echo "e2e: minimum window width $min_width"
	# It also opens no larger than the 800×600 screen.
	local WIDTH HEIGHT X Y SCREEN WINDOW
	eval "$(xdotool getwindowgeometry --shell "$win")"
	(( WIDTH <= 800 && HEIGHT <= 600 )) || fail "the window opens at ${WIDTH}×${HEIGHT}, larger than the 800×600 screen"
	echo "e2e: the window opens at ${WIDTH}×${HEIGHT}"
	xdotool windowsize "$win" 800 600
	xdotool windowmove "$win" 0 0

	# The list file is read in the background; Start also runs links added later.
	xdotool windowfocus --sync "$win" 2>/dev/null || xdotool windowfocus "$win"
	sleep 0.5
	xdotool key --clearmodifiers ctrl+Return

	echo "e2e: waiting for $COUNT pictures in $saved"
	local deadline=$((SECONDS + TIMEOUT)) have
	while :; do
		kill -0 "$haul_pid" 2>/dev/null || fail "Haul exited early"
		have=$(find "$saved" -maxdepth 1 -name 'kitten-*.png' 2>/dev/null | wc -l)
		(( have == COUNT )) && break
		(( SECONDS < deadline )) || fail "only $have of $COUNT pictures arrived within ${TIMEOUT}s"
		sleep 0.5
	done

	local want extra
	for want in "$OUT"/want/*.png; do
		cmp -s "$want" "$saved/$(basename "$want")" || fail "$(basename "$want") differs from the served file"
	done
	extra=$(find "$saved" -mindepth 1 -maxdepth 1 ! -name 'kitten-*.png' -printf '%f\n')
	[[ -z "$extra" ]] || fail "unexpected files in the output folder: $extra"

	# The page served for a picture is tried again a few times before it
	# fails: wait for that in the saved list, so the window shows the
	# batch's end, then take the screenshots.
	local queue last
	while :; do
		queue=$(find "$home/.config" -name queue.jsonl 2>/dev/null | head -n 1)
		last=$([[ -n "$queue" ]] && grep 'private.jpg' "$queue" | tail -n 1 || true)
		[[ "$last" == *'"state":"failed"'* ]] && break
		(( SECONDS < deadline )) || fail "the page served for a picture was not given up within ${TIMEOUT}s"
		sleep 0.5
	done
	sleep 1.5
	shoot "$name"
	shoot_for_docs "$suffix"

	if grep -q 'Error in Fyne call thread' "$log"; then
		fail "Fyne reported a call from the wrong thread"
	fi
	if grep -q 'Translation failure' "$log"; then
		fail "Haul logged a translation failure under LANG=$locale"
	fi
	kill "$haul_pid"
	wait "$haul_pid" 2>/dev/null || true
}

run_window en_US.UTF-8 screenshot ""
run_window zh_CN.UTF-8 screenshot-zh -zh

echo "e2e: ok: $COUNT pictures saved and checked twice; screenshots in $OUT/screenshot.png (English) and $OUT/screenshot-zh.png (Simplified Chinese), and the docs' pictures in $DOCS_IMAGES"
