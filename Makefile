# errcat's build. `make test` is what CI runs (.ci/run).
GO      ?= go
FUZZTIME ?= 5s

.PHONY: all build test vet fmt-check unit catalogue-test fuzz bench clean

all: build

build:
	$(GO) build -o bin/errcat ./cmd/errcat

# Everything a change must pass: formatting, vet, the unit and script tests
# under the race detector, the shipped catalogue against its fixtures, and a
# short fuzz run of the loader and the engine.
test: fmt-check vet unit catalogue-test fuzz

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

unit:
	$(GO) test -race -count=1 ./...

catalogue-test:
	$(GO) run ./cmd/errcat test --catalogue catalogue --fixtures fixtures

fuzz:
	$(GO) test -run='^$$' -fuzz=FuzzLoad -fuzztime=$(FUZZTIME) ./internal/compile
	$(GO) test -run='^$$' -fuzz=FuzzClassify -fuzztime=$(FUZZTIME) ./internal/match
	$(GO) test -run='^$$' -fuzz=FuzzPairs -fuzztime=$(FUZZTIME) ./internal/collide

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./internal/match
	$(GO) test -run='^$$' -bench=BenchmarkShipped -benchtime=3x -v ./internal/collide

clean:
	rm -rf bin
