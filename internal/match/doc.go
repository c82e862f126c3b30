// Package match is errcat's runtime engine: it classifies evidence of a
// failure against a compiled catalogue.
//
// The engine works on compiled tables (internal/tables), never on YAML:
// internal/compile builds them from the catalogue files, and the code
// generator emits the same tables as Go literals next to this package's own
// source. That is why this package imports only the standard library and
// errcat's other standard-library-only packages (internal/hint,
// internal/redact, internal/tables): whatever it does, the generated code
// does too, from the same source. So do the packages it is built from:
// literal search (litscan), record framing (records) and the patterns'
// search (regex), each knowing nothing of rules, and the bulk path
// (bulk), which decides which records of a long input the record engine
// reads. The bulk path builds its own tables from the catalogue; the
// record engine asks it only for the candidates of a record it hands on
// (finder.go).
//
// The engine only reads the tables: what it derives from them to run
// (compiled patterns, their fast paths, capture groups) it keeps itself,
// indexed by the ids the compiler gives (tables.Regex.ID).
//
// The semantics it implements (tiers, priorities, records, the verdict of
// several records, conflicts and what is unclassified) are stated once, in
// docs/semantics.md; verdict.go decides which records of an input count.
package match
