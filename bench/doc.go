// Command bench generates the inputs of errcat's throughput comparison:
// a realistic log and synthetic catalogues of a chosen size, with the same
// patterns as a grep/ripgrep pattern file and their literals as a fixed
// string file. bench/run.sh runs errcat beside grep, ripgrep and wc on
// them and prints MB/s and ratios.
//
// Everything is deterministic for a given seed: the same flags write the
// same bytes, so figures from different runs compare like with like.
//
// Rules come in eight shapes (shapes.go), as a real catalogue's do: plain
// phrases, variable separators, an identifier skipped with \S+, a count, a
// bounded gap, the verb first, a JSON field, a status class. -shapes
// mixed (the default) takes them in turn; -shapes phrase gives the plain
// phrases alone, the easy case for literal search, and any other shape's
// name gives that shape alone.
//
// The rules are written in the common subset of RE2 and GNU grep's ERE
// (literals, alternation, bracket classes, ?, +, {m,n}, ., and GNU's \b,
// \s and \S), case-insensitive (grep and ripgrep get -i), one code per
// rule and distinct priorities, so that "lines errcat classifies" and
// "lines grep -E -f matches" must be the same number: run.sh checks that
// before it prints a figure.
package main
