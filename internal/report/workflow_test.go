package report

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/fixture"
)

func TestWorkflowCommandsEscape(t *testing.T) {
	var b strings.Builder
	err := WorkflowCommands(&b, "error", []Annotation{
		{File: "cat/rules/a,b:c.yaml", Line: 3, Col: 5, Title: "errcat: bad_regex, 100%", Message: "50% off\r\nline two: ok, fine"},
		{Title: "no place", Message: "m"},
		{File: "f.yaml", Col: 2, Message: "a column without a line is dropped"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "::error file=cat/rules/a%2Cb%3Ac.yaml,line=3,col=5,title=errcat%3A bad_regex%2C 100%25::50%25 off%0D%0Aline two: ok, fine\n" +
		"::error title=no place::m\n" +
		"::error file=f.yaml::a column without a line is dropped\n"
	if d := cmp.Diff(want, b.String()); d != "" {
		t.Errorf("(-want +got)\n%s", d)
	}
}

func TestParsePos(t *testing.T) {
	type pos struct {
		File      string
		Line, Col int
	}
	for in, want := range map[string]pos{
		"fixtures/a.yaml:12:3": {"fixtures/a.yaml", 12, 3},
		"fixtures/a.yaml:12":   {"fixtures/a.yaml", 12, 0},
		"fixtures/a.yaml":      {"fixtures/a.yaml", 0, 0},
		"C:/x/a.yaml:4:1":      {"C:/x/a.yaml", 4, 1},
		"dir:x/a.yaml:7":       {"dir:x/a.yaml", 7, 0},
		"":                     {"", 0, 0},
	} {
		var got pos
		got.File, got.Line, got.Col = ParsePos(in)
		if got != want {
			t.Errorf("ParsePos(%q) = %+v, want %+v", in, got, want)
		}
	}
}

func TestAnnotationsOfReports(t *testing.T) {
	rep := &fixture.Report{
		Failures:         []fixture.Failure{{Fixture: "f1", Pos: "fixtures/a.yaml:4:3", Kind: "mismatch", Message: "classification differs", Diff: "-a\n+b\n"}},
		CodesWithoutRule: []string{"c1", "c2"},
	}
	got := TestAnnotations(rep)
	want := []Annotation{
		{File: "fixtures/a.yaml", Line: 4, Col: 3, Title: "errcat test: mismatch", Message: "f1: classification differs\n-a\n+b"},
		{Title: "errcat test: codes without a rule", Message: "c1, c2"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("TestAnnotations (-want +got)\n%s", d)
	}
	l := diag.List{diag.Errorf(diag.Pos{File: "cat/r.yaml", Line: 2, Col: 9}, diag.BadRegex, "bad pattern")}
	if d := cmp.Diff([]Annotation{{File: "cat/r.yaml", Line: 2, Col: 9, Title: "errcat: bad_regex", Message: "bad pattern"}}, DiagAnnotations(l)); d != "" {
		t.Errorf("DiagAnnotations (-want +got)\n%s", d)
	}
}
