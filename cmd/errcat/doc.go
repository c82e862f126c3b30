/*
Errcat classifies failures of LLM providers, agents, tools and CI jobs into
semantic codes with one recovery class each, deterministically.

Usage:

	errcat classify [flags] [FILE...]   classify stderr, a log or an HTTP response
	errcat test [flags]                 compile a catalogue and replay its fixtures
	errcat check [flags]                prove that equally ranked rules never collide
	errcat codes [flags]                list codes with their class and rule count (-o markdown: docs/codes.md)
	errcat explain CODE|RULE-ID [flags] what a code or rule is, where it is written and how it ranks
	errcat mine [flags] [FILE...]       list a log's unclassified failures as templates to add
	errcat sanitize [--ids] [FILE...]   print text with secrets redacted, unbounded
	errcat fixture add --code C [flags] sanitize a sample from stdin and append it as a fixture
	errcat eval --corpus FILE.jsonl     precision, recall and coverage on a labelled corpus
	errcat schema [catalogue|rules|fixtures|policy]
	                                    print a JSON Schema
	errcat run --policy P -- CMD ARGS   run a command, retrying as a policy says
	errcat decide --policy P            decide what to do about a classification
	errcat policy show P                print the schedule a policy implies
	errcat generate --package N --out F write a catalogue and its engine as one Go file
	errcat init [DIR]                   write a starter catalogue layer over the built-in catalogue
	errcat --version                    errcat's release, build revision and built-in catalogue

Embedding: programs that classify in-process generate the compiled
catalogue and its engine into their own package, with no dependency on
errcat at run time and nothing but the standard library. After go get -tool
github.com/errcat/errcat/cmd/errcat, in a package of its own (the file
declares some 500 names), with the built-in catalogue unless --catalogue
names another:

	//go:generate go tool errcat generate --package mypkg --out errcat_gen.go

The file errcat_gen.go holds the tables, the engine (internal/match's own
source), Classify, ClassifyText, ClassifyLines, Codes, Version and the
recovery-policy Decide. It is byte-identical across runs and machines;
errcat generate --check exits 1 when it is stale. examples/embed is a
complete module doing this.

A walk through:

	$ echo 'curl: (6) Could not resolve host: api.example.com' | errcat classify
	classified:  transient/network_unavailable
	...

	$ errcat classify --status 429 --header 'Retry-After: 20' < body.json
	$ errcat classify --lines -o jsonl ci.log        # one result per classified line
	$ tail -f app.log | errcat classify --lines      # answered as lines arrive
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

	$ errcat policy show ci.policy.yaml
	hard: stop at once
	request: skip at once
	transient: 5 s, 10 s, 20 s, then skip; waits for a reset up to 5 m once
	unclassified: stop, whatever the policy says

	$ errcat run --policy ci.policy.yaml -- ./agent.sh
	...
	errcat: transient/network_unavailable (rule net.dns_failure), retry 1/3 in 5s
	...
	errcat: succeeded on attempt 2

Classes: transient means retry the same target, hard means stop, ask a
person or switch, request means change the request. Unclassified is never
a guess: no match, a low-confidence winner or conflicting evidence all give
it, and it must stop automatic recovery.

How a verdict is reached (the tie-break rules):

  - The text is read as records: lines, with a JSON value spread over lines
    kept whole, and an HTTP body as one record. A rule's text matchers must
    all hold within one record.
  - A rule's tier is that of its strongest matcher: structured (header,
    json, or a status beside them) outranks exact, which outranks text
    (contains, regex), which outranks bare numbers (a status, exit_code or
    signal alone, and rules marked bare: true): a cause named beside a
    number decides over it. provider narrows a rule but does not raise its
    tier.
  - Within a tier, the higher priority wins; overrides: [id] lets one rule
    beat another of equal rank without touching priorities.
  - Top-ranked rules naming different codes are a conflict: unclassified,
    reason conflict, with every candidate listed.
  - Top-ranked rules naming one code: the most confident wins, then the
    smallest rule id, so the answer never depends on file order.
  - A low-confidence winner is unclassified, reason low_confidence.
  - Of an input in which several records failed, the failure that ended
    the run decides: records the program reports as retried (Retrying in
    2s, attempt 2/5) weigh less, then the safest class (hard, request,
    transient), then the ranking above. docs/format.md says it in full.

Timing hints (Retry-After in both forms, retry-after-ms, RateLimit, reset
durations, RFC 3339 and Unix reset times, wall-clock resets such as
"resets 3pm (Europe/Lisbon)", "try again in 20s") are checked against the
clock (--now, default the current time; a wall-clock time without a zone is
read in the clock's): unreadable, past, or more than 7 days ahead, they are
dropped, and --explain says why. A reset phrase with no readable time is
kept as reset_text, never turned into a time.

Output never echoes raw evidence: the excerpt is at most 240 bytes around
the match, with secrets redacted and terminal escapes and invisible
characters (zero-width, bidirectional, tag characters) removed. Advice
fields (unblock) come from the catalogue only.

Exit status: 0 when classification ran; with --exit-by-class the class's
exit code; 1 for a broken catalogue, unreadable input or failing fixtures;
2 for usage errors.

Recovery policies decide, per class, in this order: unclassified stops;
the server's x-should-retry: false (should_retry) stops; wait once per class for a provider's reset within max_wait (that attempt
uses no retry); retry while retries remain, doubling from
initial_interval, capped at 24h; otherwise on_exhausted (skip or stop).
errcat run does not run a command again after it wrote to stdout unless
--idempotent, and exits with the command's status (or, with
--exit-by-class, the class's). A run that succeeds only after failed
attempts is flaky: "flaky": true on its last --report line, its status
still the command's. --fail-on-output classifies the output of an attempt
that exits 0 too (with --classify-stdout, standard output as well, where
headless agent CLIs print their JSON result envelope), and a classified
failure there is a failure: the policy decides, and a run that ends on it
exits 1 (the class's status with --exit-by-class). See docs/policy.md.

	$ errcat run --policy agent.policy.yaml --fail-on-output --classify-stdout -- \
	    claude -p --output-format json "$PROMPT"

GitHub Actions (GITHUB_ACTIONS=true): errcat test and errcat check also
write a workflow command, ::error file=F,line=L,col=C,title=T::message,
on standard error for every failing fixture, check error and problem of
a broken catalogue, which the pull request shows on that line; errcat run
and classify --lines append a Markdown summary (attempts, classes,
decisions, sanitized excerpts) to $GITHUB_STEP_SUMMARY, a file that cannot
be written being a warning; a flaky run is also a ::warning. action.yml
is a composite action around errcat test and errcat run; see
docs/github-actions.md.

Colour: --color auto (the default) colours the class in the text of
classify and run on a terminal, unless $NO_COLOR is set to anything;
--color always and never decide alone. JSON is never coloured.

Progress: on a terminal, classify draws a line on standard error while
it reads an input of more than a few megabytes (megabytes read, of how
many when the size is known, MB/s, and with --lines the records read and
classified so far), redrawn in place and erased when it ends. It is never
written to a pipe or a file, in CI (CI or GITHUB_ACTIONS set) or on a
dumb terminal; --no-progress turns it off. Standard output is the same
with it or without.

errcat explain CODE shows a code's class and what the class means, its
description, unblock and scope, and its rules (id, tier, priority,
file:line) with two of the fixtures each wins. errcat explain RULE-ID shows
a rule's matchers, timing-hint sources, whether it is indexed (its
triggers), the rules of other codes it meets that it outranks, that
outrank it and that it ties with, by the engine's own ranking (10 each,
with a count of the rest), and the fixtures it wins. An unknown name exits
2 with the closest codes and rule ids; -o json gives both views as one
object. docs/explain.md describes the views.

	$ errcat explain rate_limited
	$ errcat explain http.status_429 -o json

errcat mine reads logs as classify --lines does and lists the records the
catalogue leaves unclassified that read as failures (a failure word in one
of several languages, a traceback or panic, a non-zero exit status, an
HTTP 4xx or 5xx; in a record logged at INFO or DEBUG only the statuses
count) as templates: variable parts masked (<NUM>, <HEX>, <UUID>, <IP>,
<URL>, <EMAIL>, <PATH>, <HOST>, <DURATION>, <TIME>, <ID>, <QUOTED>), and
<*> where the records of a template differ. They come by count, each with
its first and last line (and file, with several), a sanitized example and
the errcat fixture add command that takes the example as a fixture once
CODE is replaced; the classified records are counted by code and class.
--min-count and --top shorten the list, -o json prints it as one object,
and --max-templates (1000) bounds memory, the records beyond it counted
as dropped. docs/adding-a-rule.md starts from it.

	$ errcat mine --min-count 2 --top 20 ci.log

The catalogue format is described in docs/format.md; errcat schema prints
the JSON Schemas that every file is validated against.

A catalogue of your own need not copy the built-in one: a catalogue.yaml
that says extends: builtin (or names other catalogue directories relative
to it, in order) is a layer, compiled with what it extends into one
catalogue, on which every command works. errcat init DIR writes a starter
layer that passes errcat test --catalogue DIR as written; docs/format.md
describes layers.

	$ errcat init ci-errors && errcat test --catalogue ci-errors

A catalogue directory given with --catalogue or $ERRCAT_CATALOGUE is
compiled on first use and kept compiled in the user's cache directory
(errcat/catalogues), at most 16 of them, until its files (or those of a
layer it extends) or errcat itself change. What errcat check and errcat
test prove of pairs of rules is kept beside them (collide.memo), so that
after an edit only the edited rules' pairs are searched again.
$ERRCAT_CACHE names another directory; ERRCAT_CACHE=off keeps nothing.
*/
package main
