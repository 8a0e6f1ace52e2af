#!/bin/sh
# Installs Haul from this folder, or removes it.
#
#   ./install.sh                  for you only, into ~/.local
#   sudo ./install.sh --system    for everyone on this computer, into /usr/local
#   ./install.sh --prefix DIR     into DIR/bin and DIR/share
#   ./install.sh --uninstall      removes what the same command installed (add --system or --prefix as you installed)
set -eu

APP_ID=io.haul.app
ICON_SIZES="16 24 32 48 64 128 256 512"
# Files Haul can open but other programs usually own: installing Haul adds it
# to "Open with" for them without taking over double-click.
SHARED_TYPES="text/plain text/csv application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
here=$(cd "$(dirname "$0")" && pwd)
given="$*"

prefix="$HOME/.local"
action=install

usage() {
	sed -n '2,8s/^# \{0,1\}//p' "$0"
}

while [ $# -gt 0 ]; do
	case $1 in
	--user) prefix="$HOME/.local" ;;
	--system) prefix=/usr/local ;;
	--prefix)
		[ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder, e.g. --prefix /opt/haul" >&2; exit 2; }
		prefix=$2
		shift
		;;
	--prefix=*) prefix=${1#--prefix=} ;;
	--uninstall) action=uninstall ;;
	-h | --help) usage; exit 0 ;;
	*) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
	esac
	shift
done

bin="$prefix/bin"
share="$prefix/share"

# refresh tells the desktop about new or removed menu entries and icons;
# the tools are optional, so missing ones are skipped.
refresh() {
	if command -v update-desktop-database >/dev/null 2>&1; then
		update-desktop-database -q "$share/applications" 2>/dev/null || true
	fi
	if command -v gtk-update-icon-cache >/dev/null 2>&1; then
		gtk-update-icon-cache -q -f -t "$share/icons/hicolor" 2>/dev/null || true
	fi
	touch "$share/icons/hicolor" 2>/dev/null || true
}

# needs_write stops with a plain message when the prefix cannot be written.
needs_write() {
	probe=$prefix
	while [ ! -e "$probe" ]; do probe=$(dirname "$probe"); done
	if [ ! -w "$probe" ]; then
		echo "Cannot write to $probe: run this as root, e.g. sudo $0 $given" >&2
		echo "To install only for yourself instead, leave out --system." >&2
		exit 1
	fi
}

uninstall() {
	needs_write
	rm -f "$bin/haul" "$share/applications/$APP_ID.desktop" "$share/metainfo/$APP_ID.metainfo.xml"
	for size in $ICON_SIZES; do
		rm -f "$share/icons/hicolor/${size}x$size/apps/$APP_ID.png"
	done
	refresh
	echo "Haul was removed from $prefix. Your downloads and settings were left in place."
}

# current_defaults prints "type=program" for each shared type that already
# has a program to open it.
current_defaults() {
	command -v xdg-mime >/dev/null 2>&1 || return 0
	for type in $SHARED_TYPES; do
		app=$(xdg-mime query default "$type" 2>/dev/null || true)
		[ -n "$app" ] && [ "$app" != "$APP_ID.desktop" ] && echo "$type=$app"
	done
	return 0
}

# keep_defaults gives each shared type back to the program that opened it
# before, for a per-user install (where the desktop would otherwise prefer
# Haul's newer entry).
keep_defaults() {
	[ "$prefix" = "$HOME/.local" ] || return 0
	for pair in $1; do
		type=${pair%%=*}
		if [ "$(xdg-mime query default "$type" 2>/dev/null || true)" = "$APP_ID.desktop" ]; then
			xdg-mime default "${pair#*=}" "$type" 2>/dev/null || true
		fi
	done
}

install_haul() {
	needs_write
	defaults=$(current_defaults)
	mkdir -p "$bin" "$share/applications" "$share/metainfo"
	cp "$here/bin/haul" "$bin/haul.new"
	chmod 755 "$bin/haul.new"
	mv -f "$bin/haul.new" "$bin/haul"
	# The menu entry names the program by its full path, so it works even
	# when $bin is not on PATH.
	sed -e "s|^Exec=haul |Exec=\"$bin/haul\" |" -e "s|^TryExec=haul\$|TryExec=$bin/haul|" \
		"$here/share/applications/$APP_ID.desktop" >"$share/applications/$APP_ID.desktop"
	chmod 644 "$share/applications/$APP_ID.desktop"
	cp "$here/share/metainfo/$APP_ID.metainfo.xml" "$share/metainfo/"
	for size in $ICON_SIZES; do
		dir="$share/icons/hicolor/${size}x$size/apps"
		mkdir -p "$dir"
		cp "$here/share/icons/hicolor/${size}x$size/apps/$APP_ID.png" "$dir/"
	done
	refresh
	keep_defaults "$defaults"
	echo "Haul is installed in $prefix: find it in your applications menu, or run $bin/haul"
	case ":${PATH:-}:" in
	*":$bin:"*) ;;
	*) echo "To type \"haul\" in a terminal, add $bin to your PATH." ;;
	esac
}

if [ "$action" = uninstall ]; then
	uninstall
else
	install_haul
fi
