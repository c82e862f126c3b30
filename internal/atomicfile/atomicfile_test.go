package atomicfile_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/errcat/errcat/internal/atomicfile"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "out.txt")
	for _, data := range []string{"first\n", "second\n"} {
		if err := atomicfile.Write(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != data {
			t.Fatalf("read %q, %v; want %q", got, err, data)
		}
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode = %v, want 0600", st.Mode().Perm())
	}
	left, _ := filepath.Glob(filepath.Join(dir, "sub", ".*"))
	if len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestWriteFailsWithoutLeavingFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A path under a regular file cannot be created.
	if err := atomicfile.Write(filepath.Join(dir, "file", "x"), []byte("x"), 0o644); err == nil {
		t.Fatal("no error writing under a regular file")
	}
}
