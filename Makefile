# Build, run and test Haul. Run `make help` for the list of targets.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
export LANG := en_US.UTF-8

GO ?= go
BIN := bin/haul
DEBUG_BIN := bin/haul-debug
FUZZTIME ?= 30s
GOCYCLO := github.com/fzipp/gocyclo/cmd/gocyclo@v0.6.0

# The release build opts into Fyne's fyneDo migration, which turns off its
# thread checks; the debug build leaves them on so misuse is reported.
RELEASE_TAGS := migrated_fynedo

# The version comes from FyneApp.toml (see scripts/version.sh): "0.2.0" on
# its release tag, "0.2.0-dev+abc1234" anywhere else.
VERSION = $(shell bash scripts/version.sh)
VERSION_LDFLAGS = -X main.buildVersion=$(VERSION)
# make install puts Haul in ~/.local, or in /usr/local when run as root;
# PREFIX=DIR chooses another folder.
PREFIX ?=
INSTALL_WHERE = $(if $(PREFIX),--prefix "$(PREFIX)",$(if $(filter 0,$(shell id -u)),--system,--user))

SYSTEM_PACKAGES := gcc libgl1-mesa-dev xorg-dev
# Windows cross-compiler, archivers, the validators of the Linux package and
# what starts it from its desktop entry under Xvfb.
PACKAGE_PACKAGES := gcc-mingw-w64-x86-64 nsis desktop-file-utils appstream xz-utils zip unzip \
	libglib2.0-bin xvfb xauth xdotool
E2E_PACKAGES := xvfb xdotool imagemagick x11-utils
# Chromium runs the browser extension end to end.
BROWSER_PACKAGES := chromium
# Wine runs Haul's Windows build and its installer (made with nsis); mingw
# builds Haul.exe and the stand-in Wine lacks; Xvfb and friends show and
# photograph its window; locales has the Chinese locale that Wine turns
# into Chinese Windows.
WINE_PACKAGES := wine wine64 gcc-mingw-w64-x86-64 nsis xvfb xauth xdotool imagemagick x11-utils locales

.DEFAULT_GOAL := build
.PHONY: help deps e2e-deps wine-deps browser-deps test-browser test-windows build build-debug run test cyclo methods imports aliases e2e fuzz bench bench-gui icon cjkfont clean
.PHONY: package-deps package install uninstall

help:
	@echo "make run          install what is missing, build and start Haul"
	@echo "make test         formatting, vet, complexity and method counts, all tests with the race detector, and e2e"
	@echo "make build        release build into $(BIN)"
	@echo "make build-debug  build with Fyne's thread checks into $(DEBUG_BIN)"
	@echo "make cyclo        list too complex functions (gocyclo: code over 15, tests over 20)"
	@echo "make methods      list the types with more than 40 methods"
	@echo "make imports      check that no part of the engine imports the engine package"
	@echo "make aliases      check that downloader/aliases.go is generated from today's parts"
	@echo "make e2e          end-to-end test under Xvfb; it retakes the pictures in docs/images"
	@echo "make test-windows Haul.exe, its window and its installer tested under Wine"
	@echo "make test-browser the browser extension in headless Chromium, handing a gallery to Haul"
	@echo "make package      Linux and Windows downloads into dist/"
	@echo "make install      install Haul for you (~/.local), or for everyone when root; PREFIX=DIR to choose"
	@echo "make uninstall    remove what make install installed (same PREFIX)"
	@echo "make fuzz         run every fuzz target for FUZZTIME (now $(FUZZTIME))"
	@echo "make bench        run the benchmarks"
	@echo "make bench-gui    benchmark the real window under Xvfb with 10,000 links"
	@echo "make icon         redraw assets/icon.png"
	@echo "make cjkfont      rebuild the bundled Chinese font subset from the catalogues"
	@echo "make clean        remove build output"

deps:
	@if ! command -v $(GO) >/dev/null 2>&1; then \
		echo "Go is not installed or not on PATH. Haul needs Go 1.26 or newer:" >&2; \
		echo "download it from https://go.dev/dl/ (install steps: https://go.dev/doc/install), then run make again." >&2; \
		exit 1; \
	fi
	@bash scripts/install-packages.sh $(SYSTEM_PACKAGES)

e2e-deps:
	@bash scripts/install-packages.sh $(E2E_PACKAGES)

browser-deps:
	@bash scripts/install-packages.sh $(BROWSER_PACKAGES)

wine-deps:
	@bash scripts/install-packages.sh $(WINE_PACKAGES)

package-deps:
	@bash scripts/install-packages.sh $(PACKAGE_PACKAGES)

build: deps
	CGO_ENABLED=1 $(GO) build -tags $(RELEASE_TAGS) -ldflags "$(VERSION_LDFLAGS)" -o $(BIN) .

build-debug: deps
	CGO_ENABLED=1 $(GO) build -ldflags "$(VERSION_LDFLAGS)" -o $(DEBUG_BIN) .

run: build
	./$(BIN)

test: deps
	@echo "==> gofmt"
	@unformatted="$$(gofmt -l .)"; \
	if [[ -n "$$unformatted" ]]; then \
		echo "These files need gofmt -w:" >&2; echo "$$unformatted" >&2; exit 1; \
	fi
	@echo "==> go vet"
	$(GO) vet ./...
	@echo "==> the command line built for macOS (GOOS=darwin, -tags nogui)"
	GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 $(GO) build -tags nogui -o /dev/null .
	@echo "==> go vet for Windows (the engine, the command line and their tests; the window needs cgo)"
	GOOS=windows CGO_ENABLED=0 $(GO) vet -tags nogui $$($(GO) list ./... | grep -v -e '^haul/gui' -e '^haul/bench/window$$')
	@$(MAKE) --no-print-directory cyclo
	@$(MAKE) --no-print-directory methods
	@$(MAKE) --no-print-directory imports
	@$(MAKE) --no-print-directory aliases
	@echo "==> go test -race"
	CGO_ENABLED=1 $(GO) test -race -count=1 -timeout 30m ./...
	@echo "==> 10,000 small files at 32 at once with 512 open files allowed, the write cache kept full"
	@CGO_ENABLED=0 $(GO) test -count=1 -run '^TestManySmallFilesWithFewFileHandles$$' -v ./downloader | grep -E 'files open|^(--- |ok|FAIL)'
	@echo "==> kill -9 in the middle of a batch, then run again"
	@CGO_ENABLED=1 $(GO) test -count=1 -run '^TestKillNineThenRunAgain$$' -v ./cli | grep -E 'bytes served|^(--- |ok|FAIL)'
	@if [[ -n "$$(find gui -name '*_test.go' 2>/dev/null)" ]]; then \
		echo "==> GUI tests without cgo"; \
		echo "CGO_ENABLED=0 $(GO) test -count=1 ./gui/..."; \
		CGO_ENABLED=0 $(GO) test -count=1 ./gui/...; \
	fi
	@if [[ -f scripts/e2e.sh ]]; then \
		echo "==> end-to-end"; \
		$(MAKE) --no-print-directory e2e; \
	fi
	@$(MAKE) --no-print-directory test-browser
	@$(MAKE) --no-print-directory test-windows
	@echo "==> packages"
	@version="$$(bash scripts/version.sh)"; \
	$(MAKE) --no-print-directory package VERSION="$$version"; \
	GO=$(GO) VERSION="$$version" bash scripts/check-package.sh

# Functions stay small: gocyclo lists every function of the repository
# whose cyclomatic complexity is over 15 (over 20 for tests, whose steps
# read in order), and any is an error.
cyclo:
	@echo "==> gocyclo: code over 15, tests over 20"
	@command -v "$$($(GO) env GOPATH)/bin/gocyclo" >/dev/null || $(GO) install $(GOCYCLO)
	@gocyclo="$$($(GO) env GOPATH)/bin/gocyclo"; \
	code="$$(git ls-files '*.go' | grep -v '_test\.go$$' | xargs "$$gocyclo" -over 15 || true)"; \
	tests="$$(git ls-files '*_test.go' | xargs "$$gocyclo" -over 20 || true)"; \
	if [[ -n "$$code$$tests" ]]; then \
		echo "These functions are too complex (cyclomatic complexity over 15, or 20 in tests); split them:" >&2; \
		printf '%s\n' "$$code" "$$tests" | grep . >&2; exit 1; \
	fi

# A type with more than 40 methods does more than one job: methodcount
# lists every such type in the repository, and any is an error.
methods:
	@echo "==> types with more than 40 methods"
	$(GO) run ./tools/methodcount -max 40 .

# The engine's parts (haul/downloader/...) take what they need as values
# or small interfaces and never import the engine package, nor does
# haul/instance: importcheck fails when one does, directly or not.
imports:
	@echo "==> packages below the engine that import it"
	$(GO) run ./tools/importcheck -engine haul/downloader -also haul/instance

# The engine names its parts' words through downloader/aliases.go, made
# by go generate; genaliases -check fails when it is out of date.
aliases:
	@echo "==> the engine's aliases up to date"
	$(GO) run ./tools/genaliases -check ./downloader

test-windows: wine-deps
	@echo "==> Windows, under Wine"
	GO=$(GO) VERSION=$(VERSION) RELEASE_TAGS=$(RELEASE_TAGS) bash scripts/wine/test.sh

# The extension in headless Chromium saves a members-only gallery through
# the native host it starts (browser/e2e).
test-browser: browser-deps
	@echo "==> the browser extension in headless Chromium"
	$(GO) test -tags browsere2e -count=1 -timeout 30m -v ./browser/e2e | grep -E 'pictures handed over|^(--- |ok|FAIL)|_test\.go'

e2e: e2e-deps build-debug
	HAUL_BIN=$(DEBUG_BIN) bash scripts/e2e.sh

fuzz:
	@targets="$$($(GO) test -list '^Fuzz' ./... | awk '/^Fuzz/ { names[n++] = $$1; next } /^ok / { for (i = 0; i < n; i++) print $$2, names[i]; n = 0 }')"; \
	if [[ -z "$$targets" ]]; then echo "No fuzz targets found."; exit 0; fi; \
	while read -r pkg target; do \
		echo "==> $$target in $$pkg for $(FUZZTIME)"; \
		$(GO) test -run='^$$' -fuzz="^$$target\$$" -fuzztime=$(FUZZTIME) "$$pkg" </dev/null; \
	done <<< "$$targets"

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./...
	bash scripts/bench.sh
	bash scripts/bench-split.sh

bench-gui: deps
	bash scripts/bench-gui.sh

icon:
	$(GO) run ./tools/mkicon -o assets/icon.png -size 512

cjkfont:
	@bash scripts/install-packages.sh fonts-noto-cjk python3-fonttools
	bash scripts/cjkfont.sh

package: deps package-deps
	@bash scripts/version.sh >/dev/null
	GO=$(GO) VERSION=$(VERSION) RELEASE_TAGS=$(RELEASE_TAGS) bash scripts/package.sh all

install: deps
	@bash scripts/version.sh >/dev/null
	GO=$(GO) VERSION=$(VERSION) RELEASE_TAGS=$(RELEASE_TAGS) bash scripts/package.sh stage-linux
	sh build/package/haul-$(VERSION)-linux-amd64/install.sh $(INSTALL_WHERE)

uninstall:
	sh packaging/linux/install.sh --uninstall $(INSTALL_WHERE)

clean:
	rm -rf bin dist build testdata/e2e-out rsrc_windows_amd64.syso
