package codegen

import (
	"go/types"
	"testing"
	"testing/fstest"
)

// TestNameMethods checks which exported methods of a small engine are
// unexported: one called where the checker sees its receiver is; one an
// exported type has, one the standard library may ask for (MarshalJSON)
// and one also called on a value the checker could not type are not.
func TestNameMethods(t *testing.T) {
	eng := fstest.MapFS{"eng.go": {Data: []byte(`package eng

import "sync"

type Exported struct{}

func (Exported) Keep() {}

type worker struct{}

func (worker) Run()                           {}
func (worker) MarshalJSON() ([]byte, error) { return nil, nil }
func (*worker) Reset()                        {}

var pool sync.Pool

func Use() {
	var w worker
	w.Run()
	pool.Get().(*worker).Reset()
	Exported{}.Keep()
}
`)}}
	api := fstest.MapFS{"api.go": {Data: []byte(`package api

import "example.com/eng"

type Exported = eng.Exported

func API() { eng.Use() }
`)}}
	m, err := loadUnits([]unit{{"example.com/eng", "", eng}, {"example.com/api", "", api}})
	if err != nil {
		t.Fatal(err)
	}
	scope := m.units[0].pkg.Scope()
	method := func(typ, name string) types.Object {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(scope.Lookup(typ).Type()), true, m.units[0].pkg, name)
		if obj == nil {
			t.Fatalf("%s has no method %s", typ, name)
		}
		return obj
	}
	for _, c := range []struct{ typ, method, want string }{
		{"worker", "Run", "run"},
		{"worker", "MarshalJSON", ""},
		{"worker", "Reset", ""},
		{"Exported", "Keep", ""},
	} {
		if got := m.names[method(c.typ, c.method)]; got != c.want {
			t.Errorf("%s.%s is renamed %q, want %q", c.typ, c.method, got, c.want)
		}
	}
	if got := m.names[scope.Lookup("Use")]; got != "use" {
		t.Errorf("Use is renamed %q, want use", got)
	}
}
