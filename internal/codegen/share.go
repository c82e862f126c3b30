package codegen

import (
	"fmt"
	"reflect"
	"strings"
)

// The compiled tables share one *Regex between every rule whose pattern
// has the same source: the non_failure guard alone is on 158 rules.
// Written out inline, each would be a copy: the generated file would
// carry the guard, and what the compiler derives from it, 158 times, and
// a generated package would prepare each copy on its own. A pointer that
// the tables hold more than once is therefore written once, as a
// package-level variable, and referred to by name.

// shares names the pointers written as variables.
type shares struct {
	names map[uintptr]string
	order []reflect.Value // in the order first met, for a stable file
}

// sharePointers finds the pointers v holds more than once.
func sharePointers(v reflect.Value) *shares {
	seen := map[uintptr]int{}
	var order []reflect.Value
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				return
			}
			seen[v.Pointer()]++
			if seen[v.Pointer()] == 1 {
				order = append(order, v)
				walk(v.Elem())
			}
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
	walk(v)
	sh := &shares{names: map[uintptr]string{}}
	n := 0
	for _, p := range order {
		if seen[p.Pointer()] > 1 {
			sh.names[p.Pointer()] = fmt.Sprintf("shared%s%d", p.Type().Elem().Name(), n)
			sh.order = append(sh.order, p)
			n++
		}
	}
	return sh
}

// name returns the variable a pointer is written as, or "".
func (sh *shares) name(v reflect.Value) string {
	if sh == nil || v.Kind() != reflect.Pointer || v.IsNil() {
		return ""
	}
	return sh.names[v.Pointer()]
}

// decls writes the variables of w's shares.
func (w writer) decls(b *strings.Builder) error {
	sh := w.sh
	if len(sh.order) == 0 {
		return nil
	}
	b.WriteString("// Patterns the tables use more than once.\nvar (\n")
	for _, p := range sh.order {
		b.WriteString("\t" + sh.names[p.Pointer()] + " = &")
		if err := w.literal(b, p.Elem(), "\t"); err != nil {
			return err
		}
		b.WriteString("\n")
	}
	b.WriteString(")\n\n")
	return nil
}

// isShareName reports whether a name is of the form shares gives.
func isShareName(name string) bool { return strings.HasPrefix(name, "shared") }
