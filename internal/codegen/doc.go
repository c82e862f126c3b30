// Package codegen writes a compiled catalogue as one self-contained Go
// file: the tables as Go literals, and the engine that runs them.
//
// The engine in the generated file is not a second implementation. The
// generator reads the Go source of internal/match, of the two packages it
// uses (internal/hint, internal/redact) and of internal/policy (Decide),
// embedded in errcat at build time, and merges them into the output
// after the API, internal/codegen/api: ordinary Go against those
// packages, which the compiler checks like any other. The generated
// package therefore classifies exactly as internal/match does, and a test
// holds it to that.
//
// The API's exported names are the generated package's only exported
// names. Every other package-level name is unexported: a helper
// package's names get their package's name as a prefix (hint.Parse
// becomes hintParse), internal/match's lose their capital (Engine becomes
// engine), and exported methods lose theirs where the rename is sure to
// change nothing else (nameMethods). Only the API's documentation is
// kept; the engine's own comments speak of its files and its workings,
// and are left out. So are the declarations the API does not reach
// (prune).
//
// The output is deterministic: declarations come in file order, tables in
// the canonical order of the compiled catalogue, and the header names the
// errcat and catalogue versions but no time, path or host.
package codegen
