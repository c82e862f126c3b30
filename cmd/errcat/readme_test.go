package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeFirstCommand runs the README's first command, the one a new
// user types, and compares what it prints with what the README shows, so
// that a catalogue change cannot leave the page naming an old version.
func TestReadmeFirstCommand(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	cmd := regexp.MustCompile(`(?m)^go build -o bin/errcat \./cmd/errcat && echo '([^']*)' \| bin/errcat classify$`).FindStringSubmatch(readme)
	if cmd == nil {
		t.Fatal("README: no first command of the form go build ... && echo '...' | bin/errcat classify")
	}
	shown := regexp.MustCompile("(?s)The first builds errcat[^\n]*\n\n```\n(.*?)```").FindStringSubmatch(readme)
	if shown == nil {
		t.Fatal("README: no output block after \"The first builds errcat\"")
	}
	var out, errb bytes.Buffer
	if code := run([]string{"classify"}, stdio{strings.NewReader(cmd[1] + "\n"), &out, &errb}, func(string) string { return "" }); code != 0 {
		t.Fatalf("errcat classify: exit %d: %s", code, errb.String())
	}
	if out.String() != shown[1] {
		t.Errorf("README shows:\n%s\nerrcat prints:\n%s\nupdate the README's block", shown[1], out.String())
	}
}
