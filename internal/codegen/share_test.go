package codegen_test

import (
	"os"
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/codegen"
	"github.com/errcat/errcat/internal/compile"
)

// TestSharedPatternsWrittenOnce checks that a pattern the tables hold on
// many rules (the shipped non_failure guard) is written once, as a
// variable the rules refer to.
func TestSharedPatternsWrittenOnce(t *testing.T) {
	cat, err := compile.Load(os.DirFS("../../catalogue"), "catalogue")
	if err != nil {
		t.Fatal(err)
	}
	out, err := codegen.Generate(cat, codegen.Options{Package: "x", ErrcatVersion: "9.9.9"})
	if err != nil {
		t.Fatal(err)
	}
	src := string(out)
	// Every pattern containing the guard's text, counted once per source
	// (the \b keeps out the literals derived from it).
	const guard = `\btroubleshooting guide\b`
	distinct := map[string]int{}
	for _, r := range cat.Rules {
		if r.Not != nil {
			for _, re := range r.Not.Regex {
				if strings.Contains(re.Src, guard) {
					distinct[re.Src]++
				}
			}
		}
	}
	shared := false
	for _, n := range distinct {
		shared = shared || n > 1
	}
	if !shared {
		t.Fatal("no guard is on two rules; the test needs one that is")
	}
	// A source holding an invisible character is written quoted, its
	// backslashes doubled.
	quoted := strings.ReplaceAll(guard, `\`, `\\`)
	if n := strings.Count(src, guard) + strings.Count(src, quoted); n != len(distinct) {
		t.Errorf("guard text written %d times, want once for each of %d sources", n, len(distinct))
	}
}
