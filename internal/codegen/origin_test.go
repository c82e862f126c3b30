package codegen_test

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"testing"

	"github.com/errcat/errcat/internal/builtin"
	"github.com/errcat/errcat/internal/catcache"
	"github.com/errcat/errcat/internal/codegen"
	"github.com/errcat/errcat/internal/tables"
)

// TestOutputIgnoresOrigin checks that the generated file, and the
// tables-only file, are the same bytes whether the tables were compiled
// just now (one *Regex per pattern source, shared by the rules that use
// it), decoded from the compiled-catalogue cache (a copy per use) or, for
// the shipped catalogue, taken from the built-in Go literals.
func TestOutputIgnoresOrigin(t *testing.T) {
	for _, tc := range []struct {
		name    string
		dir     string
		builtin bool
	}{
		{"shipped", "../../catalogue", true},
		{"repeated", "testdata/repeated", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := os.DirFS(tc.dir)
			cache := catcache.Cache{Dir: t.TempDir()}
			cold, err := cache.Load(fsys, "catalogue")
			if err != nil {
				t.Fatal(err)
			}
			if n := countEntries(t, cache.Dir); n != 1 {
				t.Fatalf("the cache holds %d entries after a cold load, want 1", n)
			}
			warm, err := cache.Load(fsys, "catalogue")
			if err != nil {
				t.Fatal(err)
			}
			// The two loads must differ in the way that matters: the
			// compiler shares patterns by pointer, the decoder does not.
			if n := sharedPatterns(cold); n == 0 {
				t.Fatal("the compiled tables share no pattern; the test needs a catalogue that repeats one")
			}
			if n := sharedPatterns(warm); n != 0 {
				t.Fatalf("the tables read back share %d patterns by pointer: not decoded from the cache", n)
			}
			origins := []struct {
				name string
				cat  *tables.Catalogue
			}{{"cold", cold}, {"warm", warm}}
			if tc.builtin {
				cat, err := builtin.Catalogue()
				if err != nil {
					t.Fatal(err)
				}
				origins = append(origins, struct {
					name string
					cat  *tables.Catalogue
				}{"built-in", cat})
			}
			for _, gen := range []struct {
				name string
				run  func(*tables.Catalogue) ([]byte, error)
			}{
				{"Generate", func(c *tables.Catalogue) ([]byte, error) {
					return codegen.Generate(c, codegen.Options{Package: "x", ErrcatVersion: "9.9.9"})
				}},
				{"Tables", func(c *tables.Catalogue) ([]byte, error) {
					return codegen.Tables(c, codegen.TablesOptions{Package: "p", Var: "tables", Generator: "a test"})
				}},
			} {
				var first []byte
				for i, o := range origins {
					out, err := gen.run(o.cat)
					if err != nil {
						t.Fatalf("%s from %s: %v", gen.name, o.name, err)
					}
					if i == 0 {
						first = out
						continue
					}
					if !bytes.Equal(out, first) {
						t.Errorf("%s: the file from %s (%d lines) differs from the file from %s (%d lines)",
							gen.name, o.name, bytes.Count(out, []byte("\n")), origins[0].name, bytes.Count(first, []byte("\n")))
					}
				}
			}
		})
	}
}

// countEntries counts the compiled catalogues a cache directory holds.
func countEntries(t *testing.T, dir string) int {
	t.Helper()
	m, err := fs.Glob(os.DirFS(dir), "*.gob")
	if err != nil {
		t.Fatal(err)
	}
	return len(m)
}

// sharedPatterns counts the *tables.Regex pointers cat holds more than
// once.
func sharedPatterns(cat *tables.Catalogue) int {
	seen := map[*tables.Regex]int{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				return
			}
			if re, ok := v.Interface().(*tables.Regex); ok {
				seen[re]++
				if seen[re] > 1 {
					return
				}
			}
			walk(v.Elem())
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		}
	}
	walk(reflect.ValueOf(cat))
	n := 0
	for _, c := range seen {
		if c > 1 {
			n++
		}
	}
	return n
}

// TestEmptySliceIsNil checks that an empty slice is written as a nil one
// is: the cache's decoder gives nil for both, so telling them apart would
// make the file depend on where the tables came from.
func TestEmptySliceIsNil(t *testing.T) {
	cat := loadGood(t)
	cat.Rules[0].Overrides = []int{}
	cat.Rules[0].Triggers = []string{}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(cat); err != nil {
		t.Fatal(err)
	}
	var decoded tables.Catalogue
	if err := gob.NewDecoder(&buf).Decode(&decoded); err != nil {
		t.Fatal(err)
	}
	if decoded.Rules[0].Overrides != nil {
		t.Fatal("gob kept an empty slice; the test assumes it decodes as nil")
	}
	opts := codegen.TablesOptions{Package: "p", Var: "tables", Generator: "a test"}
	a, err := codegen.Tables(cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	b, err := codegen.Tables(&decoded, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Errorf("empty slices are written apart from nil ones:\n%s", diffLines(a, b))
	}
}

// diffLines shows the first lines where a and b differ.
func diffLines(a, b []byte) string {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := 0; i < len(la) && i < len(lb); i++ {
		if !bytes.Equal(la[i], lb[i]) {
			return fmt.Sprintf("line %d: %q / %q", i+1, la[i], lb[i])
		}
	}
	return fmt.Sprintf("%d lines / %d lines", len(la), len(lb))
}
