package codegen

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/errcat/errcat/internal/atomicfile"
)

// WriteFile writes data to path atomically (see internal/atomicfile).
func WriteFile(path string, data []byte) error { return atomicfile.Write(path, data, 0o644) }

// Stale compares the file at path with want. It returns "" when they are
// equal, and otherwise a short description with the first differing lines,
// for a CI log.
func Stale(path string, want []byte) (string, error) {
	got, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return fmt.Sprintf("%s does not exist", path), nil
	}
	if err != nil {
		return "", err
	}
	if bytes.Equal(got, want) {
		return "", nil
	}
	return fmt.Sprintf("%s is stale:\n%s", path, shortDiff(string(got), string(want), 10)), nil
}

// shortDiff shows the region where two texts differ: the common prefix
// and suffix of lines are skipped, and at most max lines of each side are
// shown. It is a pointer for a person, not a patch.
func shortDiff(old, new string, max int) string {
	a, b := strings.Split(old, "\n"), strings.Split(new, "\n")
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var s strings.Builder
	fmt.Fprintf(&s, "@@ line %d @@\n", pre+1)
	side := func(sign string, lines []string) {
		for i, l := range lines {
			if i == max {
				fmt.Fprintf(&s, "%s ... (%d more lines)\n", sign, len(lines)-max)
				break
			}
			fmt.Fprintf(&s, "%s%s\n", sign, l)
		}
	}
	side("-", a[pre:len(a)-suf])
	side("+", b[pre:len(b)-suf])
	return s.String()
}
