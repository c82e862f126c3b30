package catcache

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/collide"
)

// analysed is a collision report that no analysis of the test catalogues
// makes, so that a report read back is told from one computed.
var analysed = &collide.Report{
	Findings: []collide.Finding{{Kind: "collision", Severity: "error", Rule: collide.RuleRef{ID: "t.overloaded", File: "cat/rules/r.yaml", Line: 2},
		Other: &collide.RuleRef{ID: "t.other"}, Message: "claims the same evidence"}},
	Stats: collide.Stats{Rules: 2, Pairs: 1, Collisions: 1},
}

// TestAnalysisKept holds a kept report to the one stored, for the same
// files, names, budget and program only.
func TestAnalysisKept(t *testing.T) {
	exe := "errcat 1"
	c := testCache(t, &exe)
	fsys := catalogue("1.0.0", `(?i)\bupstream (overloaded|busy)\b`)
	if _, ok := c.Analysis(fsys, "cat", 0); ok {
		t.Fatal("an empty cache holds a report")
	}
	c.KeepAnalysis(fsys, "cat", 0, analysed)
	got, ok := c.Analysis(fsys, "cat", 0)
	if !ok {
		t.Fatal("the report kept is not found")
	}
	if diff := cmp.Diff(analysed, got); diff != "" {
		t.Fatalf("kept report differs (-stored +read):\n%s", diff)
	}

	misses := map[string]func() (*collide.Report, bool){
		"another budget":  func() (*collide.Report, bool) { return c.Analysis(fsys, "cat", 5000) },
		"another display": func() (*collide.Report, bool) { return c.Analysis(fsys, "other", 0) },
		"an edited rule": func() (*collide.Report, bool) {
			return c.Analysis(catalogue("1.0.0", `(?i)\bupstream busy\b`), "cat", 0)
		},
		"a rebuilt errcat": func() (*collide.Report, bool) {
			exe = "errcat 2"
			defer func() { exe = "errcat 1" }()
			return c.Analysis(fsys, "cat", 0)
		},
	}
	for name, read := range misses {
		if _, ok := read(); ok {
			t.Errorf("%s reads the kept report", name)
		}
	}
	if _, ok := (Cache{}).Analysis(fsys, "cat", 0); ok {
		t.Error("the zero Cache holds a report")
	}
}

// TestAnalysisPruned keeps more reports than the cache keeps: the
// oldest go, as compiled catalogues do.
func TestAnalysisPruned(t *testing.T) {
	exe := "errcat 1"
	c := testCache(t, &exe)
	fsys := catalogue("1.0.0", "a+b")
	for budget := 1; budget <= maxEntries+3; budget++ {
		c.KeepAnalysis(fsys, "cat", budget, analysed)
	}
	names, err := filepath.Glob(filepath.Join(c.Dir, "*"+analysisExt))
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != maxEntries {
		t.Fatalf("%d reports kept, want %d", len(names), maxEntries)
	}
}
