#!/usr/bin/env bash
# Checks what `make package` left in dist/: checksums, the Linux archive
# (its files, desktop entry and AppStream metainfo validated, a per-user
# install into an empty home and its removal), Haul.exe (a PE32+ GUI
# program with icon, manifest and version embedded), its installer (a
# 64-bit NSIS installer of this version; make test-windows installs it
# under Wine) and the build without the window. Run by `make test` after `make package`.
set -euo pipefail

cd "$(dirname "$0")/.."

GO=${GO:-go}
VERSION=${VERSION:-$(bash scripts/version.sh)}
APP_ID=io.haul.app
LINUX_NAME=haul-$VERSION-linux-amd64
WINDOWS_NAME=haul-$VERSION-windows-amd64

fail() {
	echo "check-package: FAIL: $*" >&2
	exit 1
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "==> checksums"
EXTENSION_NAME=haul-$VERSION-extension
for f in "$LINUX_NAME.tar.xz" "$WINDOWS_NAME.zip" "$WINDOWS_NAME-setup.exe" "$EXTENSION_NAME-chrome.zip" "$EXTENSION_NAME-firefox.xpi" SHA256SUMS; do
	[[ -s dist/$f ]] || fail "dist/$f is missing"
done
(cd dist && sha256sum --quiet -c SHA256SUMS) || fail "dist/SHA256SUMS does not match the files"
grep -q " $WINDOWS_NAME-setup.exe\$" dist/SHA256SUMS || fail "dist/SHA256SUMS does not list the installer"

echo "==> Linux archive"
tar -C "$work" -xJf "dist/$LINUX_NAME.tar.xz"
root=$work/$LINUX_NAME
for f in bin/haul install.sh README.txt share/applications/$APP_ID.desktop share/metainfo/$APP_ID.metainfo.xml \
	share/icons/hicolor/{16x16,24x24,32x32,48x48,64x64,128x128,256x256,512x512}/apps/$APP_ID.png; do
	[[ -s $root/$f ]] || fail "$f is missing from $LINUX_NAME.tar.xz"
done
desktop-file-validate "$root/share/applications/$APP_ID.desktop" || fail "the desktop entry does not validate"
appstreamcli validate --no-net "$root/share/metainfo/$APP_ID.metainfo.xml" || fail "the metainfo does not validate"
grep -q "<release version=\"$VERSION\"" "$root/share/metainfo/$APP_ID.metainfo.xml" || fail "the metainfo does not name release $VERSION"
for type in text/uri-list text/plain text/csv application/vnd.openxmlformats-officedocument.spreadsheetml.sheet; do
	grep -q "^MimeType=.*$type;" "$root/share/applications/$APP_ID.desktop" || fail "the desktop entry does not open $type"
done
[[ $("$root/bin/haul" version) == "haul $VERSION" ]] || fail "bin/haul version says \"$("$root/bin/haul" version)\", want \"haul $VERSION\""

echo "==> per-user install into an empty home"
home=$work/home
mkdir "$home"
HOME=$home sh "$root/install.sh" --user
installed=$home/.local/share/applications/$APP_ID.desktop
desktop-file-validate "$installed" || fail "the installed desktop entry does not validate"
grep -qx "Exec=\"$home/.local/bin/haul\" %F" "$installed" || fail "the installed desktop entry does not start $home/.local/bin/haul: $(grep ^Exec= "$installed")"
[[ $("$home/.local/bin/haul" version) == "haul $VERSION" ]] || fail "the installed haul does not run"
[[ -s $home/.local/share/icons/hicolor/48x48/apps/$APP_ID.png ]] || fail "the icon was not installed"
echo "==> the desktop lists Haul and starts it from its entry"
listed=$(HOME=$home XDG_DATA_HOME=$home/.local/share gio mime text/uri-list)
grep -q "$APP_ID.desktop" <<<"$listed" || fail "the desktop does not offer Haul for links: $listed"
HOME=$home XDG_DATA_HOME=$home/.local/share XDG_CONFIG_HOME=$home/.config \
	xvfb-run -a -s "-screen 0 800x600x24 -nolisten tcp" bash -c '
	gio launch "$1" &
	win=$(timeout 120 xdotool search --sync --onlyvisible --name "^Haul" | head -n 1) || true
	[[ -n $win ]] || { echo "check-package: FAIL: Haul started from its desktop entry shows no window" >&2; exit 1; }
	pid=$(pgrep -f -x "$2") || { echo "check-package: FAIL: Haul is not running" >&2; exit 1; }
	kill "$pid"
	for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || exit 0; sleep 0.2; done
	echo "check-package: FAIL: Haul did not quit within 30 s" >&2; exit 1' _ "$installed" "$home/.local/bin/haul" 2>"$work/launch.err" ||
	fail "starting Haul from its desktop entry: $(cat "$work/launch.err")"
! grep -q '^panic:' "$work/launch.err" || fail "Haul crashed when it was closed: $(cat "$work/launch.err")"
HOME=$home sh "$root/install.sh" --uninstall --user
# Settings and the saved queue (.config) and caches belong to the user and stay.
left=$(find "$home" -type f ! -path "$home/.config/*" ! -path "$home/.cache/*" \
	! -name mimeinfo.cache ! -name icon-theme.cache ! -name mimeapps.list)
[[ -z $left ]] || fail "uninstall left files behind: $left"

echo "==> Windows archive"
unzip -q "dist/$WINDOWS_NAME.zip" -d "$work/windows"
[[ -f $work/windows/Haul.exe ]] || fail "Haul.exe is missing from $WINDOWS_NAME.zip"
"$GO" run ./tools/checkpe -version "$VERSION" "$work/windows/Haul.exe"

echo "==> Windows installer"
"$GO" run ./tools/checkpe -version "$VERSION" "dist/$WINDOWS_NAME-setup.exe"
grep -qa "Nullsoft" "dist/$WINDOWS_NAME-setup.exe" || fail "$WINDOWS_NAME-setup.exe is not an NSIS installer"

echo "==> browser extension"
for kind in chrome.zip firefox.xpi; do
	rm -rf "$work/extension"
	unzip -q "dist/$EXTENSION_NAME-$kind" -d "$work/extension"
	for f in manifest.json background.js options.html options.js _locales/en/messages.json _locales/zh_CN/messages.json icons/128.png; do
		[[ -s $work/extension/$f ]] || fail "$f is missing from $EXTENSION_NAME-$kind"
	done
	grep -q "\"version\": \"${VERSION%%[-+]*}\"" "$work/extension/manifest.json" ||
		fail "the extension in $EXTENSION_NAME-$kind does not have version ${VERSION%%[-+]*}"
done

echo "==> build without the window"
if "$GO" list -deps -tags nogui . | grep -q '^fyne.io/'; then
	fail "the nogui build still imports Fyne"
fi
CGO_ENABLED=0 "$GO" build -tags nogui -o "$work/haul-nogui" .
code=0
"$work/haul-nogui" >/dev/null 2>"$work/nogui.err" || code=$?
[[ $code -eq 2 ]] && grep -q "without its window" "$work/nogui.err" || fail "the nogui build does not say it has no window (exit $code)"
echo "check-package: all package checks passed"
