#!/usr/bin/env bash
# Runs the Haul benchmark: `haul get`, curl and aria2c side by side on the
# same loopback test server (bench/server), workload by workload, and prints
# one Markdown table of medians: wall time, CPU time, peak RSS, files correct
# (by sha256) and the ratio to the workload's floor. See docs/BENCHMARKS.md.
#
# Usage: scripts/bench.sh
# Environment:
#   RUNS=3              runs per tool and workload (the table shows medians)
#   WORKLOADS="1 ... 12" which workloads to run
#   TOOLS="haul curl curl+sync aria2c"  (haul@NAME: the build bin/haul-NAME, made beforehand, e.g. of an
#                       older commit with `go build -tags nogui -o bin/haul-NAME .`, to compare builds in one run;
#                       curl+sync: curl, then sync, since haul makes every file durable;
#                       haul+learned, run by itself on workloads that ask for it: haul after a first run
#                       of the same list that learned the site's limits, which the second run uses again;
#                       durable: bench/durable, the least a Go client does to save files as durably as
#                       haul, with no queue, naming or retries: the floor for small files, workloads 2, 5, 7)
#   TOOL_TIMEOUT=600    seconds before one run of a tool is stopped
#   FLOOR_TRIES=5       bare fetches timed for a measured floor (the best counts)
#   BENCH_TMP=/tmp      where the output folders go (needs 600 MB for workload 2)
set -euo pipefail
export LANG=en_US.UTF-8
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
WORKLOADS=${WORKLOADS:-"1 2 3 4 5 6 7 8 9 10 11 12"}
TOOLS=${TOOLS:-"haul curl curl+sync aria2c"}
TOOL_TIMEOUT=${TOOL_TIMEOUT:-600}
FLOOR_TRIES=${FLOOR_TRIES:-5}

# Every request goes to 127.0.0.1: no proxy may take it elsewhere.
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY
export no_proxy=127.0.0.1 NO_PROXY=127.0.0.1

bash scripts/install-packages.sh curl aria2 time

mkdir -p bin
go build -o bin/bench-server ./bench/server
go build -o bin/durable ./bench/durable
haul_missing=""
if ! build_log=$(go build -o bin/haul . 2>&1); then
	haul_missing="haul could not be built (go build -o bin/haul .): ${build_log%%$'\n'*}"
	echo "$haul_missing. The table will show curl and aria2c only." >&2
fi

work=$(mktemp -d "${BENCH_TMP:-${TMPDIR:-/tmp}}/haul-bench.XXXXXX")
server_pid=""
cleanup() {
	if [[ -n $server_pid ]]; then
		kill "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT

results=$work/results.tsv
floors=$work/floors.tsv
: >"$results"
: >"$floors"

# median reads numbers, one per line, and prints their median.
median() {
	sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print 0; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# start_server serves workload $1 and sets control to its control URL.
start_server() {
	local w=$1 i
	rm -f "$work/w$w.control"
	bin/bench-server -workload "$w" -dir "$work" &
	server_pid=$!
	for ((i = 0; i < 1200; i++)); do
		[[ -s $work/w$w.control ]] && break
		kill -0 "$server_pid" 2>/dev/null || { echo "The bench server for workload $w stopped early." >&2; exit 1; }
		sleep 0.1
	done
	[[ -s $work/w$w.control ]] || { echo "The bench server for workload $w did not start within 2 minutes." >&2; exit 1; }
	control=$(<"$work/w$w.control")
}

stop_server() {
	kill "$server_pid"
	wait "$server_pid" 2>/dev/null || true
	server_pid=""
}

# info_field prints one field of the workload's /info answer.
info_field() {
	curl -fsS "$control/info" | sed -n "s/^$1=//p"
}

# measure_floor prints the floor in seconds and how it was found. A
# measured floor is the best of FLOOR_TRIES bare fetches: the floor is a
# lower bound, and the best try is the one least disturbed by the machine.
measure_floor() {
	local answer kind r values=()
	for ((r = 1; r <= FLOOR_TRIES; r++)); do
		answer=$(curl -fsS "$control/floor")
		kind=${answer##*kind=}
		values+=("$(sed -n 's/^floor=\([0-9.]*\).*/\1/p' <<<"$answer")")
		[[ $kind == analytic ]] && break
	done
	printf '%s\n' "${values[@]}" | sort -g | head -n 1 | tr -d '\n'
	echo " $kind"
}

# write_inputs writes the curl config and the aria2c input file that save
# every URL of the list under its own name in the output folder $2.
write_inputs() {
	local urls=$1 out=$2
	awk -v out="$out" '{ n = $0; sub(/.*\//, "", n); printf "url = \"%s\"\noutput = \"%s/%s\"\n", $0, out, n }' "$urls" >"$work/curl.cfg"
	awk '{ n = $0; sub(/.*\//, "", n); printf "%s\n  out=%s\n", $0, n }' "$urls" >"$work/aria2.txt"
}

# run_tool runs tool $1 with concurrency $2 on list $3 into folder $4.
run_tool() {
	local tool=$1 c=$2 urls=$3 out=$4
	case $tool in
	# shellcheck disable=SC2086 # HAUL_FLAGS are words
	haul | haul+learned) XDG_CONFIG_HOME="$work/config" bin/haul get -q -o "$out" -state "$out.state" -c "$c" -retries 5 $HAUL_FLAGS "$urls" ;;
	haul@*) XDG_CONFIG_HOME="$work/config" "bin/haul-${tool#haul@}" get -q -o "$out" -state "$out.state" -c "$c" -retries 5 $HAUL_FLAGS "$urls" ;;
	curl+sync) run_tool curl "$c" "$urls" "$out" && sync ;;
	durable) bin/durable -o "$out" -c "$c" "$urls" ;;
	curl) curl --parallel --parallel-max "$c" --fail --retry 5 --retry-all-errors --silent --show-error --no-progress-meter --config "$work/curl.cfg" ;;
	aria2c) aria2c -j "$c" --max-connection-per-server=1 --retry-wait=1 --max-tries=5 \
		--input-file="$work/aria2.txt" --dir="$out" --console-log-level=warn --summary-interval=0 --download-result=hide ;;
	esac
}
export -f run_tool
export work HAUL_FLAGS=""

# forget_or_learn starts haul's run of tool $1 on workload $2 afresh: with
# nothing learned of the site's limits, or, for haul+learned, with what a
# first run of the same list (not measured) learned.
forget_or_learn() {
	local tool=$1 w=$2 c=$3
	rm -rf "$work/config" "$work/warm" "$work/warm.state"
	if [[ $tool == haul+learned ]]; then
		mkdir -p "$work/warm"
		curl -fsS -X POST "$control/reset"
		bash -c 'run_tool "$@"' _ haul "$c" "$work/w$w.urls" "$work/warm" >/dev/null 2>&1 || true
		rm -rf "$work/warm" "$work/warm.state"
	fi
}

# bench_once runs tool $2 once on workload $1 and appends a result row.
bench_once() {
	local w=$1 tool=$2 run=$3 c=$4 out=$work/out rc stats kv requests=0 peak=0 refused=0 correct timing
	rm -rf "$out" "$out.state"
	mkdir -p "$out"
	forget_or_learn "$tool" "$w" "$c"
	sync
	curl -fsS -X POST "$control/reset"
	set +e
	/usr/bin/time -f '%e %U %S %M' -o "$work/time.txt" \
		timeout "$TOOL_TIMEOUT" bash -c 'run_tool "$@"' _ "$tool" "$c" "$work/w$w.urls" "$out" >"$work/$tool.log" 2>&1
	rc=$?
	set -e
	stats=$(curl -fsS "$control/stats")
	for kv in $stats; do
		case $kv in
		requests=*) requests=${kv#*=} ;;
		peak=*) peak=${kv#*=} ;;
		refused=*) refused=${kv#*=} ;;
		esac
	done
	correct=$(cd "$out" && sha256sum -c "$work/w$w.sha256" 2>/dev/null | grep -c ': OK$' || true)
	timing=$(tail -n 1 "$work/time.txt")
	read -r wall user sys rss <<<"$timing"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
		"$w" "$tool" "$run" "$wall" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$rss" \
		"$correct" "$rc" "$requests" "$peak" "$refused" >>"$results"
	printf '  workload %s, %s, run %s: %s s, %s/%s files correct, exit %s, %s requests, %s refused\n' \
		"$w" "$tool" "$run" "$wall" "$correct" "$files" "$rc" "$requests" "$refused" >&2
	if [[ $rc -ne 0 ]]; then
		tail -n 3 "$work/$tool.log" | sed 's/^/    /' >&2
	fi
	set_aside "$out" "w$w.$tool.$run"
	rm -f "$out.state"
	sync
}

# set_aside moves a run's output folder $1 out of the way as $2 when it holds
# many files, and removes it otherwise. Removing thousands of files right
# before the next run would bill that run for them: ext4 without a journal
# passes over inodes freed in the last few seconds (up to five minutes while
# their inode table is not yet written), and the next tool then pays that
# search for every file it creates. Set-aside folders go when the script ends,
# so that no workload's first run pays for the one before.
set_aside() {
	if [[ $files -ge 1000 ]]; then
		mkdir -p "$work/set-aside"
		mv "$1" "$work/set-aside/$2"
	else
		rm -rf "$1"
	fi
}

# column_median prints the median of column $3 for workload $1 and tool $2.
column_median() {
	awk -F'\t' -v w="$1" -v t="$2" -v col="$3" '$1 == w && $2 == t { print $col }' "$results" | median
}

tools=()
for tool in $TOOLS; do
	if [[ $tool == haul && -n $haul_missing ]]; then
		continue
	fi
	tools+=("$tool")
done

for w in $WORKLOADS; do
	start_server "$w"
	title=$(info_field title)
	files=$(info_field files)
	c=$(info_field concurrency)
	refusal=$(info_field refusal)
	HAUL_FLAGS=$(info_field haul_flags)
	workload_tools=("${tools[@]}")
	listed_tools=$TOOLS
	if [[ $(info_field learn) == 1 && " $TOOLS " == *" haul "* ]]; then
		listed_tools="$TOOLS haul+learned"
		[[ -z $haul_missing ]] && workload_tools+=(haul+learned)
	fi
	read -r floor kind <<<"$(measure_floor)"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$w" "$title" "$floor" "$kind" "$files" "${refusal:--}" "$listed_tools" >>"$floors"
	echo "Workload $w: $title (floor $floor s, $kind)" >&2
	write_inputs "$work/w$w.urls" "$work/out"
	for ((run = 1; run <= RUNS; run++)); do
		for tool in "${workload_tools[@]}"; do
			bench_once "$w" "$tool" "$run" "$c"
		done
	done
	stop_server
done

echo
echo "Haul $(git describe --always --dirty 2>/dev/null || echo unknown), $(date -u '+%Y-%m-%d %H:%M UTC'), $RUNS runs each, medians."
echo "Machine: $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)," \
	"$(awk '/^MemTotal/ { printf "%.1f GiB RAM", $2 / 1048576 }' /proc/meminfo), Linux $(uname -r)," \
	"$(go version | cut -d' ' -f3), $(curl --version | head -n 1 | cut -d' ' -f1-2), $(aria2c --version | head -n 1)."
echo
echo "| workload | tool | wall s | CPU s | peak RSS MB | files correct | × floor | notes |"
echo "|---|---|---:|---:|---:|---:|---:|---|"
while IFS=$'\t' read -r w title floor kind files refusal wtools; do
	first=1
	for tool in $wtools; do
		if [[ $first -eq 1 ]]; then
			cell="**$w** $title; floor $floor s ($kind)"
			first=0
		else
			cell="$w"
		fi
		if [[ $tool == haul* && -n $haul_missing ]]; then
			echo "| $cell | $tool | – | – | – | – | – | not run: $haul_missing |"
			continue
		fi
		wall=$(column_median "$w" "$tool" 4)
		cpu=$(column_median "$w" "$tool" 5)
		rss=$(column_median "$w" "$tool" 6)
		correct=$(column_median "$w" "$tool" 7)
		requests=$(column_median "$w" "$tool" 9)
		peak=$(column_median "$w" "$tool" 10)
		refused=$(column_median "$w" "$tool" 11)
		exits=$(awk -F'\t' -v w="$w" -v t="$tool" '$1 == w && $2 == t { printf "%s%s", sep, $8; sep = "," }' "$results")
		notes="$requests requests, peak $peak in flight"
		if [[ $refusal != - ]]; then
			notes="**$refused × $refusal**, $notes"
		fi
		if [[ $exits =~ [1-9] ]]; then
			notes="$notes, exit codes $exits"
		fi
		printf '| %s | %s | %.2f | %.2f | %.1f | %s/%s | %.2f | %s |\n' "$cell" "$tool" "$wall" "$cpu" \
			"$(awk -v k="$rss" 'BEGIN { print k / 1024 }')" "$correct" "$files" \
			"$(awk -v a="$wall" -v b="$floor" 'BEGIN { print (b > 0 ? a / b : 0) }')" "$notes"
	done
done <"$floors"
