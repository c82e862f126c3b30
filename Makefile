# errcat's build. `make test` is what CI runs (.ci/run).
GO      ?= go
# Fuzz runs in make test are counted in executions, not seconds: a timed run
# can end with a spurious "context deadline exceeded" when the clock runs out
# during a slow input (the collision analysis has some). Set FUZZTIME=30s,
# say, for a longer timed session.
FUZZTIME ?=

.PHONY: all build test vet fmt-check unit catalogue-test eval example fuzz generate bench bench-compare docs clean

all: build

build:
	$(GO) build -o bin/errcat ./cmd/errcat

# Everything a change must pass: formatting, vet, the unit and script tests
# under the race detector, the shipped catalogue against its fixtures, the
# catalogue's figures on the labelled corpus once there is one, the
# embedding example, and a short fuzz run of the loader, the engine and its
# bulk path, the record splitter and the excerpt.
test: fmt-check vet unit catalogue-test eval example fuzz

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

unit:
	$(GO) test -race -count=1 ./...

catalogue-test:
	$(GO) run ./cmd/errcat test --catalogue catalogue --fixtures fixtures

# The labelled corpus (messages gathered apart from the fixtures) must meet
# the targets: precision >= 0.98, recall >= 0.90, <= 1% of ordinary lines
# classified. Skipped until testdata/eval/corpus.jsonl exists.
CORPUS ?= testdata/eval/corpus.jsonl
eval:
	@if [ -f $(CORPUS) ]; then \
		echo "$(GO) run ./cmd/errcat eval --catalogue catalogue --corpus $(CORPUS)"; \
		$(GO) run ./cmd/errcat eval --catalogue catalogue --corpus $(CORPUS); \
	else \
		echo "eval: $(CORPUS) does not exist yet; skipped"; \
	fi

fuzz:
	$(GO) test -run='^$$' -fuzz=FuzzLoad -fuzztime=$(or $(FUZZTIME),10000x) ./internal/compile
	$(GO) test -run='^$$' -fuzz=FuzzClassify -fuzztime=$(or $(FUZZTIME),20000x) ./internal/match
	$(GO) test -run='^$$' -fuzz=FuzzLines -fuzztime=$(or $(FUZZTIME),3000x) ./internal/match
	$(GO) test -run='^$$' -fuzz=FuzzRecords -fuzztime=$(or $(FUZZTIME),20000x) ./internal/match
	$(GO) test -run='^$$' -fuzz=FuzzExcerptKeepsMatch -fuzztime=$(or $(FUZZTIME),20000x) ./internal/redact
	$(GO) test -run='^$$' -fuzz=FuzzPairs -fuzztime=$(or $(FUZZTIME),3000x) ./internal/collide

# The embedding example is a module of its own: check its generated file is
# fresh, regenerate it as its go:generate line says, build it and run it.
example:
	cd examples/embed && $(GO) run github.com/errcat/errcat/cmd/errcat generate --catalogue catalogue --package main --out errcat_gen.go --check
	cd examples/embed && $(GO) generate ./... && $(GO) vet ./... && $(GO) build -o ../../bin/errcat-embed .
	./bin/errcat-embed < examples/embed/sample.txt | tail -n +2 | diff -u examples/embed/want.txt -

# Regenerate every generated file from its catalogue (gen/ is also held
# fresh by its own test).
generate:
	$(GO) generate ./internal/builtin/...
	$(GO) generate ./gen/...
	cd examples/embed && $(GO) generate ./...

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./internal/match ./gen ./internal/redact
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
