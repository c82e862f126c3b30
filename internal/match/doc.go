// Package match is errcat's runtime engine: it classifies evidence of a
// failure against a compiled catalogue.
//
// The engine works on tables (Catalogue), never on YAML: internal/compile
// builds them from the catalogue files, and the code generator emits the same
// tables as Go literals next to this package's own source. That is why this
// package imports only the standard library and errcat's other
// standard-library-only packages (internal/hint, internal/redact): whatever it
// does, the generated code does too, from the same source.
//
// Semantics, in the order they apply:
//
//   - Evidence has structured parts (HTTP status, headers, JSON body, exit
//     code, signal, provider) and text. The text is read as records: lines,
//     except that a JSON value spread over several lines is one record, and
//     an HTTP body is one record. All of a rule's text matchers must hold
//     within one record, so two unrelated phrases in a long log never add up
//     to one rule.
//   - A rule's tier is that of its strongest matcher: structured > exact >
//     text. Within a tier, a higher priority wins, and `overrides` orders two
//     rules without touching priorities.
//   - The top-ranked matching rules decide. When they name different codes
//     the answer is unclassified with reason "conflict": two equally strong
//     readings of the same evidence are not settled by a coin toss. When
//     they name one code, the winner is the most confident, then the
//     smallest rule id, so the answer never depends on file order.
//   - Of an input in which several records failed, only the records that
//     decide are ranked: not those the program reports as retried when
//     another failed, and of the rest those of the safest class
//     (verdict.go; docs/format.md).
//   - No match, a winner of low confidence, and empty input are
//     unclassified too. Unclassified is an answer: it stops automatic
//     recovery.
package match
