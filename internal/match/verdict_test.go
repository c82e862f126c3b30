package match_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

// tail is a case of testdata/verdict/tails.yaml.
type tail struct {
	Name    string `yaml:"name"`
	Text    string `yaml:"text"`
	Retried []int  `yaml:"retried"`
	Expect  struct {
		Class        string `yaml:"class"`
		Code         string `yaml:"code"`
		Rule         string `yaml:"rule"`
		Unclassified string `yaml:"unclassified"`
	} `yaml:"expect"`
}

func loadTails(t *testing.T) []tail {
	t.Helper()
	data, err := os.ReadFile("testdata/verdict/tails.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var tails []tail
	if err := yaml.Unmarshal(data, &tails); err != nil {
		t.Fatal(err)
	}
	if len(tails) < 30 {
		t.Fatalf("%d tails; the suite keeps at least 30", len(tails))
	}
	return tails
}

// TestVerdictTails classifies each tail as one input with the shipped
// catalogue and checks its verdict, and that exactly the lines it names
// hold a retry marker.
func TestVerdictTails(t *testing.T) {
	e, err := match.New(shippedCatalogue(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range loadTails(t) {
		t.Run(tc.Name, func(t *testing.T) {
			for i, line := range strings.Split(strings.TrimSuffix(tc.Text, "\n"), "\n") {
				got := match.RetryMarker(line)
				if want := slices.Contains(tc.Retried, i+1); want != (got != "") {
					t.Errorf("line %d: retry marker %q, want one: %v\n%s", i+1, got, want, line)
				}
			}
			c := e.Classify(match.Evidence{Text: tc.Text}, match.Options{Now: now, Explain: true})
			x := tc.Expect
			ok := c.State == match.Unclassified && c.Reason == x.Unclassified
			if x.Unclassified == "" {
				ok = c.State == match.Classified && c.Class == x.Class &&
					(x.Code == "" || c.Code == x.Code) && (x.Rule == "" || c.Rule == x.Rule)
			}
			if !ok {
				t.Errorf("got %s %s/%s by %s (%s), want %+v\n%s", c.State, c.Class, c.Code, c.Rule, c.Reason, x, explainText(c.Explain))
			}
		})
	}
}

// TestVerdictPathsAgree classifies the tails, and the fixtures' texts
// run together as one log, along every path a whole input takes: text
// held whole, with and without Explain, streamed through Feed, and fed
// record by record. The retry marker of the first failing record is
// looked for late on some of them and at once on others; the answers
// must not differ.
func TestVerdictPathsAgree(t *testing.T) {
	e, err := match.New(shippedCatalogue(t))
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, tc := range loadTails(t) {
		texts = append(texts, tc.Text)
	}
	all := strings.Join(texts, "")
	texts = append(texts, all, reverseLines(all))
	for i, text := range texts {
		if err := pathsAgree(e, text); err != "" {
			t.Errorf("text %d: %s", i, err)
		}
	}
}

// pathsAgree classifies text as one input along every path one takes,
// and says how the answers differ, if they do.
func pathsAgree(e *match.Engine, text string) string {
	// Record counts one line end after every record; the whole-text
	// paths count the bytes there are. So every line end is made one LF
	// (the records are the same: CRLF and a bare CR end a line as LF
	// does), and the text ends in one, so that every path reads the same
	// bytes (the garbled share counts them).
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	opts := match.Options{Now: now, Explain: true}
	held := e.Classify(match.Evidence{Text: text}, opts)

	plain := e.Classify(match.Evidence{Text: text}, match.Options{Now: now})
	noExplain := held
	noExplain.Explain = nil
	if diff := cmp.Diff(noExplain, plain); diff != "" {
		return "Explain changes the answer (-explain +plain):\n" + diff
	}

	s := e.Begin(match.Evidence{}, opts)
	if _, err := s.Feed(strings.NewReader(text), 0); err != nil {
		return err.Error()
	}
	if diff := cmp.Diff(held, s.Finish()); diff != "" {
		return "Feed differs (-held +fed):\n" + diff
	}

	// Record by record, cut as records are: lines without their CR, in a
	// text where no line opens a JSON value (which may span lines).
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for _, line := range lines {
		if l := strings.TrimLeft(line, " \t"); strings.HasPrefix(l, "{") || strings.HasPrefix(l, "[") {
			return ""
		}
	}
	s = e.Begin(match.Evidence{}, opts)
	for n, line := range lines {
		s.Record(strings.TrimSuffix(line, "\r"), n+1, false)
	}
	if diff := cmp.Diff(held, s.Finish()); diff != "" {
		return "Record by record differs (-held +recorded):\n" + diff
	}
	return ""
}

// FuzzVerdict feeds texts of several records along every path a whole
// input takes: the retry marker of the first failing record is looked
// for when a second one fails on some paths and at once on others, and
// hits move between records; the answers must not differ.
func FuzzVerdict(f *testing.F) {
	f.Add("connection refused, retrying in 2s\n401 Unauthorized\n")
	f.Add("401 Unauthorized (attempt 1/3)\nconnection refused\nrequest timed out\n")
	f.Add("rate limit hit, try again in 30s; retrying in 30s\nrate limit hit, try again in 5s\n")
	f.Add("connection refused after 401 Unauthorized\n401 Unauthorized\nquota exceeded\n")
	f.Add("\n\ncore dumped\ncontext length, will retry\n\x1b[31mconnection refused\x1b[0m\n")
	f.Fuzz(func(t *testing.T, text string) {
		if err := pathsAgree(verdictEngine(t), text); err != "" {
			t.Fatalf("%q: %s", text, err)
		}
	})
}

func reverseLines(s string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	slices.Reverse(lines)
	return strings.Join(lines, "\n") + "\n"
}

func explainText(ex *match.Explain) string {
	if ex == nil {
		return ""
	}
	var b strings.Builder
	for _, m := range ex.Matches {
		fmt.Fprintf(&b, "  %s at line %d: %s\n", m.Rule, m.Record, m.Outcome)
	}
	for _, r := range ex.Records {
		fmt.Fprintf(&b, "  record %d reads %s (%s) retried %q: %s\n", r.Record, r.Class, r.Rule, r.Retried, r.Outcome)
	}
	return b.String()
}

var (
	verdictOnce sync.Once
	verdictEng  *match.Engine
	verdictErr  error
)

// verdictEngine runs testdata/verdict/cat, whose transient rules outrank
// the others.
func verdictEngine(t testing.TB) *match.Engine {
	t.Helper()
	verdictOnce.Do(func() {
		var cat *tables.Catalogue
		cat, verdictErr = compile.Load(os.DirFS("testdata/verdict/cat"), "cat")
		if verdictErr == nil {
			verdictEng, verdictErr = match.New(cat)
		}
	})
	if verdictErr != nil {
		t.Fatal(verdictErr)
	}
	return verdictEng
}

// TestVerdict pins each step of the verdict of several records on a
// catalogue whose transient rules outrank the others, so that the
// ranking alone would answer otherwise in every case but the last two.
func TestVerdict(t *testing.T) {
	e := verdictEngine(t)
	type want struct {
		State, Reason, Rule, Excerpt string
		RetryAfter                   float64
	}
	tests := []struct {
		name string
		ev   match.Evidence
		want want
	}{
		{
			name: "a retried record does not decide against one that is not",
			ev:   match.Evidence{Text: "connection refused, retrying in 2s\n401 Unauthorized\n"},
			want: want{State: "classified", Rule: "h.unauthorized", Excerpt: "401 Unauthorized"},
		},
		{
			name: "retried records count when every failing record is retried",
			ev:   match.Evidence{Text: "connection refused, retrying in 2s\nrequest timed out, retrying in 4s\n"},
			want: want{State: "classified", Rule: "t.refused", Excerpt: "connection refused, retrying in 2s"},
		},
		{
			name: "weight comes before safety: a retried hard record loses to a final transient one",
			ev:   match.Evidence{Text: "401 Unauthorized (attempt 1/3)\nconnection refused\n"},
			want: want{State: "classified", Rule: "t.refused", Excerpt: "connection refused"},
		},
		{
			name: "hard outranks transient across records whatever their rank",
			ev:   match.Evidence{Text: "connection refused\n401 Unauthorized\n"},
			want: want{State: "classified", Rule: "h.unauthorized", Excerpt: "401 Unauthorized"},
		},
		{
			name: "and whatever their order",
			ev:   match.Evidence{Text: "401 Unauthorized\nconnection refused\n"},
			want: want{State: "classified", Rule: "h.unauthorized", Excerpt: "401 Unauthorized"},
		},
		{
			name: "request outranks transient",
			ev:   match.Evidence{Text: "request timed out\ncontext length exceeded\n"},
			want: want{State: "classified", Rule: "r.too_long", Excerpt: "context length exceeded"},
		},
		{
			name: "hard outranks request",
			ev:   match.Evidence{Text: "context length exceeded\n401 Unauthorized\n"},
			want: want{State: "classified", Rule: "h.unauthorized", Excerpt: "401 Unauthorized"},
		},
		{
			name: "a class of another name stops, as hard does",
			ev:   match.Evidence{Text: "connection refused\nSegmentation fault (core dumped)\n"},
			want: want{State: "classified", Rule: "f.crash", Excerpt: "Segmentation fault (core dumped)"},
		},
		{
			name: "records of one safety are ranked: equal rank, different codes is a conflict",
			ev:   match.Evidence{Text: "quota exceeded\n401 Unauthorized\n"},
			want: want{State: "unclassified", Reason: "conflict", Excerpt: "quota exceeded"},
		},
		{
			name: "each record is read on its own, including rules matched before",
			// Line 1 reads transient (t.refused outranks h.unauthorized
			// there); line 2 reads hard, by a rule line 1 matched too.
			ev:   match.Evidence{Text: "connection refused after 401 Unauthorized\n401 Unauthorized\n"},
			want: want{State: "classified", Rule: "h.unauthorized", Excerpt: "401 Unauthorized"},
		},
		{
			name: "a rule's hit is its match in the record that decides, hint included",
			ev:   match.Evidence{Text: "rate limit hit, try again in 30s; retrying in 30s\nrate limit hit, try again in 5s\n"},
			want: want{State: "classified", Rule: "t.rate", Excerpt: "rate limit hit, try again in 5s", RetryAfter: 5},
		},
		{
			name: "a bare exit code ranks below the record that decides",
			ev:   match.Evidence{Text: "connection refused, retrying in 2s\n401 Unauthorized\n", ExitCode: intp(75)},
			want: want{State: "classified", Rule: "h.unauthorized", Excerpt: "401 Unauthorized"},
		},
		{
			name: "the body is a record like the others",
			ev:   match.Evidence{Text: "connection refused\n", HTTP: &match.HTTP{Body: `{"error": "401 Unauthorized"}`}},
			want: want{State: "classified", Rule: "h.unauthorized", Excerpt: `{"error": "401 Unauthorized"}`},
		},
		{
			name: "one record is ranked alone, retried or not",
			ev:   match.Evidence{Text: "connection refused, then 401 Unauthorized; retrying in 5s\n"},
			want: want{State: "classified", Rule: "t.refused", Excerpt: "connection refused, then 401 Unauthorized; retrying in 5s"},
		},
		{
			name: "records of one standing rank as before",
			ev:   match.Evidence{Text: "request timed out\nconnection refused\nrequest timed out\n"},
			want: want{State: "classified", Rule: "t.refused", Excerpt: "connection refused"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, explain := range []bool{false, true} {
				c := e.Classify(tt.ev, match.Options{Now: now, Explain: explain})
				g := want{State: c.State, Reason: c.Reason, Rule: c.Rule, Excerpt: c.SafeExcerpt}
				if c.RetryAfterSeconds != nil {
					g.RetryAfter = *c.RetryAfterSeconds
				}
				if diff := cmp.Diff(tt.want, g); diff != "" {
					t.Errorf("explain %v (-want +got):\n%s%s", explain, diff, explainText(c.Explain))
				}
			}
		})
	}
}

// TestVerdictExplain pins what --explain says about the records: which
// were discounted, why, and which decide; and that it says nothing of
// records when only one failed.
func TestVerdictExplain(t *testing.T) {
	e := verdictEngine(t)
	c := e.Classify(match.Evidence{Text: "start\nconnection refused, retrying in 2s\nrequest timed out\n401 Unauthorized\n"}, match.Options{Now: now, Explain: true})
	wantRecords := []match.RecordNote{
		{Record: 2, In: "text", Class: "transient", Rule: "t.refused", Retried: "retrying ... in <duration>", Outcome: "discounted: retried, and line 4 is not"},
		{Record: 3, In: "text", Class: "transient", Rule: "t.timeout", Outcome: "discounted: line 4 reads hard, a safer class"},
		{Record: 4, In: "text", Class: "hard", Rule: "h.unauthorized", Outcome: "decides"},
	}
	if diff := cmp.Diff(wantRecords, c.Explain.Records); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
	outcomes := map[string]string{}
	for _, m := range c.Explain.Matches {
		outcomes[m.Rule] = m.Outcome
	}
	wantOutcomes := map[string]string{
		"t.refused":      "discounted: line 2 is a retried attempt (retrying ... in <duration>), and line 4 is not",
		"t.timeout":      "discounted: line 3 reads transient, and line 4 reads hard, a safer class",
		"h.unauthorized": "won",
	}
	if diff := cmp.Diff(wantOutcomes, outcomes); diff != "" {
		t.Errorf("outcomes (-want +got):\n%s", diff)
	}

	// A hit that moved from a retried record to a final one: both records
	// are named, though the rule's hit is in the second.
	c = e.Classify(match.Evidence{Text: "connection refused, retrying in 2s\nconnection refused\n"}, match.Options{Now: now, Explain: true})
	wantRecords = []match.RecordNote{
		{Record: 1, In: "text", Class: "transient", Rule: "t.refused", Retried: "retrying ... in <duration>", Outcome: "discounted: retried, and line 2 is not"},
		{Record: 2, In: "text", Class: "transient", Rule: "t.refused", Outcome: "decides"},
	}
	if diff := cmp.Diff(wantRecords, c.Explain.Records); diff != "" {
		t.Errorf("moved hit: records (-want +got):\n%s", diff)
	}

	for _, text := range []string{
		"start\nconnection refused, retrying in 2s\nend\n",
		"connection refused\nconnection refused\n", // the second changes nothing
	} {
		c = e.Classify(match.Evidence{Text: text}, match.Options{Now: now, Explain: true})
		if c.Explain.Records != nil {
			t.Errorf("%q: records %+v, want none", text, c.Explain.Records)
		}
	}
}
