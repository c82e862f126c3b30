package source

import (
	"strings"
	"testing"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/internal/diag"
)

// FuzzParse feeds arbitrary text to Parse, which every reader of errcat's
// YAML files goes through. It must never panic; it must refuse a document
// exactly when expanding its aliases adds more than the budget, which a
// plain expansion, stopped once past the budget, tells independently; and
// every error it reports must be positioned inside the text, an aliasing
// error at an alias.
func FuzzParse(f *testing.F) {
	f.Add("rules:\n  - id: a.b\n    match: &m {status: 429}\n  - id: c.d\n    match: *m\n")
	f.Add("a: &a [x, y]\nb: &b [*a, *a, *a]\nc: &c [*b, *b, *b]\nd: [*c, *c, *c]\n")
	f.Add("base: &b {k: v}\nderived:\n  <<: *b\n  k2: v2\n")
	f.Add("&a [*a]\n")
	f.Add("a: &x 1\nb: &x 2\nc: *x\n")
	f.Add("? &k key\n: value\n*k : again\n")
	f.Add("s: &s \"" + strings.Repeat("x", 4096) + "\"\nl: [" + strings.TrimSuffix(strings.Repeat("*s,", 300), ",") + "]\n")
	f.Add("a: [1,\n  2]\nb: x: y\n")
	f.Fuzz(func(t *testing.T, text string) {
		file, errs := Parse("f.yaml", []byte(text))
		lines := len(lineEnds([]byte(text))) + 1
		for _, e := range errs {
			if e.Msg == "" || e.Pos.File != "f.yaml" || e.Pos.Line > lines {
				t.Errorf("badly placed: %v (%d lines)", e, lines)
			}
		}
		var doc yaml.Node
		if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 {
			return
		}
		root := doc.Content[0]
		budget := aliasBudget(writtenSize(root))
		over := expandedSize(root, writtenSize(root)+budget) > writtenSize(root)+budget
		refused := len(errs) == 1 && errs[0].Code == diag.Aliasing
		if over != refused || (file == nil) != refused {
			t.Fatalf("aliases add more than the budget: %v; Parse: %v", over, errs)
		}
		if refused && charAt(text, errs[0].Pos) != '*' {
			t.Errorf("%v: not at an alias", errs[0])
		}
	})
}

// expandedSize is the size of n with every alias replaced by what it
// names, counted by expanding them one by one: no cleverness, so that it
// checks checkAliases. It stops once past limit.
func expandedSize(n *yaml.Node, limit int64) int64 {
	var s int64
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if s > limit {
			return
		}
		if n.Kind == yaml.AliasNode {
			walk(n.Alias)
			return
		}
		s += nodeWeight + int64(len(n.Value))
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(n)
	return s
}

// charAt is the character at pos, with lines and columns counted as
// yaml.v3 counts them.
func charAt(text string, pos diag.Pos) rune {
	ends := lineEnds([]byte(text))
	if pos.Line < 1 || pos.Line >= len(ends) {
		return 0
	}
	line := text[ends[pos.Line-1]:ends[pos.Line]]
	for i := range line {
		if utf8.RuneCountInString(line[:i]) == pos.Col-1 {
			r, _ := utf8.DecodeRuneInString(line[i:])
			return r
		}
	}
	return 0
}
