# The two commands a newcomer needs: `make run` and `make test`.
GO      ?= go
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
ADDR    ?= :8080

.PHONY: run build test test-go test-web test-e2e web vet bench clean

## run: build everything and serve the demo agency on SQLite at http://localhost:8080
run: build
	./bin/immo serve --addr $(ADDR)

## build: the single binary bin/immo, with the web app embedded (nodynamic: the pure-Go WebP
## encoder, so the binary is static)
build: web
	CGO_ENABLED=0 $(GO) build -tags nodynamic -trimpath -ldflags '$(LDFLAGS)' -o bin/immo ./cmd/immo

## test: every test — Go (SQLite and PostgreSQL), the web app, the browser
test: vet test-go test-web test-e2e

vet: web
	$(GO) vet ./...

test-go: web
	$(GO) test -count=1 ./...

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

## web: build the React app into internal/web/assets/dist
web: web/node_modules/.installed
	cd web && npm run build

test-web: web/node_modules/.installed
	cd web && npm test

test-e2e: build
	cd e2e && npm ci --no-audit --no-fund && IMMO_BIN=../bin/immo npm test

## bench: catalog and rendering benchmarks
bench:
	$(GO) test -run '^$$' -bench . -benchtime 3s ./internal/catalog/ ./internal/web/...

clean:
	rm -rf bin var
	cd web && npm run clean
