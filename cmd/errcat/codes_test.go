package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestCodesDocFresh fails when docs/codes.md no longer matches the shipped
// catalogue, and says how to regenerate it.
func TestCodesDocFresh(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"codes", "-o", "markdown"}, stdio{strings.NewReader(""), &out, &errb}, func(string) string { return "" }); code != 0 {
		t.Fatalf("errcat codes -o markdown: exit %d: %s", code, errb.String())
	}
	doc, err := os.ReadFile("../../docs/codes.md")
	if err != nil {
		t.Fatalf("%v; run from the repository root: %s", err, docsCommand)
	}
	if !bytes.Equal(doc, out.Bytes()) {
		t.Errorf("docs/codes.md is stale; run from the repository root:\n\t%s", docsCommand)
	}
}
