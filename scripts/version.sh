#!/usr/bin/env bash
# Prints Haul's version for builds and package names. The number comes from
# FyneApp.toml; a clean checkout of the tag "v<number>" is a release and
# prints the number alone, anything else is a development build of it:
# "0.2.0-dev+abc1234", or "0.2.0-dev+abc1234.dirty" with uncommitted changes
# (the same rule as "haul version" in a plain go build, see version.go).
# A tag that disagrees with FyneApp.toml is an error, so the package names,
# the app and its metadata always agree.
set -euo pipefail

cd "$(dirname "$0")/.."

base=$(sed -n 's/^Version *= *"\([^"]*\)".*/\1/p' FyneApp.toml)
if [[ ! $base =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
	echo "FyneApp.toml: Version must look like 1.2.3, not \"$base\"" >&2
	exit 1
fi

if ! git rev-parse --git-dir >/dev/null 2>&1; then
	echo "$base-dev"
	exit 0
fi

dirty=""
if [[ -n $(git status --porcelain 2>/dev/null) ]]; then
	dirty=".dirty"
fi
tag=$(git describe --tags --exact-match --match 'v[0-9]*' HEAD 2>/dev/null || true)
if [[ -n $tag && $tag != "v$base" ]]; then
	echo "The commit is tagged $tag but FyneApp.toml says Version = \"$base\": make them agree before packaging." >&2
	exit 1
fi
if [[ -n $tag && -z $dirty ]]; then
	echo "$base"
	exit 0
fi
commit=$(git rev-parse HEAD)
echo "$base-dev+${commit:0:7}$dirty"
