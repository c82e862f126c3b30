// Package embedcheck holds a package's embedded source (its Source
// variable, which the code generator reads) to the files in its
// directory: every Go file but the tests and source.go, which declares
// the variable, and nothing else.
package embedcheck

import (
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
)

// Check fails t for each file of dir (the package's directory) that
// embedded lacks, and for each file embedded holds that it should not.
func Check(t testing.TB, embedded fs.FS, dir string) {
	t.Helper()
	got, err := fs.Glob(embedded, "*")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, e := range entries {
		if e.Type().IsRegular() && Listed(e.Name()) {
			want = append(want, e.Name())
		}
	}
	if len(want) == 0 {
		t.Fatalf("%s holds no Go source", dir)
	}
	for _, name := range want {
		if !slices.Contains(got, name) {
			t.Errorf("source.go does not embed %s: add the line //go:embed %s above its Source variable", name, name)
		}
	}
	for _, name := range got {
		if !slices.Contains(want, name) {
			t.Errorf("source.go embeds %s, which is not a non-test Go file of %s: remove its //go:embed line", name, dir)
		}
	}
}

// Listed reports whether a file of the package belongs in its Source:
// Go source that is neither a test nor source.go itself.
func Listed(name string) bool {
	return path.Ext(name) == ".go" && !strings.HasSuffix(name, "_test.go") && name != "source.go"
}
