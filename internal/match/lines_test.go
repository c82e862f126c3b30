package match_test

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/match/records"
)

// synthLog builds a log of about size bytes mixing ordinary lines, lines
// that trigger rules, near misses, pretty-printed JSON bodies, terminal
// escapes, CRLF endings, blank lines and an over-long line.
func synthLog(size int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 99))
	lines := []string{
		"2026-01-01T00:00:00Z INFO request served in 12ms",
		"Rate limit exceeded for requests, try again in 3s",
		"rate limit: 100 per minute (config)",
		"bash: foo: command not found",
		"sh: 1: foo: not found",
		"invalid request: missing field",
		"invalid request key",
		"maximum context length is 8192 tokens",
		"\x1b[31mRate limit\x1b[0m reached",
		"invalid reque\u017ft here",
		"server busy, slow down",
		"data: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}",
		"you exceeded your current quota",
		"all good\r",
		"",
		"   ",
		"{ never closed",
	}
	var b strings.Builder
	for b.Len() < size {
		switch r.IntN(40) {
		case 0:
			b.WriteString("{\n  \"error\": {\n    \"type\": \"overloaded_error\"\n  }\n}\n")
		case 1:
			if r.IntN(50) == 0 {
				b.WriteString("command not found " + strings.Repeat("x", records.MaxRecord+100) + "\n")
			}
		default:
			b.WriteString(lines[r.IntN(len(lines))])
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// TestLinesMatchesPerRecord holds the bulk path, serial and parallel, to
// the plain definition: every record classified on its own.
func TestLinesMatchesPerRecord(t *testing.T) {
	e := testEngine(t)
	opts := match.Options{Now: now}
	for _, size := range []int{5000, 3 << 20} {
		log := synthLog(size, uint64(size))
		var want []match.LineResult
		wantStats := match.LineStats{Lines: strings.Count(log, "\n")}
		sc := records.NewScanner(strings.NewReader(log))
		for sc.Scan() {
			rec := string(sc.Record())
			if strings.TrimSpace(rec) == "" {
				continue
			}
			wantStats.Records++
			s := e.Begin(match.Evidence{}, opts)
			s.Record(rec, sc.Line(), sc.Truncated())
			c := s.Finish()
			if c.State == match.Classified {
				wantStats.Classified++
				// The best by rank, the earliest of those alike.
				if wantStats.Best.State == "" || c.Candidates[0].Outranks(wantStats.Best.Candidates[0]) {
					wantStats.Best = match.LineResult{Line: sc.Line(), Classification: c}
				}
			} else {
				wantStats.Unclassified++
			}
			if c.State == match.Classified || c.Reason != match.ReasonNoMatch && c.Reason != match.ReasonEmpty && c.Reason != match.ReasonGarbled {
				want = append(want, match.LineResult{Line: sc.Line(), Classification: c})
			}
		}
		for _, workers := range []int{1, 3} {
			t.Run(fmt.Sprintf("%dB/%dworkers", size, workers), func(t *testing.T) {
				var got []match.LineResult
				st, err := e.Lines(strings.NewReader(log), match.Evidence{}, match.LinesOptions{Options: opts, Workers: workers}, func(r match.LineResult) bool {
					got = append(got, r)
					return true
				})
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(wantStats, st); diff != "" {
					t.Errorf("stats (-per-record +bulk):\n%s", diff)
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("results (-per-record +bulk):\n%s", diff)
				}
				if len(want) == 0 {
					t.Error("the log classified nothing; the test proves nothing")
				}
			})
		}
	}
}

// TestLinesExplains: with explanations, which quote the record, the
// bulk path (which reads records in place in a buffer it then reads the
// next region into) hands over what every record classified on its own
// answers, quotes included.
func TestLinesExplains(t *testing.T) {
	e := testEngine(t)
	size := 600 << 10 // three regions
	if raceEnabled {
		size = 300 << 10
	}
	log := synthLog(size, 11)
	opts := match.Options{Now: now, Explain: true}
	want := perRecordWith(e, log, opts)
	explained := 0
	for _, r := range want {
		if r.Explain != nil && len(r.Explain.Matches) > 0 && r.Explain.Matches[0].Excerpt != "" {
			explained++
		}
	}
	if explained == 0 {
		t.Fatal("no explanation quotes a record: the test proves nothing")
	}
	for _, w := range []int{1, 2} {
		got := bulkWith(t, e, log, match.LinesOptions{Options: opts, Workers: w})
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%d workers: results (-per-record +bulk):\n%s", w, diff)
		}
	}
}

// TestLinesStopsEarly checks that returning false ends the run.
func TestLinesStopsEarly(t *testing.T) {
	e := testEngine(t)
	log := synthLog(3<<20, 5)
	for _, workers := range []int{1, 2} {
		n := 0
		_, err := e.Lines(strings.NewReader(log), match.Evidence{}, match.LinesOptions{Workers: workers}, func(match.LineResult) bool {
			n++
			return n < 3
		})
		if err != nil || n != 3 {
			t.Errorf("workers %d: fn called %d times (err %v), want 3", workers, n, err)
		}
	}
}

// TestLinesReportsReadErrors cuts a log off with a read error: Lines
// returns the error, at one worker and at two, after handing fn every
// record read before it, as a run over the same bytes without the error
// does.
func TestLinesReportsReadErrors(t *testing.T) {
	e := testEngine(t)
	size := 600 << 10 // three regions
	if raceEnabled {
		size = 300 << 10 // two: the race detector slows the scan a hundredfold
	}
	log := synthLog(size, 7)
	boom := errors.New("disk on fire")
	for _, workers := range []int{1, 2} {
		var want, got []int
		opts := match.LinesOptions{Workers: workers}
		if _, err := e.Lines(strings.NewReader(log), match.Evidence{}, opts, func(r match.LineResult) bool {
			want = append(want, r.Line)
			return true
		}); err != nil {
			t.Fatal(err)
		}
		r := io.MultiReader(strings.NewReader(log), iotest.ErrReader(boom))
		_, err := e.Lines(r, match.Evidence{}, opts, func(r match.LineResult) bool {
			got = append(got, r.Line)
			return true
		})
		if err != boom {
			t.Errorf("workers %d: error %v, want %v", workers, err, boom)
		}
		if len(want) == 0 || !slices.Equal(want, got) {
			t.Errorf("workers %d: %d answers before the error, want the %d of the log read whole", workers, len(got), len(want))
		}
	}
}

// TestLinesPassesOverLeadsOnly runs the bulk path where it passes over
// records without looking at them (no unindexed rules, no structured
// evidence), on a log whose near misses hold only the literals the
// matchers look for besides triggers (where a pattern can begin): such a
// record selects no rule, and passing over it must change no answer.
func TestLinesPassesOverLeadsOnly(t *testing.T) {
	e := rulesEngine(t, []string{"rate_limited", "overloaded"}, `rules:
  - id: t.rate
    code: rate_limited
    confidence: high
    match: {regex: '(?i)\brate[ _-]?limit(s|ed)? (exceeded|reached)\b'}
  - id: t.upstream
    code: overloaded
    confidence: high
    match: {regex: '(?i)\bupstream account (refused|expired)\b \(code [0-9]+\)'}
`)
	r := rand.New(rand.NewPCG(9, 9))
	lines := []string{
		"rate limit exceeded", "Rate-Limited reached now", "rate limiter ok", "ratelimit",
		"upstream account refused (code 7)", "upstream account is fine", "upstream account expired (code x)",
		"the account was refused", "exceeded nothing", "plain line",
	}
	linesAsPerRecord(t, e, mixedLog(r, lines), 1)
}

// rulesEngine builds the engine of a catalogue of rules (a YAML list
// under "rules:") whose codes are all of one transient class.
func rulesEngine(t testing.TB, codes []string, rules string) *match.Engine {
	t.Helper()
	var cat strings.Builder
	cat.WriteString("name: test\nversion: 0.0.1\nclasses:\n  transient: {description: d, exit_code: 75}\ncodes:\n")
	for _, c := range codes {
		cat.WriteString("  " + c + ": {class: transient, description: d}\n")
	}
	return engineOf(t, fstest.MapFS{
		"catalogue.yaml": {Data: []byte(cat.String())},
		"rules/r.yaml":   {Data: []byte(rules)},
	})
}

// mixedLog is 20,000 lines drawn from lines.
func mixedLog(r *rand.Rand, lines []string) string {
	var b strings.Builder
	for i := 0; i < 20000; i++ {
		b.WriteString(lines[r.IntN(len(lines))])
		b.WriteByte('\n')
	}
	return b.String()
}

// engineOf compiles a catalogue and builds its engine.
func engineOf(t testing.TB, fsys fstest.MapFS) *match.Engine {
	t.Helper()
	cat, err := compile.Load(fsys, "")
	if err != nil {
		t.Fatal(err)
	}
	e, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// linesAsPerRecord checks that Lines, with each number of workers, hands
// over what classifying every record on its own answers.
func linesAsPerRecord(t *testing.T, e *match.Engine, log string, workers ...int) {
	t.Helper()
	want := perRecord(e, log)
	if len(want) == 0 {
		t.Error("the log classified nothing; the test proves nothing")
	}
	for _, w := range workers {
		if diff := cmp.Diff(want, bulk(t, e, log, w)); diff != "" {
			t.Errorf("%d workers: results (-per-record +bulk):\n%s", w, diff)
		}
	}
}

// perRecord is what Lines must hand over for log: every record
// classified on its own.
func perRecord(e *match.Engine, log string) []match.LineResult {
	return perRecordWith(e, log, match.Options{Now: now})
}

func perRecordWith(e *match.Engine, log string, opts match.Options) []match.LineResult {
	var out []match.LineResult
	sc := records.NewScanner(strings.NewReader(log))
	for sc.Scan() {
		s := e.Begin(match.Evidence{}, opts)
		s.Record(string(sc.Record()), sc.Line(), sc.Truncated())
		c := s.Finish()
		if c.State == match.Classified || c.Reason != match.ReasonNoMatch && c.Reason != match.ReasonEmpty && c.Reason != match.ReasonGarbled {
			out = append(out, match.LineResult{Line: sc.Line(), Classification: c})
		}
	}
	return out
}

// bulk is what Lines hands over for log with workers workers.
func bulk(t testing.TB, e *match.Engine, log string, workers int) []match.LineResult {
	t.Helper()
	return bulkWith(t, e, log, match.LinesOptions{Options: match.Options{Now: now}, Workers: workers})
}

func bulkWith(t testing.TB, e *match.Engine, log string, opts match.LinesOptions) []match.LineResult {
	t.Helper()
	var out []match.LineResult
	if _, err := e.Lines(strings.NewReader(log), match.Evidence{}, opts, func(r match.LineResult) bool {
		out = append(out, r)
		return true
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLinesChecksNeeds: a line that holds a rule's trigger but not the
// rest of what its pattern requires is passed over on the bulk path,
// without changing an answer: lines with one and not the other, the
// other on another line of a JSON record, a trigger that a rule without
// needs shares, escapes between the words.
func TestLinesChecksNeeds(t *testing.T) {
	e := rulesEngine(t, []string{"down", "slow"}, `rules:
  - id: t.gap
    code: down
    confidence: high
    priority: 2
    match: {regex: '(?i)\bdeployment pipeline\b.{0,40}\b(unavailable|stalled)\b'}
  - id: t.json
    code: down
    confidence: high
    priority: 3
    match: {regex: '(?i)\bbuild runner\b[\s\S]{0,80}\bevicted\b'}
  - id: t.plain
    code: slow
    confidence: high
    priority: 1
    match: {contains: ['shard replica lagging']}
  - id: t.shared
    code: slow
    confidence: high
    priority: 4
    match: {regex: '(?i)\bshard replica lagging\b.{0,20}\b(behind)\b'}
`)
	needs := e.Needs()
	if len(needs["deployment pipeline"]) == 0 || len(needs["build runner"]) == 0 {
		t.Fatalf("needs %q: the test proves nothing", needs)
	}
	if _, ok := needs["shard replica lagging"]; ok {
		t.Errorf("a trigger a rule without needs shares has the need %q", needs["shard replica lagging"])
	}
	r := rand.New(rand.NewPCG(4, 4))
	lines := []string{
		"deployment pipeline for tenant t-1 unavailable", "Deployment Pipeline ok", "deployment pipeline stalled",
		"deployment pipeline \x1b[1mstall\x1b[0med", "unavailable deployment pipeline", "deployment pipelines unavailable",
		"{\n  \"msg\": \"build runner\",\n  \"state\": \"evicted\"\n}", "{\n  \"msg\": \"build runner\",\n  \"state\": \"ok\"\n}",
		"build runner ok", "build runner evicted", "shard replica lagging 3s behind", "shard replica lagging",
		"plain line",
	}
	linesAsPerRecord(t, e, mixedLog(r, lines), 1, 2)
}

// TestLinesAnswersOpenStreams feeds Lines from a pipe that stays open, as
// tail -f does: the answer for a line must come, and Delivered be called,
// while the writer still has the pipe, not when a megabyte has come or
// the input ends.
func TestLinesAnswersOpenStreams(t *testing.T) {
	e := testEngine(t)
	for _, workers := range []int{1, 2} {
		pr, pw := io.Pipe()
		lines, delivered := make(chan int, 8), make(chan bool, 8)
		done := make(chan error, 1)
		go func() {
			opts := match.LinesOptions{Workers: workers, Delivered: func() { delivered <- true }}
			_, err := e.Lines(pr, match.Evidence{}, opts, func(r match.LineResult) bool {
				lines <- r.Line
				return true
			})
			done <- err
		}()
		if _, err := io.WriteString(pw, "all good\nRate limit exceeded for requests, try again in 3s\n"); err != nil {
			t.Fatal(err)
		}
		select {
		case l := <-lines:
			if l != 2 {
				t.Errorf("workers %d: answer for line %d, want 2", workers, l)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("workers %d: no answer while the stream stays open", workers)
		}
		select {
		case <-delivered:
		case <-time.After(10 * time.Second):
			t.Fatalf("workers %d: Delivered not called while the stream stays open", workers)
		}
		pw.Close()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// lightRules are rules that look for few literals besides their
// triggers (t.light, t.alone) and many (t.shared, t.heavy), sharing
// triggers, with a guard and hints read from the record.
const lightRules = `rules:
  - id: t.light
    code: down
    confidence: high
    priority: 2
    match: {regex: '(?i)\bdeployment pipeline\b.{0,40}\b(unavailable|stalled)\b'}
    not: {regex: ['(?i)\bdry run\b']}
  - id: t.shared
    code: down
    confidence: high
    priority: 3
    match: {regex: '(?i)\b(?:deployment pipeline (?:evicted|preempted|drained)|evicted deployment pipeline|deployment pipeline was (?:cordoned|tainted|paused|frozen|parked|retired))\b'}
  - id: t.heavy
    code: spent
    confidence: high
    priority: 1
    match: {regex: '(?i)\b(?:gateway quota (?:exceeded|exhausted|depleted|reached)|exceeded gateway quota|gateway quota (?:was|is) (?:used|consumed|spent))\b'}
    extract:
      retry_after:
        - {regex: '(?i)retry in (?P<value>\d+s)\b'}
  - id: t.alone
    code: spent
    confidence: high
    priority: 4
    match: {regex: '(?i)\bbuild runner\b[\s\S]{0,80}\bevicted\b'}
    extract:
      retry_after:
        - {regex: '(?i)retry in (?P<value>\d+s)\b'}
`

// TestLinesTriesLightRules: on the bulk path, a record whose candidate
// rules all look for few literals is tried without the automaton, and
// one that selects a rule looking for many is read with it. Neither
// changes an answer: rules alone and sharing a trigger, light and heavy,
// a guard, a hint read from the record, escapes inside the words, a JSON
// value over lines.
func TestLinesTriesLightRules(t *testing.T) {
	e := rulesEngine(t, []string{"down", "spent"}, lightRules)
	light, heavy := e.LightRules()
	slices.Sort(light)
	slices.Sort(heavy)
	if !slices.Equal(light, []string{"t.alone", "t.light"}) || !slices.Equal(heavy, []string{"t.heavy", "t.shared"}) {
		t.Fatalf("light rules %q, heavy %q: the test proves nothing", light, heavy)
	}
	r := rand.New(rand.NewPCG(5, 5))
	lines := []string{
		"deployment pipeline for tenant t-1 unavailable", "deployment pipeline stalled (dry run)",
		"Deployment Pipeline drained", "deployment pipeline \x1b[1mstall\x1b[0med", "deployment pipeline ok",
		"deployment pipeline was frozen", "evicted deployment pipeline, unavailable",
		"gateway quota exceeded, retry in 30s", "gateway quota fine", "GATEWAY QUOTA was spent",
		"{\n  \"msg\": \"build runner\",\n  \"state\": \"evicted\", \"hint\": \"retry in 5s\"\n}",
		"build runner evicted, retry in 9s", "build runner ok", "deployment pipeline preempted; build runner evicted",
		"deployment pipeline ok, build runner evicted", "build runner evicted: gateway quota exceeded",
		"plain line",
	}
	linesAsPerRecord(t, e, mixedLog(r, lines), 1, 2)
}

// FuzzLines holds the bulk path, at one worker and at two, to the
// answers of every record classified on its own, over any text, with
// rules it tries without the automaton and rules it does not.
func FuzzLines(f *testing.F) {
	for _, s := range []string{
		"deployment pipeline for tenant t-1 unavailable\nbuild runner evicted, retry in 9s\n",
		"{\n  \"msg\": \"build runner\",\n  \"state\": \"evicted\"\n}\ngateway quota exceeded\n",
		"deployment pipeline \x1b[1mstall\x1b[0med\r\nbuild runner evicted: gateway quota exceeded",
		"Deployment Pipeline drained (dry run)\n\n   \nevicted deployment pipeline, unavailable\n",
		"\x1b[0m\ndeployment pipeline stalled\n\x1b[1m\x1b[0m\r\n",
		"deployment\u00a0pipeline stalled\nbuild\u200b runner evicted\n\x9b1mgateway quota\u009b0m exceeded\n\x1b]0;gateway quota exceeded\n",
	} {
		f.Add(s)
	}
	e := rulesEngine(f, []string{"down", "spent"}, lightRules)
	f.Fuzz(func(t *testing.T, log string) {
		want := perRecord(e, log)
		for _, w := range []int{1, 2} {
			if diff := cmp.Diff(want, bulk(t, e, log, w)); diff != "" {
				t.Fatalf("%d workers: results (-per-record +bulk):\n%s", w, diff)
			}
		}
	})
}

// TestLinesReportsBest: the stats name the best classified record by
// rank, not by position. The exact record ranks above the text ones
// around it; a second exact record later ties with it and the earlier
// stays. Filler puts the records in different regions, so the parallel
// path hands them over from different workers.
func TestLinesReportsBest(t *testing.T) {
	e := testEngine(t)
	filler := strings.Repeat("all good here, nothing to see\n", 12000) // 360 KB: more than a region
	log := "bash: deploy: command not found\n" + filler +
		"sh: 1: foo: not found\n" + filler +
		"rate limit exceeded\n" +
		"sh: 1: foo: not found\n" +
		"zsh: command not found: deploy\n"
	bestLine := 2 + 12000
	for _, workers := range []int{1, 3} {
		var classified []int
		st, err := e.Lines(strings.NewReader(log), match.Evidence{}, match.LinesOptions{Options: match.Options{Now: now}, Workers: workers}, func(r match.LineResult) bool {
			if r.State == match.Classified {
				classified = append(classified, r.Line)
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(classified) != 5 || classified[0] == bestLine || classified[len(classified)-1] == bestLine {
			t.Fatalf("workers %d: classified lines %v: the best must be neither the first nor the last", workers, classified)
		}
		if st.Best.Line != bestLine || st.Best.Rule != "shell.not_found_exact" {
			t.Errorf("workers %d: best is line %d (%s), want line %d (shell.not_found_exact)", workers, st.Best.Line, st.Best.Rule, bestLine)
		}
	}
}

// TestLineStatsAdd: stats added up input after input number lines as one
// input would, and a later input's best replaces an earlier one's only
// when it outranks it.
func TestLineStatsAdd(t *testing.T) {
	e := testEngine(t)
	lines := func(log string) match.LineStats {
		st, err := e.Lines(strings.NewReader(log), match.Evidence{}, match.LinesOptions{Options: match.Options{Now: now}}, func(match.LineResult) bool { return true })
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	text := lines("fine\ncommand not found\n")
	exact := lines("fine\nfine\nsh: 1: foo: not found\n")
	var total match.LineStats
	total.Add(text)
	total.Add(exact)
	total.Add(exact) // ties: the earlier stays
	if total.Lines != 8 || total.Records != 8 || total.Classified != 3 {
		t.Errorf("total %+v", total)
	}
	if total.Best.Line != 5 || total.Best.Rule != "shell.not_found_exact" {
		t.Errorf("best is line %d (%s), want line 5 (shell.not_found_exact)", total.Best.Line, total.Best.Rule)
	}
	var none match.LineStats
	none.Add(lines("fine\n"))
	if none.Best.State != "" {
		t.Errorf("best of an unclassified input: %+v", none.Best)
	}
}

// TestLinesCounts: Counted is handed every region's counts once fn has
// had its records, at one worker and at several, so that its sums are
// the stats Lines returns, and its classified count never runs ahead of
// the classified records fn was handed.
func TestLinesCounts(t *testing.T) {
	e := testEngine(t)
	log := synthLog(3<<20, 11)
	for _, workers := range []int{1, 2, 3} {
		var sum match.LineStats
		calls, handed := 0, 0
		opts := match.LinesOptions{Options: match.Options{Now: now}, Workers: workers}
		opts.Counted = func(st match.LineStats) {
			calls++
			sum.Records += st.Records
			sum.Classified += st.Classified
			sum.Unclassified += st.Unclassified
			if st.Lines != 0 || st.Best.State != "" {
				t.Errorf("workers %d: Counted is handed lines or a best: %+v", workers, st)
			}
			if sum.Classified != handed {
				t.Errorf("workers %d: %d classified counted, %d handed to fn", workers, sum.Classified, handed)
			}
		}
		st, err := e.Lines(strings.NewReader(log), match.Evidence{}, opts, func(r match.LineResult) bool {
			if r.State == match.Classified {
				handed++
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if calls < 2 {
			t.Errorf("workers %d: Counted called %d times over a log of several regions", workers, calls)
		}
		if sum.Records != st.Records || sum.Classified != st.Classified || sum.Unclassified != st.Unclassified || st.Classified == 0 {
			t.Errorf("workers %d: counted %+v, Lines returned %+v", workers, sum, st)
		}

		// Once fn has stopped Lines, nothing more is counted.
		calls = 0
		opts.Counted = func(match.LineStats) { calls++ }
		if _, err := e.Lines(strings.NewReader(log), match.Evidence{}, opts, func(match.LineResult) bool { return false }); err != nil {
			t.Fatal(err)
		}
		if calls != 0 {
			t.Errorf("workers %d: Counted called %d times after fn stopped at the first record", workers, calls)
		}
	}
}
