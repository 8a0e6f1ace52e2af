#!/usr/bin/env bash
# Benchmarks Haul's real window under Xvfb with 10,000 fast links (bench
# workload 5: 10,000 × 2 KB from a loopback server): click a row, press
# Ctrl+Enter, press Esc once STOP_AT files are saved, check what was saved after the key,
# press Ctrl+Enter again and let the batch finish. Prints the peak memory,
# how stale the totals on screen ever were while downloads ran, and what
# Esc left behind; keeps a CPU profile of the window. See docs/BENCHMARKS.md.
#
# Usage: scripts/bench-gui.sh
# Environment:
#   ITEMS=10000        how many links to open: 10000 (workload 5) or 100000
#                      (workload 7, 100,000 × 200 B); WORKLOAD wins when set
#   WORKLOAD=5         bench/server workload to open
#   STOP_AT=4000       press Esc after this many files are saved (0: never)
#   PROFILE=window.prof  where to keep the window's CPU profile
#   BENCH_TMP=/tmp     where the output folder goes
#   HEAP=              when set, keep heap profiles of the window (in use and
#                      allocated) as $HEAP-loaded.pb.gz (list loaded),
#                      $HEAP-half.pb.gz (half the files saved) and
#                      $HEAP-end.pb.gz (all saved)
#   DISPLAY_NUM=       the Xvfb display number (default: the first free from 130)
set -euo pipefail
export LANG=en_US.UTF-8
cd "$(dirname "$0")/.."
# shellcheck source=xvfb.sh
source scripts/xvfb.sh

ITEMS=${ITEMS:-10000}
case $ITEMS in
10000) default_workload=5 ;;
100000) default_workload=7 ;;
*) echo "bench-gui: ITEMS must be 10000 or 100000, not $ITEMS" >&2; exit 2 ;;
esac
WORKLOAD=${WORKLOAD:-$default_workload}
HEAP=${HEAP:-}
STOP_AT=${STOP_AT:-4000}
PROFILE=${PROFILE:-window.prof}
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY
export no_proxy=127.0.0.1 NO_PROXY=127.0.0.1

bash scripts/install-packages.sh xvfb xdotool
mkdir -p bin
go build -o bin/bench-server ./bench/server
CGO_ENABLED=1 go build -tags migrated_fynedo -o bin/haul-window ./bench/window

work=$(mktemp -d "${BENCH_TMP:-${TMPDIR:-/tmp}}/haul-bench-gui.XXXXXX")
pids=()
cleanup() {
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		kill "${pids[i]}" 2>/dev/null || true
		wait "${pids[i]}" 2>/dev/null || true
	done
	rm -rf "$work"
}
trap cleanup EXIT
fail() {
	echo "bench-gui: $*" >&2
	exit 1
}

bin/bench-server -workload "$WORKLOAD" -dir "$work" >"$work/server.log" 2>&1 &
pids+=($!)
for _ in $(seq 1200); do
	[[ -s $work/w$WORKLOAD.control ]] && break
	sleep 0.1
done
[[ -s $work/w$WORKLOAD.control ]] || fail "the bench server did not start: $(cat "$work/server.log")"
files=$(wc -l <"$work/w$WORKLOAD.urls")

start_xvfb 1280x800x24 "$work/xvfb.log" 130 160

home=$work/home
out=$home/Pictures/Haul
mkdir -p "$out"
HOME=$home XDG_CONFIG_HOME=$home/.config XDG_PICTURES_DIR=$home/Pictures \
	bin/haul-window -cpu "$work/cpu.prof" -timeline "$work/timeline.tsv" -pprof 127.0.0.1:0 "$work/w$WORKLOAD.urls" >"$work/window.log" 2>&1 &
window_pid=$!
pids+=("$window_pid")
win=$(timeout 60 xdotool search --sync --onlyvisible --name '^Haul' | head -n 1) || true
[[ -n $win ]] || fail "the window never appeared: $(tail -n 5 "$work/window.log")"

# saved counts the files under their final names in the output folder.
saved() { find "$out" -maxdepth 1 -type f ! -name '*.part' | wc -l; }
# shown prints the last timeline line's field $1 (3 saved, 4 left).
shown() { tail -n 1 "$work/timeline.tsv" 2>/dev/null | cut -f "$1"; }
now() { date +%s.%N; }
# heap keeps a heap profile of the window as $HEAP-$1.pb.gz when HEAP is set.
heap() {
	[[ -n $HEAP ]] || return 0
	local addr
	addr=$(sed -n 's|^pprof \(http://[^ ]*\)$|\1|p' "$work/window.log" | head -n 1)
	curl -sf -o "$HEAP-$1.pb.gz" "${addr}heap" || echo "bench-gui: no heap profile at $1" >&2
}

for _ in $(seq 600); do
	[[ $(shown 4) == "$files" ]] && break
	sleep 0.1
done
[[ $(shown 4) == "$files" ]] || fail "the window did not list the $files links within a minute"
rss_loaded=$(awk '/^VmRSS/ { print $2 }' "/proc/$window_pid/status")
heap loaded

xdotool windowfocus --sync "$win" 2>/dev/null || xdotool windowfocus "$win"
# Click a row, as a user does, so that the list has the keyboard: Esc stops
# the batch only there (elsewhere it closes dialogs).
xdotool mousemove --window "$win" 500 300 click 1
sleep 0.5
start=$(now)
xdotool key --clearmodifiers ctrl+Return
esc=""
if ((STOP_AT > 0)); then
	while (($(saved) < STOP_AT)); do sleep 0.02; done
	esc=$(now)
	xdotool key --clearmodifiers Escape
	sleep 3
	after_esc=$(find "$out" -maxdepth 1 -type f ! -name '*.part' -printf '%C@\n' | awk -v k="$esc" '$1 > k + 1 { n++ } END { print n + 0 }')
	last_after=$(find "$out" -maxdepth 1 -type f ! -name '*.part' -printf '%C@\n' | sort -g | tail -n 1)
	at_esc=$(saved)
	bad=$(cd "$out" && sha256sum -c "$work/w$WORKLOAD.sha256" 2>/dev/null | grep -c ': FAILED$' || true)
	xdotool key --clearmodifiers ctrl+Return
fi
half=""
for _ in $(seq 6000); do
	n=$(saved)
	((n == files)) && [[ $(shown 4) == 0 ]] && break
	if [[ -z $half ]] && ((n >= files / 2)); then
		half=1
		heap half
	fi
	sleep 0.1
done
end=$(now)
sleep 1
heap end
rss_peak=$(awk '/^VmHWM/ { print $2 }' "/proc/$window_pid/status")
kill -TERM "$window_pid"
wait "$window_pid" 2>/dev/null || true
cp "$work/cpu.prof" "$PROFILE"
correct=$(cd "$out" && sha256sum -c "$work/w$WORKLOAD.sha256" 2>/dev/null | grep -c ': OK$' || true)

# The totals' age while downloads ran: running and something left.
read -r lag_max lag_p99 samples < <(awk -F'\t' '$5 == 1 && $4 > 0 { print $2 }' "$work/timeline.tsv" | sort -n |
	awk '{ v[NR] = $1 } END { i = int(NR * 0.99); if (i < 1) i = 1; print v[NR], v[i], NR }')

echo
echo "Haul window $(git describe --always --dirty 2>/dev/null || echo unknown), $(date -u '+%Y-%m-%d %H:%M UTC'), workload $WORKLOAD ($files files), load $(cut -d' ' -f1-3 /proc/loadavg)."
echo
echo "| measure | value |"
echo "|---|---|"
echo "| files saved and correct | $correct/$files |"
printf '| wall time, first Ctrl+Enter to all saved (Esc pause included) | %.1f s |\n' "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')"
echo "| memory with the list loaded (RSS) | $((rss_loaded / 1024)) MB |"
echo "| peak memory (VmHWM) | $((rss_peak / 1024)) MB |"
echo "| totals on screen: oldest while downloading (max / 99th percentile, $samples samples every 20 ms) | ${lag_max} ms / ${lag_p99} ms |"
if [[ -n $esc ]]; then
	echo "| Esc pressed at | $at_esc files saved (3 s after the key) |"
	printf '| last file saved after Esc | %.3f s after the key |\n' "$(awk -v a="$esc" -v b="$last_after" 'BEGIN { print b - a }')"
	echo "| files saved more than 1 s after Esc | $after_esc |"
	echo "| files with wrong content after Esc | $bad |"
fi
echo
echo "CPU profile of the window: $PROFILE (go tool pprof -top -cum bin/haul-window $PROFILE)"
[[ -z $HEAP ]] || echo "Heap profiles: $HEAP-{loaded,half,end}.pb.gz (go tool pprof -sample_index=inuse_space -top $HEAP-end.pb.gz)"
