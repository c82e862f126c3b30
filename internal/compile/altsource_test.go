package compile

import (
	"io/fs"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/catalogue"
)

func TestSourceAlternatives(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string // nil: not cut
	}{
		{`a|b`, []string{`a`, `b`}},
		{`(?i)(rate limit|quota)`, []string{`(?i)rate limit`, `(?i)quota`}},
		{`(?:x|(y|z))`, []string{`x`, `(y|z)`}},
		{`(?P<n>a|b)`, []string{`a`, `b`}},
		{`[|]|\||\Q|\E`, []string{`[|]`, `\|`, `\Q|\E`}},
		{`[]|]x|[^]|[:alpha:]|]y`, []string{`[]|]x`, `[^]|[:alpha:]|]y`}},
		{`(a)|(b)`, []string{`(a)`, `(b)`}},
		{`a|(?i)b`, nil},  // the flag applies to what follows it, across '|'
		{`(?i:a|b)`, nil}, // a flagged group: its flags would be lost
		{`abc`, nil},      // nothing to cut
		{`(a|b`, nil},     // unbalanced
		{`a\|b`, nil},     // an escaped bar
		{`[a|b]`, nil},    // a bar in a class
		{`(?s)a.|b`, []string{`(?s)a.`, `(?s)b`}},
	} {
		got, ok := sourceAlternatives(tc.src)
		if ok != (tc.want != nil) || !cmp.Equal(got, tc.want) {
			t.Errorf("sourceAlternatives(%q) = %q, %v; want %q", tc.src, got, ok, tc.want)
		}
	}
}

// TestSourceAlternativesParseAsPrinted holds the cut to the parser on
// every pattern of the shipped catalogue: where branches uses the cut
// (as many pieces as the parser has alternatives), each piece must parse
// to the alternative the parser made.
func TestSourceAlternativesParseAsPrinted(t *testing.T) {
	var srcs []string
	err := fs.WalkDir(catalogue.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") {
			return err
		}
		b, err := fs.ReadFile(catalogue.FS, path)
		for _, line := range strings.Split(string(b), "\n") {
			if i := strings.Index(line, "regex: '"); i >= 0 {
				if j := strings.LastIndex(line, "'"); j > i+8 {
					srcs = append(srcs, strings.ReplaceAll(line[i+8:j], "''", "'"))
				}
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	cut := 0
	for _, src := range srcs {
		tree, err := syntax.Parse(src, syntax.Perl)
		if err != nil {
			continue
		}
		for tree.Op == syntax.OpCapture {
			tree = tree.Sub[0]
		}
		alts, ok := sourceAlternatives(src)
		if !ok || tree.Op != syntax.OpAlternate || len(alts) != len(tree.Sub) {
			continue
		}
		cut++
		for i, alt := range alts {
			at, err := syntax.Parse(alt, syntax.Perl)
			if err != nil {
				t.Fatalf("%q: piece %q does not parse: %v", src, alt, err)
			}
			if got, want := at.String(), tree.Sub[i].String(); got != want {
				t.Errorf("%q: piece %q parses as %s, the parser's alternative is %s", src, alt, got, want)
			}
		}
	}
	if cut < 20 {
		t.Fatalf("only %d of %d patterns were cut; the test proves little", cut, len(srcs))
	}
	t.Logf("%d of %d patterns cut", cut, len(srcs))
}
