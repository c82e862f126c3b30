# errcat's build. `make test` is what CI runs (.ci/run).
GO      ?= go
# Fuzz runs in make test are counted in executions, not seconds: a timed run
# can end with a spurious "context deadline exceeded" when the clock runs out
# during a slow input (the collision analysis has some). Set FUZZTIME=30s,
# say, for a longer timed session.
FUZZTIME ?=

.PHONY: all build test vet staticcheck tidy-check fmt-check unit allocs differential catalogue-test eval example fuzz generate l10n bench bench-compare otel otel-bench docs clean

all: build

build:
	$(GO) build -o bin/errcat ./cmd/errcat

# Everything a change must pass: formatting, vet, staticcheck, a tidy
# go.mod, the unit and script tests under the race detector, the shipped
# catalogue against its fixtures, the catalogue's figures on the labelled
# corpus, the embedding example, and a short run of every fuzz target (the redaction
# of every fake secret in text around it and the timing-hint round trip,
# the record splitter and the excerpt among them).
test: fmt-check vet staticcheck tidy-check unit allocs differential catalogue-test eval example fuzz

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

# staticcheck at a pinned release, fetched through the module proxy.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
staticcheck:
	$(GO) run $(STATICCHECK) ./...

# go.mod and go.sum must hold exactly what the code imports.
tidy-check:
	$(GO) mod tidy -diff

# The race detector slows the engine's tests several times over, and these
# machines are shared: the timeout is go test's default raised to fit.
unit:
	$(GO) test -race -count=1 -timeout 60m ./...

# The allocation budgets, which the race detector's sync.Pool would blur:
# none on a miss, at most two on a hit, none per unmatched record in Lines.
allocs:
	$(GO) test -count=1 -run 'Allocs' ./internal/match

# The record engine's searches against the regexp package on every
# pattern and fixture text: one goroutine, so it runs without the race
# detector, which would only slow it.
differential:
	$(GO) test -count=1 -timeout 30m -run 'TestFindAgreesWithRegexp' ./internal/match

catalogue-test:
	$(GO) run ./cmd/errcat test --catalogue catalogue --fixtures fixtures

# The labelled corpora (messages gathered apart from the fixtures) must
# keep their figures: corpus.jsonl its targets, and the blind slices that
# guided catalogue work (testdata/eval/README.md) no lower than they stand,
# with no hard or request failure given a transient code; the held-out
# ones (blind4, blind7, blind8, blind9, blind11) are not gated, so that
# they can measure again. A corpus's report is printed
# when it fails, so the log shows which entry moved.
BLIND  = --min-precision 0.94 --min-recall 0.78 --min-class-precision 0.95 \
	--max-coverage-negative 0.03 --min-whole-output-recall 0.80 --max-unsafe 0
BLIND2 = --min-precision 0.93 --min-recall 0.74 --min-class-precision 0.96 \
	--max-coverage-negative 0.06 --min-whole-output-recall 0.78 --max-unsafe 0
BLIND3 = --min-precision 0.98 --min-recall 0.93 --min-class-precision 0.98 \
	--max-coverage-negative 0.01 --min-whole-output-recall 0.88 --max-unsafe 0
BLIND5 = --min-precision 0.97 --min-recall 0.94 --min-class-precision 0.98 \
	--max-coverage-negative 0.02 --min-whole-output-recall 0.93 --max-unsafe 0
BLIND6 = --min-precision 0.95 --min-recall 0.82 --min-class-precision 0.97 \
	--max-coverage-negative 0.06 --min-whole-output-recall 0.84 --max-unsafe 0
BLIND10 = --min-precision 0.99 --min-recall 0.97 --min-class-precision 0.99 \
	--max-coverage-negative 0.01 --min-whole-output-recall 0.97 --max-unsafe 0
BLIND12 = --min-precision 0.99 --min-recall 0.92 --min-class-precision 0.99 \
	--max-coverage-negative 0.01 --min-whole-output-recall 0.87 --max-unsafe 0
BLIND13 = --min-precision 0.93 --min-recall 0.58 --min-class-precision 0.93 \
	--max-coverage-negative 0.04 --min-whole-output-recall 0.69 --max-unsafe 0
BLIND15 = --min-precision 0.97 --min-recall 0.68 --min-class-precision 0.97 \
	--max-coverage-negative 0.06 --min-whole-output-recall 0.88 --max-unsafe 0
BLIND14 = --min-precision 0.91 --min-recall 0.42 --min-class-precision 0.91 \
	--max-coverage-negative 0.03 --min-whole-output-recall 0.55 --max-unsafe 0
BLIND16 = --min-precision 0.98 --min-recall 0.65 --min-class-precision 0.99 \
	--max-coverage-negative 0.01 --min-whole-output-recall 0.63 --max-unsafe 0
BLIND17 = --min-precision 0.99 --min-recall 0.52 --min-class-precision 0.99 \
	--max-coverage-negative 0.01 --min-whole-output-recall 0.60 --max-unsafe 0
BLIND18 = --min-precision 0.97 --min-recall 0.64 --min-class-precision 0.97 \
	--max-coverage-negative 0.02 --min-whole-output-recall 0.82 --max-unsafe 0
BLIND19 = --min-precision 0.96 --min-recall 0.68 --min-class-precision 0.96 \
	--max-coverage-negative 0.05 --min-whole-output-recall 0.80 --max-unsafe 0
BLIND20 = --min-precision 0.93 --min-recall 0.73 --min-class-precision 0.94 \
	--max-coverage-negative 0.05 --min-whole-output-recall 0.87 --max-unsafe 0
BLIND21 = --min-precision 0.96 --min-recall 0.73 --min-class-precision 0.97 \
	--max-coverage-negative 0.02 --min-whole-output-recall 0.85 --max-unsafe 0
BLIND22 = --min-precision 0.90 --min-recall 0.46 --min-class-precision 0.90 \
	--max-coverage-negative 0.03 --min-whole-output-recall 0.63 --max-unsafe 1
BLIND23 = --min-precision 0.92 --min-recall 0.51 --min-class-precision 0.93 \
	--max-coverage-negative 0.03 --min-whole-output-recall 0.64 --max-unsafe 1
BLIND26 = --min-precision 0.97 --min-recall 0.86 --min-class-precision 0.97 \
	--max-coverage-negative 0.01 --min-whole-output-recall 0.90 --max-unsafe 0
BLIND27 = --min-precision 0.95 --min-recall 0.92 --min-class-precision 0.97 \
	--max-coverage-negative 0.02 --min-whole-output-recall 0.89 --max-unsafe 0
BLIND28 = --min-precision 0.99 --min-recall 0.96 --min-class-precision 0.99 \
	--max-coverage-negative 0.03 --min-whole-output-recall 0.99 --max-unsafe 0
BLIND29 = --min-precision 0.97 --min-recall 0.96 --min-class-precision 0.97 \
	--max-coverage-negative 0.05 --min-whole-output-recall 0.90 --max-unsafe 0
BLIND30 = --min-precision 0.95 --min-recall 0.88 --min-class-precision 0.96 \
	--max-coverage-negative 0.06 --min-whole-output-recall 0.96 --max-unsafe 0
BLIND31 = --min-precision 0.96 --min-recall 0.90 --min-class-precision 0.96 \
	--max-coverage-negative 0.07 --min-whole-output-recall 0.81 --max-unsafe 0
BLIND32 = --min-precision 0.96 --min-recall 0.91 --min-class-precision 0.97 \
	--max-coverage-negative 0.02 --min-whole-output-recall 0.92 --max-unsafe 0
BLIND33 = --min-precision 0.92 --min-recall 0.94 --min-class-precision 0.95 \
	--max-coverage-negative 0.09 --min-whole-output-recall 0.92 --max-unsafe 0
BLIND35 = --min-precision 0.94 --min-recall 0.87 --min-class-precision 0.96 \
	--max-coverage-negative 0.03 --min-whole-output-recall 0.83 --max-unsafe 0
BLIND34 = --min-precision 0.95 --min-recall 0.95 --min-class-precision 0.96 \
	--max-coverage-negative 0.06 --min-whole-output-recall 0.93 --max-unsafe 0
eval:
	@set -e; for c in "corpus.jsonl" "blind.jsonl $(BLIND)" "blind2.jsonl $(BLIND2)" "blind3.jsonl $(BLIND3)" "blind5.jsonl $(BLIND5)" "blind6.jsonl $(BLIND6)" "blind10.jsonl $(BLIND10)" "blind12.jsonl $(BLIND12)" "blind13.jsonl $(BLIND13)" "blind15.jsonl $(BLIND15)" "blind14.jsonl $(BLIND14)" "blind16.jsonl $(BLIND16)" "blind17.jsonl $(BLIND17)" "blind18.jsonl $(BLIND18)" "blind19.jsonl $(BLIND19)" "blind20.jsonl $(BLIND20)" "blind21.jsonl $(BLIND21)" "blind22.jsonl $(BLIND22)" "blind23.jsonl $(BLIND23)" "blind26.jsonl $(BLIND26)" "blind27.jsonl $(BLIND27)" "blind28.jsonl $(BLIND28)" "blind29.jsonl $(BLIND29)" "blind30.jsonl $(BLIND30)" "blind31.jsonl $(BLIND31)" "blind32.jsonl $(BLIND32)" "blind33.jsonl $(BLIND33)" "blind34.jsonl $(BLIND34)" "blind35.jsonl $(BLIND35)"; do \
		set -- $$c; f=$$1; shift; \
		echo "errcat eval --corpus testdata/eval/$$f $$*"; \
		out=$$($(GO) run ./cmd/errcat eval --catalogue catalogue --corpus testdata/eval/$$f "$$@") || { echo "$$out"; exit 1; }; \
		echo "$$out" | sed -n '3,9p'; \
	done

fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzLoad$$' -fuzztime=$(or $(FUZZTIME),10000x) ./internal/compile
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(or $(FUZZTIME),5000x) ./internal/source
	$(GO) test -run='^$$' -fuzz='^FuzzClassify$$' -fuzztime=$(or $(FUZZTIME),20000x) ./internal/match
	$(GO) test -run='^$$' -fuzz='^FuzzLines$$' -fuzztime=$(or $(FUZZTIME),3000x) ./internal/match
	$(GO) test -run='^$$' -fuzz='^FuzzVerdict$$' -fuzztime=$(or $(FUZZTIME),5000x) ./internal/match
	$(GO) test -run='^$$' -fuzz='^FuzzRecords$$' -fuzztime=$(or $(FUZZTIME),20000x) ./internal/match/records
	$(GO) test -run='^$$' -fuzz='^FuzzLookupJSON$$' -fuzztime=$(or $(FUZZTIME),20000x) ./internal/match
	$(GO) test -run='^$$' -fuzz='^FuzzExcerptKeepsMatch$$' -fuzztime=$(or $(FUZZTIME),20000x) ./internal/redact
	$(GO) test -run='^$$' -fuzz='^FuzzPairs$$' -fuzztime=$(or $(FUZZTIME),3000x) ./internal/collide
	$(GO) test -run='^$$' -fuzz='^FuzzGuardLast$$' -fuzztime=$(or $(FUZZTIME),3000x) ./internal/collide
	$(GO) test -run='^$$' -fuzz='^FuzzFind$$' -fuzztime=$(or $(FUZZTIME),300x) ./internal/match
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(or $(FUZZTIME),50000x) ./internal/hint
	$(GO) test -run='^$$' -fuzz='^FuzzRoundTrip$$' -fuzztime=$(or $(FUZZTIME),50000x) ./internal/hint
	$(GO) test -run='^$$' -fuzz='^FuzzText$$' -fuzztime=$(or $(FUZZTIME),20000x) ./internal/redact
	$(GO) test -run='^$$' -fuzz='^FuzzExcerpt$$' -fuzztime=$(or $(FUZZTIME),20000x) ./internal/redact
	$(GO) test -run='^$$' -fuzz='^FuzzSecretInContext$$' -fuzztime=$(or $(FUZZTIME),20000x) ./internal/redact
	$(GO) test -run='^$$' -fuzz='^FuzzMine$$' -fuzztime=$(or $(FUZZTIME),5000x) ./internal/mine

# The embedding example is a module of its own: check its generated file is
# fresh, regenerate it as its go:generate line says, build it and run it.
example:
	cd examples/embed && $(GO) run github.com/errcat/errcat/cmd/errcat generate --catalogue catalogue --package main --out errcat_gen.go --check
	cd examples/embed && $(GO) generate ./... && $(GO) vet ./... && $(GO) build -o ../../bin/errcat-embed .
	./bin/errcat-embed < examples/embed/sample.txt | tail -n +2 | diff -u examples/embed/want.txt -

# The OpenTelemetry Collector processor is a module of its own, with the
# collector's dependencies: its vet and its tests (the end-to-end one
# builds a collector), under the race detector. .ci/run calls it after
# make test.
otel:
	cd otelcol/errcatprocessor && $(GO) vet ./... && $(GO) test -race -count=1 -timeout 30m ./...

# The processor's records per second beside the redaction processor and a
# plain regexp loop over the catalogue's patterns (bench/README.md).
otel-bench:
	cd otelcol/errcatprocessor && $(GO) test -run='^$$' -bench=ConsumeLogs -benchtime=2s .

# Regenerate every generated file from its catalogue (gen/ is also held
# fresh by its own test).
generate:
	$(GO) generate ./internal/builtin/...
	$(GO) generate ./gen/...
	cd examples/embed && $(GO) generate ./...

# Regenerate catalogue/l10n/*.yaml, the translations of the gettext
# messages the rules name, from the .mo files installed here (on Debian:
# apt-get install libc-l10n locales git apt dpkg bash coreutils sudo
# subversion lftp msmtp network-manager libvirt-l10n login procps make
# wget libpq5 gsasl-common gnupg-l10n libgnutls30 libglib2.0-data
# glib-networking-common evolution-data-server-common libgoa-1.0-common
# gnome-keyring gnome-settings-daemon-common gnome-software-common flatpak
# packagekit appstream libavahi-common-data libgstreamer1.0-0
# gstreamer1.0-plugins-good libwebkitgtk-6.0-4 libgpg-error-l10n
# util-linux-locales libpam-runtime libsoup-3.0-common tar krb5-locales
# postgresql-15 postgresql-client-15). A test
# fails when the committed data is stale; builds and CI need none of these
# packages.
l10n:
	$(GO) run ./internal/l10n/gen -catalogue catalogue

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./internal/match ./gen ./internal/redact ./internal/mine
	$(GO) test -run='^$$' -bench=. -benchtime=5x ./bench
	$(GO) test -run='^$$' -bench=BenchmarkShipped -benchtime=3x -v ./internal/collide

# Throughput beside grep, ripgrep and wc on a generated log (SIZE_MB, RULES;
# SHAPES=phrase for plain-phrase rules, PAIRS=1 for ordinary lines made of rule
# nouns as the bench wrote them before; run.sh reads both from the environment).
SIZE_MB ?= 256
RULES   ?= 50 200 1000
bench-compare:
	bash bench/run.sh $(SIZE_MB) $(RULES)

# Regenerate docs/codes.md from the shipped catalogue (a test fails when it
# is stale).
docs:
	$(GO) run ./cmd/errcat codes -o markdown --catalogue catalogue > docs/codes.md

clean:
	rm -rf bin
