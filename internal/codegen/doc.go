// Package codegen writes a compiled catalogue as one self-contained Go
// file: the tables as Go literals, and the engine that runs them.
//
// The engine in the generated file is not a second implementation. The
// generator reads the Go source of internal/match, of the two packages it
// uses (internal/hint, internal/redact) and of internal/policy (Decide),
// embedded in errcat at build time, and merges them into the output: the helpers' top-level names get
// their package's name as a prefix (hint.Parse becomes hintParse) so that
// nothing collides and nothing but the engine's own API is exported. The
// generated package therefore classifies exactly as internal/match does,
// and a test holds it to that.
//
// The output is deterministic: declarations come in file order, tables in
// the canonical order of the compiled catalogue, and the header names the
// errcat and catalogue versions but no time, path or host.
package codegen
