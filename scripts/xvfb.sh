# shellcheck shell=bash
# Sourced by the scripts that drive Haul's window (e2e.sh, bench-gui.sh,
# wine/test.sh): one way to start the X server they draw on.

# start_xvfb SIZE LOG [FIRST LAST] starts Xvfb with a screen of SIZE (such
# as 1280x800x24), logging to LOG, on the first free display number from
# FIRST to LAST (90 to 160 unless given; DISPLAY_NUM, when set, is the one
# used). It adds the server's pid to the caller's pids array, exports
# DISPLAY and waits until the server answers; when none can be started it
# calls the caller's fail.
start_xvfb() {
	local size=$1 log=$2 first=${3:-90} last=${4:-160} display="" n
	if [[ -n ${DISPLAY_NUM:-} ]]; then
		display=:$DISPLAY_NUM
	else
		for n in $(seq "$first" "$last"); do
			if [[ ! -e /tmp/.X$n-lock && ! -e /tmp/.X11-unix/X$n ]]; then
				display=:$n
				break
			fi
		done
	fi
	[[ -n $display ]] || fail "no free X display number"
	Xvfb "$display" -screen 0 "$size" -nolisten tcp >"$log" 2>&1 &
	pids+=($!)
	export DISPLAY=$display
	for _ in $(seq 100); do
		xdotool getdisplaygeometry >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	fail "Xvfb did not start on $display: $(cat "$log")"
}
