#!/usr/bin/env bash
# Runs the large-file benchmark (bench/split): one 32 MiB file from a
# loopback server that holds each connection to 4 MB/s, fetched by
# `haul get` and by aria2c -x8 -s8 in the same run, then a server allowing
# 2 connections, a kill -9 halfway, a file that changes between its parts,
# and 1,000 small files with splitting on and off. Prints one Markdown
# table of medians. See docs/BENCHMARKS.md, "Large files".
#
# Usage: scripts/bench-split.sh
# Environment:
#   RUNS=3      runs of each measure (the table shows medians)
#   BENCH_TMP   where the output folders go (default $TMPDIR or /tmp)
set -euo pipefail
cd "$(dirname "$0")/.."
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY
export no_proxy=127.0.0.1 NO_PROXY=127.0.0.1

bash scripts/install-packages.sh aria2
mkdir -p bin
go build -o bin/haul .
go build -o bin/split-bench ./bench/split
bin/split-bench -haul bin/haul -runs "${RUNS:-3}" -tmp "${BENCH_TMP:-${TMPDIR:-/tmp}}"
