// Package errcatprocessor is an OpenTelemetry Collector processor that
// classifies failures in log records with errcat's catalogue, where logs
// already flow. For each record it selects, it builds the evidence errcat
// reads (the body, string or map; the exception; the HTTP status and
// response headers; the exit code; the generative-AI provider and model)
// from the semantic-convention attributes, and writes the answer as
// attributes: error.type (the code), errcat.class, errcat.rule,
// errcat.confidence, errcat.retry_after, errcat.reset_at,
// errcat.catalogue_version and the sanitised errcat.excerpt.
//
// The processor runs errcat's engine, internal/match, on compiled tables:
// the built-in catalogue's (internal/builtin, compiled ahead of time) or a
// catalogue directory's, compiled by internal/compile when the processor
// is created. It does not use the generated package gen, though gen is the
// same engine: gen holds one catalogue fixed at generation, and a directory
// can only be run by internal/match, so building on gen would mean two
// engines with two result types for one processor. This module lives in
// errcat's repository and builds against it (its go.mod replaces errcat
// with the repository root), so it may import errcat's internal packages,
// and they change together.
//
// docs/otel.md in the repository has a builder manifest, a collector
// configuration, what each attribute means and a dashboard query.
package errcatprocessor
