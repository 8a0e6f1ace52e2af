#!/usr/bin/env bash
# Builds Haul's downloadable packages into dist/:
#   haul-VERSION-linux-amd64.tar.xz   binary, menu entry, icons, AppStream metainfo, install.sh
#   haul-VERSION-windows-amd64.zip    Haul.exe, cross-built with mingw-w64, icon and version info embedded
#   haul-VERSION-extension-chrome.zip the Save with Haul extension for Chrome, Edge and Brave (unpacked in a zip)
#   haul-VERSION-windows-amd64-setup.exe  its installer, made with NSIS (packaging/windows/haul.nsi)
#   haul-VERSION-extension-chrome.zip the Save with Haul extension for Chrome, Edge and Brave (unpacked in a zip)
#   haul-VERSION-extension-firefox.xpi the same extension for Firefox
#   SHA256SUMS
# Run by `make package`; `make install` uses "stage-linux" alone, and the
# test under Wine "stage-windows" (Haul.exe and the installer in build/package).
#
# Usage: scripts/package.sh all|stage-linux|stage-windows
# Environment: VERSION (default: scripts/version.sh), GO (default: go),
# RELEASE_TAGS (build tags of a release build).
set -euo pipefail

cd "$(dirname "$0")/.."

GO=${GO:-go}
VERSION=${VERSION:-$(bash scripts/version.sh)}
RELEASE_TAGS=${RELEASE_TAGS:-migrated_fynedo}
APP_ID=io.haul.app
STAGE=build/package
LINUX_NAME=haul-$VERSION-linux-amd64
WINDOWS_NAME=haul-$VERSION-windows-amd64
EXTENSION_NAME=haul-$VERSION-extension
LDFLAGS="-s -w -X main.buildVersion=$VERSION"

# build_number is FyneApp.toml's Build, the fourth part of Windows' version.
build_number() {
	sed -n 's/^Build *= *\([0-9]*\).*/\1/p' FyneApp.toml
}

# stage_linux builds the Linux binary and lays out the archive's folder.
stage_linux() {
	local root=$STAGE/$LINUX_NAME
	rm -rf "$root"
	mkdir -p "$root/bin" "$root/share/applications" "$root/share/metainfo"
	echo "==> Linux binary $VERSION"
	CGO_ENABLED=1 GOOS=linux GOARCH=amd64 "$GO" build -tags "$RELEASE_TAGS" -ldflags "$LDFLAGS" -o "$root/bin/haul" .
	"$GO" run ./tools/mkicon -hicolor "$root/share/icons/hicolor" -name "$APP_ID"
	cp packaging/linux/$APP_ID.desktop "$root/share/applications/"
	sed -e "s/@VERSION@/$VERSION/" -e "s/@DATE@/$(release_date)/" \
		packaging/linux/$APP_ID.metainfo.xml.in >"$root/share/metainfo/$APP_ID.metainfo.xml"
	sed -e "s/@VERSION@/$VERSION/" packaging/linux/README.txt >"$root/README.txt"
	install -m 755 packaging/linux/install.sh "$root/install.sh"
}

# release_date is the day of the commit being packaged (today outside git),
# so the same commit always gives the same metainfo.
release_date() {
	git log -1 --format=%cs 2>/dev/null || date -u +%F
}

archive_linux() {
	echo "==> dist/$LINUX_NAME.tar.xz"
	tar -C "$STAGE" --sort=name --owner=0 --group=0 --numeric-owner \
		-cJf "dist/$LINUX_NAME.tar.xz" "$LINUX_NAME"
}

# windows_resources compiles the icon, manifest and version information into
# a .syso file that go build links into Haul.exe, and draws the installer's
# picture.
windows_resources() {
	local dir=$STAGE/windows-resources
	rm -rf "$dir"
	mkdir -p "$dir"
	"$GO" run ./tools/mkicon -ico "$dir/haul.ico"
	"$GO" run ./tools/mkicon -wizard "$dir/wizard.bmp"
	cp packaging/windows/haul.exe.manifest "$dir/"
	local numbers=${VERSION%%[-+]*}
	sed -e "s/@VERSION@/$VERSION/g" -e "s/@VERSION_COMMAS@/${numbers//./,},$(build_number)/g" \
		packaging/windows/haul.rc.in >"$dir/haul.rc"
	x86_64-w64-mingw32-windres --input-format=rc --output-format=coff \
		-I "$dir" -i "$dir/haul.rc" -o rsrc_windows_amd64.syso
}

# stage_windows builds Haul.exe into build/package/haul-VERSION-windows-amd64/
# and its installer beside that folder.
stage_windows() {
	local dir=$STAGE/$WINDOWS_NAME
	rm -rf "$dir"
	mkdir -p "$dir"
	echo "==> Windows binary $VERSION (mingw-w64)"
	windows_resources
	CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC=x86_64-w64-mingw32-gcc CXX=x86_64-w64-mingw32-g++ \
		"$GO" build -tags "$RELEASE_TAGS" -ldflags "-H windowsgui $LDFLAGS" -o "$dir/Haul.exe" .
	installer
}

# installer makes the installer of the staged Haul.exe with NSIS; Windows'
# four-part version is the release's numbers and FyneApp.toml's Build.
installer() {
	echo "==> Windows installer $VERSION (NSIS)"
	local numbers=${VERSION%%[-+]*}
	makensis -V2 -WX -DVERSION="$VERSION" -DVERSION4="$numbers.$(build_number)" \
		-DEXE="$PWD/$STAGE/$WINDOWS_NAME/Haul.exe" -DICON="$PWD/$STAGE/windows-resources/haul.ico" \
		-DWIZARD="$PWD/$STAGE/windows-resources/wizard.bmp" \
		-DOUTFILE="$PWD/$STAGE/$WINDOWS_NAME-setup.exe" packaging/windows/haul.nsi
}

archive_windows() {
	echo "==> dist/$WINDOWS_NAME.zip and dist/$WINDOWS_NAME-setup.exe"
	rm -f "dist/$WINDOWS_NAME.zip"
	(cd "$STAGE/$WINDOWS_NAME" && zip -q -X -9 "../../../dist/$WINDOWS_NAME.zip" Haul.exe)
	cp "$STAGE/$WINDOWS_NAME-setup.exe" dist/
}

# package_extension zips the browser extension for Chrome, Edge and Brave
# and, as an .xpi, for Firefox, with the release's version in its manifest
# (browsers take only numbers: 0.2.0-dev+abc1234 is 0.2.0).
package_extension() {
	local dir=$STAGE/extension
	rm -rf "$dir"
	mkdir -p "$dir"
	cp -r extension/. "$dir/"
	sed -i "s/\"version\": \"[^\"]*\"/\"version\": \"${VERSION%%[-+]*}\"/" "$dir/manifest.json"
	for kind in chrome.zip firefox.xpi; do
		echo "==> dist/$EXTENSION_NAME-$kind"
		rm -f "dist/$EXTENSION_NAME-$kind"
		(cd "$dir" && find . -type f | sort | zip -q -X -9 "../../../dist/$EXTENSION_NAME-$kind" -@)
	done
}

checksums() {
	echo "==> dist/SHA256SUMS"
	(cd dist && sha256sum "$LINUX_NAME.tar.xz" "$WINDOWS_NAME.zip" "$WINDOWS_NAME-setup.exe" "$EXTENSION_NAME-chrome.zip" "$EXTENSION_NAME-firefox.xpi" >SHA256SUMS)
}

case ${1:-all} in
stage-linux)
	stage_linux
	;;
stage-windows)
	stage_windows
	;;
all)
	mkdir -p dist
	rm -f dist/haul-*-linux-amd64.tar.xz dist/haul-*-windows-amd64.zip dist/haul-*-windows-amd64-setup.exe dist/haul-*-extension-* dist/SHA256SUMS
	stage_linux
	archive_linux
	stage_windows
	archive_windows
	package_extension
	checksums
	ls -l dist
	;;
*)
	echo "usage: $0 all|stage-linux|stage-windows" >&2
	exit 2
	;;
esac
