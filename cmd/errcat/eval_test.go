package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestEvalSmokeCorpus runs eval on testdata/eval/smoke.jsonl with the
// built-in catalogue. The figures are whatever the shipped catalogue earns
// (the thresholds are switched off), but every entry must be scored, the
// confusion matrix must add up, and two runs must print the same bytes.
func TestEvalSmokeCorpus(t *testing.T) {
	args := []string{"eval", "--corpus", "../../testdata/eval/smoke.jsonl", "-o", "json",
		"--min-precision", "0", "--min-recall", "0", "--max-coverage-negative", "1"}
	runOnce := func() []byte {
		var out, errb bytes.Buffer
		if code := run(args, stdio{strings.NewReader(""), &out, &errb}, func(string) string { return "" }); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		return out.Bytes()
	}
	first, second := runOnce(), runOnce()
	if !bytes.Equal(first, second) {
		t.Error("two runs of eval printed different output")
	}
	var rep struct {
		OK            bool
		Entries       int
		Positive      int
		Negative      int
		Matrix        [][]int
		Misclassified []struct{ Pos string }
	}
	if err := json.Unmarshal(first, &rep); err != nil {
		t.Fatal(err)
	}
	sum, diag := 0, 0
	for i, row := range rep.Matrix {
		for j, n := range row {
			sum += n
			if i == j {
				diag += n
			}
		}
	}
	if !rep.OK || rep.Entries != 24 || rep.Positive+rep.Negative != rep.Entries || sum != rep.Entries || rep.Entries-diag != len(rep.Misclassified) {
		t.Errorf("report: ok %v, %d entries (%d+%d), matrix sum %d, diagonal %d, %d misclassified",
			rep.OK, rep.Entries, rep.Positive, rep.Negative, sum, diag, len(rep.Misclassified))
	}
}
