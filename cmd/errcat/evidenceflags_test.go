package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/match"
)

func parseEvidence(t *testing.T, all bool, args ...string) (match.Evidence, error) {
	t.Helper()
	var e evidenceFlags
	cmd := &cobra.Command{Use: "x"}
	if all {
		e.registerAll(cmd, "status", "header")
	} else {
		e.register(cmd, "status", "header")
	}
	if err := cmd.Flags().Parse(args); err != nil {
		t.Fatal(err)
	}
	return e.read()
}

// Flags win over the file, except a header the file already names: a
// header keeps its first value, the file's included.
func TestEvidenceFlagsOverTheFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "ev.json")
	if err := os.WriteFile(file, []byte(`{"text": "boom", "http": {"status": 500, "headers": {"X-Id": "a"}}, "provider": "openai"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := parseEvidence(t, true, "--evidence", file, "--status", "429",
		"--header", "Retry-After: 20", "--header", "retry-after: 99", "--header", "x-id: b",
		"--exit-code", "0", "--provider", "anthropic", "--signal", "kill")
	if err != nil {
		t.Fatal(err)
	}
	zero := 0
	want := match.Evidence{
		Text:     "boom",
		HTTP:     &match.HTTP{Status: 429, Headers: map[string]string{"X-Id": "a", "Retry-After": "20"}},
		ExitCode: &zero, Signal: "kill", Provider: "anthropic",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got)\n%s", d)
	}
}

func TestEvidenceFlagsRefuseWhatIsNotEvidence(t *testing.T) {
	for _, args := range [][]string{
		{"--status", "42"},
		{"--header", "Retry-After 20"},
		{"--header", ": 20"},
	} {
		_, err := parseEvidence(t, false, args...)
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("%q: got %v, want a usage error", args, err)
		}
	}
	if _, err := parseEvidence(t, true, "--signal", "SIGNOPE"); err == nil {
		t.Errorf("--signal SIGNOPE: no error")
	}
}

// Without --status or --header there is no HTTP part, and an exit code of
// 0 given explicitly is kept.
func TestEvidenceFlagsAddOnlyWhatIsGiven(t *testing.T) {
	got, err := parseEvidence(t, false, "--exit-code", "0")
	if err != nil {
		t.Fatal(err)
	}
	if got.HTTP != nil || got.ExitCode == nil || *got.ExitCode != 0 {
		t.Errorf("got %+v", got)
	}
	if got, _ := parseEvidence(t, false); got.ExitCode != nil {
		t.Errorf("no --exit-code: got exit code %d", *got.ExitCode)
	}
}
