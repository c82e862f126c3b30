package codegen_test

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/codegen"
	"github.com/errcat/errcat/internal/tables"
)

// enumFields names the fields of the compiled tables that hold
// enumerated constants: those of internal/match's named integer types.
func enumFields() []string {
	seen := map[reflect.Type]bool{}
	var out []string
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			if f.Type.PkgPath() != "" && f.Type.Kind() >= reflect.Int && f.Type.Kind() <= reflect.Uint64 {
				out = append(out, f.Name)
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeFor[tables.Catalogue]())
	slices.Sort(out)
	return slices.Compact(out)
}

// TestEnumsByName checks that the tables write enumerated values by their
// constants' names (Confidence: High), in the generated package and in a
// tables-only file, and never as bare numbers.
func TestEnumsByName(t *testing.T) {
	fields := enumFields()
	if len(fields) < 3 {
		t.Fatalf("found only the enumerated fields %v", fields)
	}
	bare := regexp.MustCompile(`\b(` + strings.Join(fields, "|") + `): *[0-9]`)
	tables, err := codegen.Tables(loadGood(t), codegen.TablesOptions{Package: "p", Var: "tables", Generator: "a test"})
	if err != nil {
		t.Fatal(err)
	}
	for _, out := range []struct {
		name string
		src  []byte
		want string
	}{
		{"Generate", generateGood(t), ""},
		{"Tables", tables, "Confidence: tables.High,"},
	} {
		if m := bare.Find(out.src); m != nil {
			t.Errorf("%s writes %q", out.name, m)
		}
		if out.want != "" && !strings.Contains(string(out.src), out.want) {
			t.Errorf("%s does not write %q", out.name, out.want)
		}
		for _, f := range fields {
			if !strings.Contains(string(out.src), f+": ") {
				t.Errorf("%s writes no %s: the catalogue does not exercise it", out.name, f)
			}
		}
	}
}
