/*
Errcat classifies failures of LLM providers, agents, tools and CI jobs into
semantic codes with one recovery class each, deterministically.

Usage:

	errcat classify [flags] [FILE...]   classify stderr, a log or an HTTP response
	errcat test [flags]                 compile a catalogue and replay its fixtures
	errcat check [flags]                prove that equally ranked rules never collide
	errcat codes [flags]                list codes with their class and rule count
	errcat schema [catalogue|rules|fixtures]
	                                    print a JSON Schema

A walk through:

	$ echo 'curl: (6) Could not resolve host: api.example.com' | errcat classify
	classified:  transient/network_unavailable
	...

	$ errcat classify --status 429 --header 'Retry-After: 20' < body.json
	$ errcat classify --lines -o jsonl ci.log        # one result per classified line
	$ errcat classify --exit-by-class < stderr.log   # exit 75 transient, 78 hard, 65 request, 70 unclassified
	$ errcat test --catalogue ./catalogue --fixtures ./fixtures --junit report.xml
	$ errcat check --catalogue ./catalogue -o sarif > errcat.sarif

errcat check analyses every pair of rules without fixtures: two rules of
equal rank and different codes whose matches can be the same text,
overlap, or lie one inside the other in one record collide, and are shown
with the shortest witness as a fixture to paste; a rule that a
higher-ranked rule of another code always beats is shadowed. Both exit 1,
as does a pair left undecided by the --budget of automaton states.
errcat test runs the same analysis.

Classes: transient means retry the same target, hard means stop, ask a
person or switch, request means change the request. Unclassified is never
a guess: no match, a low-confidence winner or conflicting evidence all give
it, and it must stop automatic recovery.

How a verdict is reached (the tie-break rules):

  - The text is read as records: lines, with a JSON value spread over lines
    kept whole, and an HTTP body as one record. A rule's text matchers must
    all hold within one record.
  - A rule's tier is that of its strongest matcher: structured (status,
    header, json, exit_code, signal) outranks exact, which outranks text
    (contains, regex). provider narrows a rule but does not raise its tier.
  - Within a tier, the higher priority wins; overrides: [id] lets one rule
    beat another of equal rank without touching priorities.
  - Top-ranked rules naming different codes are a conflict: unclassified,
    reason conflict, with every candidate listed.
  - Top-ranked rules naming one code: the most confident wins, then the
    smallest rule id, so the answer never depends on file order.
  - A low-confidence winner is unclassified, reason low_confidence.

Timing hints (Retry-After in both forms, retry-after-ms, reset durations,
RFC 3339 reset times, "try again in 20s") are checked against the clock
(--now, default the current time): unreadable, past, or more than 7 days
ahead, they are dropped, and --explain says why.

Output never echoes raw evidence: the excerpt is at most 240 bytes around
the match, with secrets redacted and terminal escapes removed. Advice
fields (unblock) come from the catalogue only.

Exit status: 0 when classification ran; with --exit-by-class the class's
exit code; 1 for a broken catalogue, unreadable input or failing fixtures;
2 for usage errors.

The catalogue format is described in docs/format.md; errcat schema prints
the JSON Schemas that every file is validated against.
*/
package main
