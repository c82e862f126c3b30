package match_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

// New checks patterns it did not see parsed, since it compiles them only
// on first use: a bad one is still refused before any input.
func TestNewRefusesBadPattern(t *testing.T) {
	cat := &tables.Catalogue{
		Codes: []tables.Code{{Name: "c"}},
		Rules: []tables.Rule{{ID: "r", Tier: tables.TierText, Match: tables.Cond{Regex: []*tables.Regex{{Src: `(unclosed`}}}}},
	}
	_, err := match.New(cat)
	if err == nil || !strings.Contains(err.Error(), "missing closing )") {
		t.Fatalf("New = %v, want RE2's complaint about the pattern", err)
	}
}

// TestNewLeavesRegexpToFirstUse builds an engine on the shipped catalogue
// and checks that no pattern was compiled by regexp, and that asking for
// one compiles it.
func TestNewLeavesRegexpToFirstUse(t *testing.T) {
	cat, err := compile.Load(os.DirFS("../../catalogue"), "catalogue")
	if err != nil {
		t.Fatal(err)
	}
	e, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	res := patterns(e)
	for _, re := range res {
		if re.Compiled() {
			t.Fatalf("%s compiled by New", re.Src)
		}
	}
	if re := res[0]; re.Regexp() == nil || !re.Compiled() {
		t.Fatalf("%s: Regexp did not compile it", re.Src)
	}
}

// TestSubexpIndex holds the groups New takes without compiling to
// regexp's own, and the group a hint extractor reads to the one named
// value or else the first, for every shipped pattern (which the compiler
// parsed, so New does not) and a few with named groups, built by hand
// (New parses them) and by ParseRegex.
func TestSubexpIndex(t *testing.T) {
	res := patterns(shippedEngine(t))
	for _, re := range res {
		if re.Parsed == nil {
			t.Fatalf("%s: the compiler left Parsed unset: New parses it again", re.Src)
		}
	}
	for _, src := range []string{`(?P<value>\d+)`, `(a)(?P<value>b)`, `(?P<x>a)(?P<value>b)(?P<value2>c)`, `(?:a)(b)`, `(?P<v>a)|(?P<value>b)`, `a`} {
		parsed, _, err := tables.ParseRegex(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, re := range []*tables.Regex{{Src: src}, parsed} {
			p, err := match.PreparePattern(re)
			if err != nil {
				t.Fatal(err)
			}
			res = append(res, p)
		}
	}
	for _, re := range res {
		std := regexp.MustCompile(re.Src)
		if got, want := re.NumSubexp(), std.NumSubexp(); got != want {
			t.Errorf("%s: %d groups, regexp says %d", re.Src, got, want)
		}
		value := std.SubexpIndex("value")
		if value < 0 {
			value = 1
		}
		if got := re.Value(); got != value {
			t.Errorf("%s: a hint reads group %d, want %d", re.Src, got, value)
		}
		for _, name := range append(std.SubexpNames(), "value", "missing") {
			if got, want := re.SubexpIndex(name), std.SubexpIndex(name); got != want {
				t.Errorf("%s: SubexpIndex(%q) = %d, regexp says %d", re.Src, name, got, want)
			}
		}
	}
}
