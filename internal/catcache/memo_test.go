package catcache

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMemoKeepsWhatItLearned(t *testing.T) {
	exe := "errcat 1"
	c := testCache(t, &exe)
	k1, k2 := [32]byte{1}, [32]byte{2}
	m := c.Memo()
	if m.Known(k1) {
		t.Fatal("a new memo knows a key")
	}
	m.Learn(k1)
	m.Save()
	m = c.Memo()
	if !m.Known(k1) || m.Known(k2) {
		t.Fatalf("after saving k1: known k1 %v, k2 %v; want true, false", m.Known(k1), m.Known(k2))
	}
	m.Save()
	if !c.Memo().Known(k1) {
		t.Fatal("a key the last run used was dropped")
	}
	exe = "errcat 2"
	if c.Memo().Known(k1) {
		t.Fatal("a rebuilt errcat read the memo of another build")
	}
}

func TestBadMemoIsEmpty(t *testing.T) {
	exe := "errcat 1"
	c := testCache(t, &exe)
	m := c.Memo()
	m.Learn([32]byte{1})
	m.Save()
	file := filepath.Join(c.Dir, MemoFile)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][]byte{data[:len(data)-1], []byte("not a memo"), nil} {
		if err := os.WriteFile(file, bad, 0o600); err != nil {
			t.Fatal(err)
		}
		if c.Memo().Known([32]byte{1}) {
			t.Fatalf("a damaged memo (%d bytes) answered", len(bad))
		}
	}
	if (Cache{}).Memo() != nil {
		t.Fatal("the zero cache has a memo")
	}
}
