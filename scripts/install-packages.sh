#!/usr/bin/env bash
# Installs the named Debian/Ubuntu packages with apt-get, skipping the ones
# already installed. Uses sudo when not run as root. On other systems it only
# says what to install and exits successfully, so the build can go on.
#
# Usage: scripts/install-packages.sh PACKAGE...
set -euo pipefail

if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
	echo "Not a Debian or Ubuntu system: please make sure these (or your system's equivalents) are installed: $*"
	exit 0
fi

missing=()
for pkg in "$@"; do
	if ! dpkg -s "$pkg" 2>/dev/null | grep -q '^Status: install ok installed'; then
		missing+=("$pkg")
	fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
	exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
	if ! command -v sudo >/dev/null 2>&1; then
		echo "Missing packages: ${missing[*]}. Install them as root (apt-get install ${missing[*]}), then run make again." >&2
		exit 1
	fi
	sudo=(sudo)
fi

echo "Installing missing packages: ${missing[*]}"
"${sudo[@]}" apt-get update
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
