# The two commands a newcomer needs: `make run` and `make test`.
GO      ?= go
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
ADDR    ?= :8080

.PHONY: run build test test-go test-web test-e2e web vet bench bench-inbox clean fuzz fuzz-short gen lighthouse inp

# Delete a target whose recipe failed, so a half-done build is redone next time.
.DELETE_ON_ERROR:

## run: build everything and serve the demo agency on SQLite at http://localhost:8080
run: build
	./bin/immo serve --addr $(ADDR)

## build: the single binary bin/immo, with the web app embedded (nodynamic: the pure-Go WebP
## encoder, so the binary is static)
build: web
	CGO_ENABLED=0 $(GO) build -tags nodynamic -trimpath -ldflags '$(LDFLAGS)' -o bin/immo ./cmd/immo

## test: every test — Go (SQLite and PostgreSQL), the web app, a short run of every fuzz
## target, the browser
test: vet test-go test-web fuzz-short test-e2e

vet: web
	$(GO) vet ./...
	@unformatted=$$(gofmt -l bench cmd internal *.go); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi

# The PostgreSQL store's package takes ~4½ minutes alone (every case migrates
# a schema of its own) and more beside the others on two cores: go test's
# default 10 minutes per package is too near; a hang still ends in 20.
test-go: web
	$(GO) test -count=1 -timeout 20m ./...

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

# Everything the web build reads: the app, its build scripts and configuration,
# and the translations it bundles. Folders are listed too: adding, removing or
# renaming a file changes its folder's time.
WEB_INPUTS := $(shell find web/src web/scripts internal/domain/i18n/locales) \
	web/package.json web/package-lock.json web/vite.config.ts web/tsconfig.json
WEB_BUILT  := internal/http/web/assets/dist/manifest.json

## web: build the React app into internal/http/web/assets/dist, when one of its inputs changed
web: $(WEB_BUILT)

$(WEB_BUILT): web/node_modules/.installed $(WEB_INPUTS)
	cd web && npm run build
	touch $@

# The type check first: it is where a Go props struct and a view disagree.
test-web: web/node_modules/.installed
	cd web && npm run typecheck && npm run lint && npm test

## gen: rewrite web/src/gen/pages.ts (the page props' TypeScript, from the Go structs) and
## forms.ts + forms.vectors.json (the visitor forms' rules, from internal/domain/lead's specs)
## (Go tests fail while a committed file is stale)
gen:
	IMMO_UPDATE_GEN=1 $(GO) test -count=1 -run TestGeneratedBreakpoints ./internal/domain/rules/
	IMMO_UPDATE_GEN=1 $(GO) test -count=1 -run TestGeneratedTypes ./internal/http/web/route/
	IMMO_UPDATE_GEN=1 $(GO) test -count=1 -run TestGeneratedForms ./internal/domain/lead/
	IMMO_UPDATE_GEN=1 $(GO) test -count=1 -run TestGeneratedTypes ./internal/http/web/admin/

e2e/node_modules/.installed: e2e/package.json e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	touch $@

test-e2e: build e2e/node_modules/.installed
	cd e2e && IMMO_BIN=../bin/immo npm test

# Fuzz targets as package:Target (go test -fuzz takes one target per run).
FUZZ_TARGETS := \
	internal/http/web/route:FuzzResolve \
	internal/domain/catalog:FuzzParseQuery \
	internal/adapter/importer/importfuzz:FuzzDecodeValidate \
	internal/domain/site:FuzzParse \
	internal/http/picturehttp/picturefuzz:FuzzParams
# The short runs count executions (10000 each: 1–3 s here) rather than
# time: a duration budget trips a race in Go's fuzz coordinator that fails a
# run with "context deadline exceeded" at its end (go.dev/issue/75804, fixed
# in Go 1.27); counting never reaches that deadline.
FUZZTIME ?= 10000x
# Minimising a new input can take a minute on a large one, during which
# nothing is fuzzed: the short runs skip it (a crash is saved all the same).
FUZZMINIMIZE ?= 0

## fuzz-short: every fuzz target for FUZZTIME (10000 inputs) each, part of `make test`
fuzz-short:
	@set -e; for t in $(FUZZ_TARGETS); do \
	  echo "fuzz $${t#*:} ($${t%%:*}, $(FUZZTIME))"; \
	  $(GO) test -run '^$$' -fuzz "^$${t#*:}\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) ./$${t%%:*}; \
	done

## fuzz: every fuzz target for 2 minutes each (FUZZTIME=10m make fuzz for longer);
## a crash is written under the package's testdata/fuzz: commit it with the fix
fuzz:
	$(MAKE) fuzz-short FUZZMINIMIZE=30s FUZZTIME=$(if $(filter command line environment,$(origin FUZZTIME)),$(FUZZTIME),2m)

## bench: catalog and rendering benchmarks
bench:
	$(GO) test -run '^$$' -bench . -benchtime 3s ./internal/domain/catalog/ ./internal/http/web/...

## bench-inbox: the inbox's list over 100 000 leads on SQLite and PostgreSQL (p50, p99 per filter)
bench-inbox:
	$(GO) test -run '^$$' -bench InboxList -benchtime 200x ./internal/adapter/storage/sqlite/ ./internal/adapter/storage/postgres/

bench/lighthouse/node_modules/.installed: bench/lighthouse/package.json bench/lighthouse/package-lock.json
	cd bench/lighthouse && npm ci --no-audit --no-fund
	touch $@

## lighthouse: Lighthouse's mobile audit (Debian's Chromium) of home, a list, a property, a
## project, the contact page, the valuation and the demand register on a fresh demo server, two
## rounds, for an undecided visitor;
## prints scores, paints, blocking time, layout shift and bytes (not part of `make test`)
lighthouse: build bench/lighthouse/node_modules/.installed
	cd bench/lighthouse && node run.mjs $(LIGHTHOUSE_ARGS)

## inp: interaction to next paint of the drawer, the search box, a list filter and the gallery on a
## touch phone at 4× CPU slowdown, three rounds each (issue #34; not part of `make test`)
inp: build e2e/node_modules/.installed
	node bench/inp/run.mjs $(INP_ARGS)

clean:
	rm -rf bin var
	cd web && npm run clean
