package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/errcat/errcat/internal/catcache"
	"github.com/errcat/errcat/internal/exitcode"
	"github.com/errcat/errcat/internal/supervise"
	"github.com/errcat/errcat/internal/supervise/clocktest"
)

var update = flag.Bool("update", false, "rewrite the cmp files of testdata/script/*.txtar with the output got")

// TestMain lets the test binary double as the errcat command, so scripts
// run the real command line with real exit codes.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"errcat": scriptMain,
	})
}

// testClockEnv gives a scenario a fake clock: set to an RFC 3339 time,
// errcat run's clock starts there, and its sleeps advance the clock at
// once instead of sleeping (they still end early on SIGINT or SIGTERM),
// so the scenarios run in milliseconds with reproducible timestamps. Only
// this test binary reads it; errcat itself always runs on the real clock.
const testClockEnv = "ERRCAT_TEST_CLOCK"

// testTerminalEnv makes a scenario's standard output or error count as
// a terminal, which in a scenario they never are: set to "stdout",
// "stderr" or "stdout,stderr", those streams say they are terminals
// (termcolor.IsTerminal), so that what errcat does on a terminal only
// (colour under --color auto, classify's progress line) can be tested,
// together with what still turns it off. Only this test binary reads it.
const testTerminalEnv = "ERRCAT_TEST_TERMINAL"

// terminal is a stream that says it is a terminal.
type terminal struct{ io.Writer }

func (terminal) IsTerminal() bool { return true }

// scriptMain is errcat's main with the clock and the terminals a
// scenario asks for.
func scriptMain() {
	std := stdio{os.Stdin, os.Stdout, os.Stderr}
	if v := os.Getenv(testTerminalEnv); v != "" {
		for _, name := range strings.Split(v, ",") {
			switch name {
			case "stdout":
				std.out = terminal{os.Stdout}
			case "stderr":
				std.err = terminal{os.Stderr}
			default:
				fmt.Fprintf(os.Stderr, "errcat: %s: %q is neither stdout nor stderr\n", testTerminalEnv, name)
				os.Exit(int(exitcode.Failure))
			}
		}
	}
	var clock supervise.Clock = supervise.RealClock{}
	if v := os.Getenv(testClockEnv); v != "" {
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			fmt.Fprintf(os.Stderr, "errcat: %s: %v\n", testClockEnv, err)
			os.Exit(int(exitcode.Failure))
		}
		clock = clocktest.New(t)
	}
	os.Exit(int(runWith(os.Args[1:], std, os.Getenv, clock)))
}

// TestScript runs the end-to-end scenarios in testdata/script, one
// scenario per file, named <command>_<topic>.txtar.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       *update,
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"unescape": unescape, "utf16": encodeUTF16},
		Setup: func(env *testscript.Env) error {
			env.Setenv("ERRCAT_CATALOGUE", "")
			// Compiled catalogues are kept in the scenario's own
			// directory: HOME is /no-home, which a test run as root
			// would otherwise create.
			cache := filepath.Join(env.WorkDir, ".errcat-cache")
			env.Setenv("ERRCAT_CACHE", cache)
			if err := seedMemo(cache); err != nil {
				return err
			}
			// A scenario that builds generated code with exec go uses
			// the caller's build cache, the standard library alone and
			// the installed toolchain.
			if c := goCache(); c != "" {
				env.Setenv("GOCACHE", c)
			}
			env.Setenv("GOFLAGS", "-mod=mod")
			env.Setenv("GOPROXY", "off")
			env.Setenv("GOTOOLCHAIN", "local")
			return nil
		},
	})
}

// builtinMemo is the collision memo of the built-in catalogue, made once
// per test run by the errcat command the scenarios run (the memo holds
// only what that executable proved).
var builtinMemo struct {
	once sync.Once
	data []byte
	err  error
}

// seedMemo starts a scenario's cache with builtinMemo, so that a scenario
// that layers rules over the built-in catalogue searches only the pairs
// its layer adds, as a user's check after the first does; what a memo
// answers, and that it answers only for unchanged rules, is tested by
// check_memo.txtar and the collide and catcache packages.
func seedMemo(cache string) error {
	m := &builtinMemo
	m.once.Do(func() {
		dir, err := os.MkdirTemp("", "errcat-memo")
		if err != nil {
			m.err = err
			return
		}
		defer os.RemoveAll(dir)
		errcat, err := exec.LookPath("errcat")
		if err != nil {
			m.err = err
			return
		}
		cmd := exec.Command(errcat, "check")
		cmd.Env = append(os.Environ(), "ERRCAT_CATALOGUE=", "ERRCAT_CACHE="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			m.err = fmt.Errorf("errcat check of the built-in catalogue: %v\n%s", err, out)
			return
		}
		m.data, m.err = os.ReadFile(filepath.Join(dir, catcache.MemoFile))
	})
	if m.err != nil {
		return m.err
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(cache, catcache.MemoFile), m.data, 0o644)
}

// goCache is the go command's build cache, "" without a go command.
var goCache = sync.OnceValue(func() string {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
})

// unescape FILE... replaces each FILE with the bytes its text spells as
// the body of a Go string literal ("\r", "\u200b", "\x00"; a double
// quote stands for itself), its lines joined without newlines: a script
// can then hold input with control, invisible and invalid bytes, written
// so that a reader sees them.
func unescape(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: unescape FILE...")
	}
	for _, name := range args {
		text := strings.ReplaceAll(strings.TrimSuffix(ts.ReadFile(name), "\n"), "\n", "")
		text = strings.ReplaceAll(text, `"`, `\"`)
		b, err := strconv.Unquote(`"` + text + `"`)
		ts.Check(err)
		ts.Check(os.WriteFile(ts.MkAbs(name), []byte(b), 0o644))
	}
}

// utf16 [-be] SRC DST writes SRC's text to DST as UTF-16 with a byte
// order mark, little-endian (as Windows PowerShell 5 writes a file) or,
// with -be, big-endian.
func encodeUTF16(ts *testscript.TestScript, neg bool, args []string) {
	be := len(args) > 0 && args[0] == "-be"
	if be {
		args = args[1:]
	}
	if neg || len(args) != 2 {
		ts.Fatalf("usage: utf16 [-be] SRC DST")
	}
	b := []byte{0xff, 0xfe}
	if be {
		b = []byte{0xfe, 0xff}
	}
	for _, u := range utf16.Encode([]rune(ts.ReadFile(args[0]))) {
		if be {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), b, 0o644))
}
