package catcache

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

// catalogue is a small catalogue whose version and pattern a test varies.
func catalogue(version, pattern string) fstest.MapFS {
	return fstest.MapFS{
		"catalogue.yaml": {Data: []byte("name: cached\nversion: " + version + "\nclasses:\n  transient: {description: d, exit_code: 75}\ncodes:\n  overloaded: {class: transient, description: d}\n")},
		"rules/r.yaml": {Data: []byte(`rules:
  - id: t.overloaded
    code: overloaded
    confidence: high
    match: {regex: '` + pattern + `'}
`)},
		"fixtures/ignored.yaml": {Data: []byte("not read by the compiler")},
	}
}

// testCache is a cache in a fresh directory, for a program whose identity
// the test sets.
func testCache(t *testing.T, exe *string) Cache {
	t.Helper()
	return Cache{Dir: t.TempDir(), exe: func() (string, error) { return *exe, nil }}
}

func entries(t *testing.T, c Cache) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(c.Dir, "*.gob"))
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// load is c.Load that fails the test on an error.
func load(t *testing.T, c Cache, fsys fstest.MapFS) *tables.Catalogue {
	t.Helper()
	cat, err := c.Load(fsys, "cat")
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestHitIsCompiled holds what a second load takes from the cache to a
// compile of the same files, derived fields included, and checks it
// builds an engine that classifies as a compiled one does.
func TestHitIsCompiled(t *testing.T) {
	exe := "errcat 1"
	c := testCache(t, &exe)
	fsys := catalogue("1.0.0", `(?i)\bupstream (overloaded|busy)\b`)
	load(t, c, fsys)
	if n := len(entries(t, c)); n != 1 {
		t.Fatalf("%d entries after the first load, want 1", n)
	}
	got := load(t, c, fsys)
	want, err := compile.Load(fsys, "cat")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("cached tables differ from compiled ones (-compiled +cached):\n%s", diff)
	}
	e, err := match.New(got)
	if err != nil {
		t.Fatal(err)
	}
	if r := e.Classify(match.Evidence{Text: "error: Upstream busy"}, match.Options{}); r.Code != "overloaded" {
		t.Fatalf("cached catalogue classified %+v, want overloaded", r)
	}
}

// poison replaces the only entry of c with one whose catalogue has
// another version, under the same key: a load that returns that version
// read the cache.
func poison(t *testing.T, c Cache) {
	t.Helper()
	names := entries(t, c)
	if len(names) != 1 {
		t.Fatalf("%d entries, want 1", len(names))
	}
	data, err := os.ReadFile(names[0])
	if err != nil {
		t.Fatal(err)
	}
	var e entry
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&e); err != nil {
		t.Fatal(err)
	}
	e.Catalogue.Version = "poisoned"
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(e); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(names[0], buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestKey checks what makes an entry be used: the same files, named the
// same way, by the same program. Anything else compiles afresh.
func TestKey(t *testing.T) {
	exe := "errcat 1"
	c := testCache(t, &exe)
	fsys := catalogue("1.0.0", `(?i)\bupstream (overloaded|busy)\b`)
	load(t, c, fsys)
	poison(t, c)
	if v := load(t, c, fsys).Version; v != "poisoned" {
		t.Fatalf("the same files loaded version %q: the cache was not read", v)
	}
	fsys["fixtures/ignored.yaml"] = &fstest.MapFile{Data: []byte("changed, and still not read")}
	if v := load(t, c, fsys).Version; v != "poisoned" {
		t.Fatalf("a file the compiler does not read changed the key (version %q)", v)
	}

	for _, tc := range []struct {
		name   string
		change func()
	}{
		{"rule edited", func() { fsys = catalogue("1.0.0", `(?i)\bupstream (overloaded|full)\b`) }},
		{"errcat rebuilt", func() { exe = "errcat 2" }},
	} {
		tc.change()
		if v := load(t, c, fsys).Version; v != "1.0.0" {
			t.Fatalf("%s: loaded version %q, want a fresh compile", tc.name, v)
		}
	}
	if cat, err := c.Load(fsys, "elsewhere"); err != nil || cat.Version != "1.0.0" {
		t.Fatalf("another display name: version %q (err %v), want a fresh compile", cat.Version, err)
	}
	if n := len(entries(t, c)); n != 4 {
		t.Fatalf("%d entries, want 4", n)
	}
}

// TestBadEntryIsMissed writes garbage where an entry belongs: the load
// compiles, and replaces it.
func TestBadEntryIsMissed(t *testing.T) {
	exe := "errcat 1"
	c := testCache(t, &exe)
	fsys := catalogue("1.0.0", `(?i)\bupstream (overloaded|busy)\b`)
	load(t, c, fsys)
	names := entries(t, c)
	for _, bad := range [][]byte{[]byte("not gob"), nil} {
		if err := os.WriteFile(names[0], bad, 0o600); err != nil {
			t.Fatal(err)
		}
		if v := load(t, c, fsys).Version; v != "1.0.0" {
			t.Fatalf("version %q", v)
		}
		if _, ok := read(names[0], func() string { k, _ := c.key(fsys, "cat"); return k }()); !ok {
			t.Fatal("the bad entry was not replaced")
		}
	}
}

// TestErrorsAreNotKept loads a broken catalogue: the error is compile's,
// with its position, and nothing is written.
func TestErrorsAreNotKept(t *testing.T) {
	exe := "errcat 1"
	c := testCache(t, &exe)
	_, err := c.Load(catalogue("1.0.0", `(?i)\bupstream (overloaded`), "cat")
	if err == nil {
		t.Fatal("a broken pattern loaded")
	}
	if want := "cat/rules/r.yaml:5:"; !bytes.Contains([]byte(err.Error()), []byte(want)) {
		t.Fatalf("error %q does not name %s", err, want)
	}
	if n := len(entries(t, c)); n != 0 {
		t.Fatalf("%d entries after a failed compile", n)
	}
	if _, err := c.Load(fstest.MapFS{}, "empty"); err == nil {
		t.Fatal("a directory without catalogue.yaml loaded")
	}
}

// TestPrune loads more catalogues than the cache keeps, using the first
// again half way: the oldest unused go, and the first stays.
func TestPrune(t *testing.T) {
	exe := "errcat 1"
	c := testCache(t, &exe)
	first := catalogue("0.0.0", "a+b")
	load(t, c, first)
	poison(t, c)
	for i := 1; i <= maxEntries+4; i++ {
		load(t, c, catalogue(fmt.Sprintf("1.0.%d", i), "a+b"))
		if i == maxEntries/2 {
			load(t, c, first)
		}
	}
	if n := len(entries(t, c)); n != maxEntries {
		t.Fatalf("%d entries, want %d", n, maxEntries)
	}
	if v := load(t, c, first).Version; v != "poisoned" {
		t.Fatalf("the entry used recently was pruned (version %q)", v)
	}
}

// TestOff checks that the zero Cache, and $ERRCAT_CACHE=off, keep
// nothing.
func TestOff(t *testing.T) {
	env := map[string]string{Env: "off"}
	if c := Default(func(k string) string { return env[k] }); c.Dir != "" {
		t.Fatalf("ERRCAT_CACHE=off gave directory %q", c.Dir)
	}
	dir := t.TempDir()
	env[Env] = dir
	if c := Default(func(k string) string { return env[k] }); c.Dir != dir {
		t.Fatalf("ERRCAT_CACHE=%s gave directory %q", dir, c.Dir)
	}
	if v := load(t, Cache{}, catalogue("1.0.0", "a+b")).Version; v != "1.0.0" {
		t.Fatalf("version %q", v)
	}
}
