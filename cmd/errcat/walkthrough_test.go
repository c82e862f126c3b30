package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/testscript"
)

// walkthroughDoc is the page TestAddingARuleDoc runs.
const walkthroughDoc = "../../docs/adding-a-rule.md"

// walkStep is one thing the walkthrough does: a shell command and the
// output it shows, or a YAML block written into a catalogue file.
type walkStep struct {
	line int // 1-based line of the command or of the block's opening fence
	// A command and its output, the doc's lines [outFrom, outTo) (0-based).
	cmd            string
	want           []string
	outFrom, outTo int
	edit, file     string // "append" or "edit", and the file it applies to
	yaml           []string
}

var directive = regexp.MustCompile(`^<!-- test: (append to|edit) (\S+) -->$`)

// parseWalkthrough reads the fenced blocks of a walkthrough. A block
// without a language whose lines begin with "$ " is a shell session: each
// "$ " line a command, the lines up to the next one its output. A yaml
// block must follow a directive comment: "<!-- test: append to FILE -->"
// appends the block to FILE; "<!-- test: edit FILE -->" replaces, in the
// block last appended to FILE, the entry that begins with the block's
// first line (down to the next line indented as little) with the block.
func parseWalkthrough(doc string) ([]walkStep, error) {
	lines := strings.Split(doc, "\n")
	var steps []walkStep
	pending := -1 // the line of a directive waiting for its block
	var pendingEdit, pendingFile string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if m := directive.FindStringSubmatch(l); m != nil {
			pending, pendingEdit, pendingFile = i, strings.Fields(m[1])[0], m[2]
			continue
		}
		lang, ok := strings.CutPrefix(l, "```")
		if !ok {
			if strings.TrimSpace(l) != "" {
				pending = -1
			}
			continue
		}
		start := i
		var body []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			body = append(body, lines[i])
		}
		if i == len(lines) {
			return nil, fmt.Errorf("line %d: unclosed code block", start+1)
		}
		switch {
		case lang == "yaml":
			if pending < 0 {
				return nil, fmt.Errorf("line %d: a yaml block needs a <!-- test: append to FILE --> or <!-- test: edit FILE --> line before it", start+1)
			}
			steps = append(steps, walkStep{line: start + 1, edit: pendingEdit, file: pendingFile, yaml: body})
		case lang == "" && len(body) > 0 && strings.HasPrefix(body[0], "$ "):
			for j := 0; j < len(body); j++ {
				s := walkStep{line: start + 2 + j, cmd: strings.TrimPrefix(body[j], "$ ")}
				s.outFrom = start + 2 + j
				for j+1 < len(body) && !strings.HasPrefix(body[j+1], "$ ") {
					j++
					s.want = append(s.want, body[j])
				}
				s.outTo = start + 2 + j
				steps = append(steps, s)
			}
		case pending >= 0:
			return nil, fmt.Errorf("line %d: the directive on line %d is for a yaml block", start+1, pending+1)
		}
		pending = -1
	}
	return steps, nil
}

// catalogueHash is the hash part of a catalogue id, and catalogueCounts
// the counts of errcat test's summary line, which every change to the
// shipped catalogue moves; the walkthrough is compared without them, so
// that it fails when its commands or their answers change, not when a
// rule is added elsewhere.
var (
	catalogueHash   = regexp.MustCompile(`\b(\d+\.\d+\.\d+)\+[0-9a-f]{12}\b`)
	catalogueCounts = regexp.MustCompile(`\d+/\d+ fixtures passed \(\d+ positive, \d+ negative\)(, \d+ known issues?)?; \d+ rules, \d+ codes`)
)

func withoutHash(s string) string {
	s = catalogueHash.ReplaceAllString(plainSpaces(s), "$1+HASH")
	return catalogueCounts.ReplaceAllString(s, "N/N fixtures passed (N positive, N negative); N rules, N codes")
}

// plainSpaces turns the no-break spaces that go-cmp puts at random into
// the diffs of errcat test back into spaces: the page shows plain ones.
func plainSpaces(s string) string { return strings.ReplaceAll(s, "\u00a0", " ") }

// TestAddingARuleDoc runs docs/adding-a-rule.md on a copy of the shipped
// catalogue and fixtures: every command must print what the page shows
// (catalogue hashes aside), so the page fails here as soon as it stops
// being true. With -update the page's outputs are rewritten.
func TestAddingARuleDoc(t *testing.T) {
	doc, err := os.ReadFile(walkthroughDoc)
	if err != nil {
		t.Fatal(err)
	}
	steps, err := parseWalkthrough(string(doc))
	if err != nil {
		t.Fatalf("%s: %v", walkthroughDoc, err)
	}
	commands := 0
	for _, s := range steps {
		if s.cmd != "" {
			commands++
		}
	}
	if commands < 5 {
		t.Fatalf("%s: %d commands found: the page or its parser changed", walkthroughDoc, commands)
	}

	// The script only numbers the steps: the commands run through
	// custom commands, so nothing in them needs quoting for testscript.
	var script strings.Builder
	for i, s := range steps {
		if s.cmd != "" {
			fmt.Fprintf(&script, "docrun %d\n", i)
		} else {
			fmt.Fprintf(&script, "docedit %d\n", i)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "walkthrough.txtar"), []byte(script.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	got := map[int]string{}         // step → output, for -update
	appended := map[string]string{} // file → the block last appended to it
	stepOf := func(ts *testscript.TestScript, arg []string) (int, walkStep) {
		var n int
		if len(arg) != 1 {
			ts.Fatalf("want one step number")
		}
		if _, err := fmt.Sscan(arg[0], &n); err != nil || n < 0 || n >= len(steps) {
			ts.Fatalf("bad step %q", arg[0])
		}
		return n, steps[n]
	}
	// testscript runs the script as a parallel subtest: t.Run returns once
	// it is done, and the outputs got can be written back.
	t.Run("page", func(t *testing.T) {
		testscript.Run(t, testscript.Params{
			Dir: dir,
			Setup: func(env *testscript.Env) error {
				env.Setenv("ERRCAT_CATALOGUE", "")
				cache := filepath.Join(env.WorkDir, ".errcat-cache")
				env.Setenv("ERRCAT_CACHE", cache)
				if err := seedMemo(cache); err != nil {
					return err
				}
				for _, d := range []string{"catalogue", "fixtures"} {
					if err := os.CopyFS(filepath.Join(env.WorkDir, d), os.DirFS(filepath.Join("../..", d))); err != nil {
						return err
					}
				}
				return nil
			},
			Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
				"docrun": func(ts *testscript.TestScript, neg bool, args []string) {
					n, s := stepOf(ts, args)
					want := strings.Join(s.want, "\n")
					if len(s.want) > 0 {
						want += "\n"
					}
					// "$ cat FILE" of a file not there yet is the page's way of
					// saying "paste the sample into FILE".
					if name, ok := strings.CutPrefix(s.cmd, "cat "); ok && !strings.ContainsAny(name, " |<>") {
						if _, err := os.Stat(ts.MkAbs(name)); os.IsNotExist(err) {
							ts.Check(os.WriteFile(ts.MkAbs(name), []byte(want), 0o644))
						}
					}
					// The exit status is not on the page; the output is.
					_ = ts.Exec("sh", "-c", s.cmd+" 2>&1")
					out := ts.ReadFile("stdout")
					got[n] = out
					if diff := cmp.Diff(withoutHash(want), withoutHash(out)); diff != "" && !*update {
						ts.Fatalf("%s:%d: $ %s\noutput differs from the page (-page +got):\n%s\n(go test ./cmd/errcat -run TestAddingARuleDoc -update rewrites the page's outputs)", walkthroughDoc, s.line, s.cmd, diff)
					}
				},
				"docedit": func(ts *testscript.TestScript, neg bool, args []string) {
					_, s := stepOf(ts, args)
					path := ts.MkAbs(s.file)
					data, err := os.ReadFile(path)
					ts.Check(err)
					block := strings.Join(s.yaml, "\n") + "\n"
					switch s.edit {
					case "append":
						if len(data) > 0 && data[len(data)-1] != '\n' {
							data = append(data, '\n')
						}
						data = append(data, block...)
					case "edit":
						last, ok := appended[s.file]
						if !ok {
							ts.Fatalf("%s:%d: nothing was appended to %s to edit", walkthroughDoc, s.line, s.file)
						}
						edited, err := replaceEntry(last, s.yaml)
						if err != nil {
							ts.Fatalf("%s:%d: %v", walkthroughDoc, s.line, err)
						}
						cut, ok := strings.CutSuffix(string(data), last)
						if !ok {
							ts.Fatalf("%s:%d: %s no longer ends with the block appended to it", walkthroughDoc, s.line, s.file)
						}
						data, block = []byte(cut+edited), edited
					}
					appended[s.file] = block
					ts.Check(os.WriteFile(path, data, 0o644))
				},
			},
		})
	})
	if *update {
		if err := os.WriteFile(walkthroughDoc, []byte(rewriteOutputs(string(doc), steps, got)), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote the outputs of %s; check the diff", walkthroughDoc)
	}
}

// replaceEntry replaces, in block, the YAML entry that begins with the
// fragment's first line (that line and the lines below it indented more)
// with the fragment.
func replaceEntry(block string, fragment []string) (string, error) {
	lines := strings.Split(strings.TrimSuffix(block, "\n"), "\n")
	indent := func(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }
	for i, l := range lines {
		if l != fragment[0] {
			continue
		}
		j := i + 1
		for j < len(lines) && indent(lines[j]) > indent(l) {
			j++
		}
		out := append(append(append([]string{}, lines[:i]...), fragment...), lines[j:]...)
		return strings.Join(out, "\n") + "\n", nil
	}
	return "", fmt.Errorf("no line %q to edit in the block appended before", fragment[0])
}

// rewriteOutputs puts the outputs got in place of the page's, from the
// last command up so that earlier line numbers stay valid.
func rewriteOutputs(doc string, steps []walkStep, got map[int]string) string {
	lines := strings.Split(doc, "\n")
	for i := len(steps) - 1; i >= 0; i-- {
		s := steps[i]
		out, ok := got[i]
		if s.cmd == "" || !ok {
			continue
		}
		var repl []string
		if out != "" {
			repl = strings.Split(strings.TrimSuffix(plainSpaces(out), "\n"), "\n")
		}
		lines = append(lines[:s.outFrom], append(repl, lines[s.outTo:]...)...)
	}
	return strings.Join(lines, "\n")
}
