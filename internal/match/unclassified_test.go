package match_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/match/records"
)

// TestLinesHandsOnUnclassified holds LinesOptions.Unclassified to the
// plain definition: every non-blank record that, classified on its own,
// is not classified, with the line it starts on and its text.
func TestLinesHandsOnUnclassified(t *testing.T) {
	e := testEngine(t)
	opts := match.Options{Now: now}
	log := synthLog(1<<20, 5)
	type rec struct {
		Line int
		Text string
	}
	var want []rec
	sc := records.NewScanner(strings.NewReader(log))
	for sc.Scan() {
		text := string(sc.Record())
		if strings.TrimSpace(text) == "" {
			continue
		}
		s := e.Begin(match.Evidence{}, opts)
		s.Record(text, sc.Line(), sc.Truncated())
		if s.Finish().State != match.Classified {
			want = append(want, rec{sc.Line(), text})
		}
	}
	for _, workers := range []int{1, 3} {
		t.Run(fmt.Sprintf("%dworkers", workers), func(t *testing.T) {
			var (
				mu  sync.Mutex
				got []rec
			)
			lopts := match.LinesOptions{Options: opts, Workers: workers, Unclassified: func(line int, r []byte) {
				mu.Lock()
				got = append(got, rec{line, string(r)})
				mu.Unlock()
			}}
			st, err := e.Lines(strings.NewReader(log), match.Evidence{}, lopts, func(match.LineResult) bool { return true })
			if err != nil {
				t.Fatal(err)
			}
			if workers > 1 {
				slices.SortFunc(got, func(a, b rec) int { return a.Line - b.Line })
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("unclassified records (-per-record +bulk):\n%s", diff)
			}
			if st.Unclassified != len(got) || st.Classified == 0 || len(got) == 0 {
				t.Errorf("%d unclassified counted, %d handed on, %d classified", st.Unclassified, len(got), st.Classified)
			}
		})
	}
}
