package codegen

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/errcat/errcat/internal/tables"
)

// The compiled tables repeat patterns: the non_failure guard alone is on
// 158 rules. Written out inline, each would be a copy: the generated file
// would carry the guard, and what the compiler derives from it, 158
// times, and a generated package would prepare each copy on its own. A
// pattern the tables hold more than once is therefore written once, as a
// package-level variable, and referred to by name.
//
// Patterns are the same when they are written the same: the key is a
// pattern's literal, never its address. Tables fresh from the compiler
// share one *Regex per source, tables decoded from the compiled-catalogue
// cache hold a copy per use, and tables built by hand may do either; the
// file must not tell them apart. Other pointers (a rule's Not, a
// pattern's Parsed) are written inline wherever they occur.

// shareType is the type of value shared by its literal.
var shareType = reflect.TypeFor[tables.Regex]()

// shares names the patterns written as variables.
type shares struct {
	names map[string]string // a pattern's literal -> its variable
	order []reflect.Value   // one pointer per variable, in the order first met
}

// sharePatterns finds the patterns v holds more than once. The walk
// follows the tables' fields and elements in order, so the variables are
// numbered the same for equal tables.
func sharePatterns(v reflect.Value) (*shares, error) {
	count := map[string]int{}
	var first []reflect.Value // the first pointer met with each literal
	var walk func(v reflect.Value) error
	walk = func(v reflect.Value) error {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				return nil
			}
			if v.Type().Elem() == shareType {
				key, err := patternKey(v)
				if err != nil {
					return err
				}
				count[key]++
				if count[key] == 1 {
					first = append(first, v)
				}
			}
			return walk(v.Elem())
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					if err := walk(v.Field(i)); err != nil {
						return err
					}
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				if err := walk(v.Index(i)); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(v); err != nil {
		return nil, err
	}
	sh := &shares{names: map[string]string{}}
	for _, p := range first {
		key, _ := patternKey(p)
		if count[key] > 1 {
			sh.names[key] = fmt.Sprintf("shared%s%d", shareType.Name(), len(sh.order))
			sh.order = append(sh.order, p)
		}
	}
	return sh, nil
}

// patternKey is the literal a pattern is written as. A pattern holds no
// pattern, so the literal needs no shares of its own.
func patternKey(p reflect.Value) (string, error) {
	var b strings.Builder
	err := writer{}.literal(&b, p.Elem(), "")
	return b.String(), err
}

// name returns the variable a pointer is written as, or "".
func (sh *shares) name(v reflect.Value) string {
	if sh == nil || len(sh.names) == 0 || v.Kind() != reflect.Pointer || v.IsNil() || v.Type().Elem() != shareType {
		return ""
	}
	key, err := patternKey(v)
	if err != nil {
		return ""
	}
	return sh.names[key]
}

// decls writes the variables of w's shares, with a comment that says
// what they are when doc is set.
func (w writer) decls(b *strings.Builder, doc bool) error {
	sh := w.sh
	if len(sh.order) == 0 {
		return nil
	}
	if doc {
		b.WriteString("// Patterns the tables use more than once.\n")
	}
	b.WriteString("var (\n")
	for _, p := range sh.order {
		name := sh.name(p)
		b.WriteString("\t" + name + " = &")
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
