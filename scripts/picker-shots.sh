#!/usr/bin/env bash
# Screenshots of the picture picker in Haul's real window under Xvfb at
# 800×600, in English and in Chinese: a page of the content-first corpus is
# served on loopback and handed to the window as the browser extension hands
# it (haul native-host), and the picker opens on it. The shots with a
# picture not chosen and its reason go into DOCS_IMAGES (docs/images) as
# picker.png and picker-zh.png, for the user guide.
# Usage: scripts/picker-shots.sh [PAGE]   (HAUL_BIN: the window's build)
set -euo pipefail

cd "$(dirname "$0")/.."
HAUL_BIN=${HAUL_BIN:-bin/haul-debug}
OUT=${SHOTS_OUT:-testdata/picker-shots}
DOCS_IMAGES=${DOCS_IMAGES:-docs/images}
PAGE=${1:-news-seals}

fail() {
	echo "picker-shots: FAIL: $*" >&2
	exit 1
}
[[ -x "$HAUL_BIN" ]] || fail "$HAUL_BIN is missing; build it with make build-debug"
rm -rf "$OUT"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

pids=()
cleanup() {
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		kill "${pids[i]}" 2>/dev/null || true
		wait "${pids[i]}" 2>/dev/null || true
	done
}
trap cleanup EXIT

go build -o "$OUT/pickerserver" ./scripts/pickerserver
"$OUT/pickerserver" -page "$PAGE" -message "$OUT/message.bin" >"$OUT/server.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
	grep -q '^ready$' "$OUT/server.log" 2>/dev/null && break
	sleep 0.1
done
grep -q '^ready$' "$OUT/server.log" || fail "the page server did not start: $(cat "$OUT/server.log")"

display=""
for n in $(seq 121 150); do
	if [[ ! -e "/tmp/.X$n-lock" && ! -e "/tmp/.X11-unix/X$n" ]]; then
		display=":$n"
		break
	fi
done
[[ -n "$display" ]] || fail "no free X display number"
Xvfb "$display" -screen 0 800x600x24 -nolisten tcp >"$OUT/xvfb.log" 2>&1 &
pids+=($!)
export DISPLAY=$display
for _ in $(seq 100); do
	xdotool getdisplaygeometry >/dev/null 2>&1 && break
	sleep 0.1
done

# shoot LANG NAME opens the window under LANG, hands it the page and
# takes the screenshot NAME.png of the picker.
shoot() {
	local locale=$1 name=$2 home="$OUT/$2-home"
	mkdir -p "$home/run"
	chmod 700 "$home/run"
	local env=(LANG="$locale" LC_ALL= LC_MESSAGES= LANGUAGE= HOME="$home" XDG_CONFIG_HOME="$home/.config"
		XDG_RUNTIME_DIR="$home/run" XDG_PICTURES_DIR="$home/Pictures")
	env "${env[@]}" "$HAUL_BIN" >"$OUT/$name.log" 2>&1 &
	local haul_pid=$!
	pids+=("$haul_pid")
	local win
	win=$(timeout 60 xdotool search --sync --onlyvisible --name '^Haul' | head -n 1) || true
	[[ -n "$win" ]] || fail "the window never appeared"
	xdotool windowsize "$win" 800 600
	xdotool windowmove "$win" 0 0
	env "${env[@]}" "$HAUL_BIN" native-host "chrome-extension://dofcedgnbiochpakpmdcgpefdbofkmpf/" <"$OUT/message.bin" >"$OUT/$name.reply" 2>&1 ||
		fail "the native host failed: $(cat "$OUT/$name.reply")"
	sleep 4 # the thumbnails and the sizes read
	import -window root "$OUT/$name.png"
	# Scrolled down to the line of pictures not chosen.
	xdotool mousemove 400 350 click --repeat 4 --delay 100 5
	sleep 1
	import -window root "$OUT/$name-more.png"
	# Opened, with the pointer resting on a picture not chosen.
	xdotool mousemove 733 443 click 1
	sleep 0.5
	xdotool mousemove 400 350 click --repeat 3 --delay 100 5
	sleep 0.5
	xdotool mousemove 300 430
	sleep 0.2
	xdotool mousemove 310 440
	sleep 1.5
	import -window root "$OUT/$name-reasons.png"
	kill "$haul_pid"
	wait "$haul_pid" 2>/dev/null || true
}

shoot en_US.UTF-8 picker
shoot zh_CN.UTF-8 picker-zh
cp "$OUT/picker-reasons.png" "$DOCS_IMAGES/picker.png"
cp "$OUT/picker-zh-reasons.png" "$DOCS_IMAGES/picker-zh.png"
echo "picker-shots: $OUT/picker.png (English) and $OUT/picker-zh.png (Simplified Chinese)"
