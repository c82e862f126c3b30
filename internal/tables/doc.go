// Package tables is a compiled catalogue: the classes, codes and rules
// that internal/compile builds from a catalogue's YAML, and that the
// engine (internal/match), the collision analysis, the compiled-catalogue
// cache, the built-in catalogue and the code generator all read.
//
// The tables are plain data, immutable once built: nothing that reads
// them writes to them, so one copy serves every engine and every goroutine
// of a process. What an engine derives from them to run (compiled
// patterns, their fast paths and capture groups) it keeps itself, indexed
// by the ids the compiler gives (Regex.ID).
//
// Like internal/match, the package imports only the standard library: the
// code generator emits its source into every generated package.
package tables
