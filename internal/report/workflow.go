package report

import (
	"io"
	"strconv"
	"strings"

	"github.com/errcat/errcat/internal/collide"
	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/fixture"
)

// GitHub Actions workflow commands: one line each,
// "::error file=F,line=L,col=C,title=T::message", which the runner turns
// into an annotation on that line of a pull request. The runner reads
// them from standard output and standard error alike. Data is escaped as
// the runner unescapes it (% CR LF), and property values also escape the
// ':' and ',' that delimit them.

// Annotation is one workflow command's content.
type Annotation struct {
	File      string // "" for none
	Line, Col int    // 0 for unknown
	Title     string
	Message   string
}

// WorkflowCommands writes one "::level ...::..." line per annotation;
// level is error, warning or notice.
func WorkflowCommands(w io.Writer, level string, as []Annotation) error {
	var b strings.Builder
	for _, a := range as {
		b.WriteString("::")
		b.WriteString(level)
		sep := " "
		prop := func(k, v string) {
			b.WriteString(sep)
			b.WriteString(k)
			b.WriteByte('=')
			b.WriteString(escapeProperty(v))
			sep = ","
		}
		if a.File != "" {
			prop("file", a.File)
			if a.Line > 0 {
				prop("line", strconv.Itoa(a.Line))
				if a.Col > 0 {
					prop("col", strconv.Itoa(a.Col))
				}
			}
		}
		if a.Title != "" {
			prop("title", a.Title)
		}
		b.WriteString("::")
		b.WriteString(escapeData(a.Message))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func escapeData(s string) string     { return dataEscaper.Replace(s) }
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }

// ParsePos splits "file:line:col", "file:line" or "file" into its parts,
// from the right, so a file name holding ':' stays whole.
func ParsePos(pos string) (file string, line, col int) {
	file = pos
	nums := make([]int, 0, 2)
	for len(nums) < 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(file[i+1:])
		if err != nil || n <= 0 {
			break
		}
		nums = append(nums, n)
		file = file[:i]
	}
	switch len(nums) {
	case 1:
		line = nums[0]
	case 2:
		line, col = nums[1], nums[0]
	}
	return file, line, col
}

// TestAnnotations are errcat test's failures: each failing fixture and
// check error on its line, and the whole-catalogue failures unplaced.
func TestAnnotations(rep *fixture.Report) []Annotation {
	var as []Annotation
	for _, f := range rep.Failures {
		file, line, col := ParsePos(f.Pos)
		msg := f.Fixture + ": " + f.Message
		if f.Diff != "" {
			msg += "\n" + strings.TrimRight(f.Diff, "\n")
		}
		as = append(as, Annotation{File: file, Line: line, Col: col, Title: "errcat test: " + f.Kind, Message: msg})
	}
	if len(rep.CodesWithoutRule) > 0 {
		as = append(as, Annotation{Title: "errcat test: codes without a rule", Message: strings.Join(rep.CodesWithoutRule, ", ")})
	}
	if len(rep.RulesWithoutFixture) > 0 {
		as = append(as, Annotation{Title: "errcat test: rules that win no passing positive fixture", Message: strings.Join(rep.RulesWithoutFixture, ", ")})
	}
	return as
}

// CheckAnnotations are errcat check's errors (collisions, shadowed rules,
// undecided pairs), each on the line of its rule; warnings are left to the
// text and SARIF outputs.
func CheckAnnotations(rep *collide.Report) []Annotation {
	var as []Annotation
	for _, f := range rep.Findings {
		if !f.IsError() {
			continue
		}
		as = append(as, Annotation{File: f.Rule.File, Line: f.Rule.Line, Title: "errcat check: " + f.Kind, Message: f.Message})
	}
	return as
}

// DiagAnnotations are positioned catalogue or fixture errors, in the
// order they are printed.
func DiagAnnotations(l diag.List) []Annotation {
	as := make([]Annotation, 0, len(l))
	for _, e := range l {
		as = append(as, Annotation{File: e.Pos.File, Line: e.Pos.Line, Col: e.Pos.Col, Title: "errcat: " + string(e.Code), Message: e.Msg})
	}
	return as
}
