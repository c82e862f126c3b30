package codegen

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// writer writes compiled tables as Go composite literals. sh names the
// pointers written once, as variables (share.go). name gives the name
// internal/tables' types and constants are written as: their names in the
// generated package, which declares them, or qualified ("tables.Rule") in
// a file that uses internal/tables' own. enums names the values of
// internal/tables' enumerated types (TierText for a Tier of 1); used, when
// not nil, collects the names written.
type writer struct {
	sh    *shares
	name  func(string) string
	enums map[string]map[uint64]string
	used  map[string]bool
}

// engineName returns what the writer writes for internal/match's name.
func (w writer) engineName(name string) string {
	if w.name != nil {
		name = w.name(name)
	}
	if w.used != nil {
		w.used[name] = true
	}
	return name
}

// enum writes v by the name of its constant, if it has one.
func (w writer) enum(b *strings.Builder, v reflect.Value, u uint64) bool {
	if v.Type().PkgPath() == "" {
		return false
	}
	name, ok := w.enums[v.Type().Name()][u]
	if ok {
		b.WriteString(w.engineName(name))
	}
	return ok
}

// literal writes v as a Go composite literal. It knows the shapes the
// compiled tables use: structs (exported fields only, zero fields left
// out, so the output stays readable), slices, pointers to structs,
// strings, integers and booleans. An empty slice is written as nil: the
// compiled-catalogue cache (gob) decodes every empty slice as nil, and the
// file must not depend on where the tables came from.
func (w writer) literal(b *strings.Builder, v reflect.Value, indent string) error {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return nil
		}
		if name := w.sh.name(v); name != "" {
			b.WriteString(name)
			return nil
		}
		b.WriteString("&")
		return w.literal(b, v.Elem(), indent)
	case reflect.Struct:
		b.WriteString(w.typeName(v.Type()))
		return w.structBody(b, v, indent)
	case reflect.Slice:
		if v.Len() == 0 {
			b.WriteString("nil")
			return nil
		}
		b.WriteString("[]")
		b.WriteString(w.typeName(v.Type().Elem()))
		b.WriteString("{")
		elemStruct := v.Type().Elem().Kind() == reflect.Struct ||
			(v.Type().Elem().Kind() == reflect.Pointer && v.Type().Elem().Elem().Kind() == reflect.Struct)
		for i := 0; i < v.Len(); i++ {
			el := v.Index(i)
			if elemStruct {
				// Elements of []T and []*T may leave out their type.
				b.WriteString("\n" + indent + "\t")
				if name := w.sh.name(el); name != "" {
					b.WriteString(name + ",")
					continue
				}
				if el.Kind() == reflect.Pointer {
					el = el.Elem()
				}
				if err := w.structBody(b, el, indent+"\t"); err != nil {
					return err
				}
				b.WriteString(",")
				continue
			}
			if i > 0 {
				b.WriteString(", ")
			}
			if err := w.literal(b, el, indent); err != nil {
				return err
			}
		}
		if elemStruct && v.Len() > 0 {
			b.WriteString("\n" + indent)
		}
		b.WriteString("}")
		return nil
	case reflect.String:
		b.WriteString(quote(v.String()))
	case reflect.Bool:
		b.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if !w.enum(b, v, uint64(v.Int())) {
			b.WriteString(strconv.FormatInt(v.Int(), 10))
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if !w.enum(b, v, v.Uint()) {
			b.WriteString(strconv.FormatUint(v.Uint(), 10))
		}
	default:
		return fmt.Errorf("codegen: cannot write a %s as a literal", v.Type())
	}
	return nil
}

func (w writer) structBody(b *strings.Builder, v reflect.Value, indent string) error {
	t := v.Type()
	b.WriteString("{")
	wrote := false
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() || omitted(v.Field(i)) {
			continue
		}
		b.WriteString("\n" + indent + "\t" + f.Name + ": ")
		if err := w.literal(b, v.Field(i), indent+"\t"); err != nil {
			return err
		}
		b.WriteString(",")
		wrote = true
	}
	if wrote {
		b.WriteString("\n" + indent)
	}
	b.WriteString("}")
	return nil
}

// omitted reports whether a field is left out of its struct's literal:
// it is zero, or an empty slice, which is written as nil.
func omitted(v reflect.Value) bool {
	return v.IsZero() || v.Kind() == reflect.Slice && v.Len() == 0
}

func (w writer) typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + w.typeName(t.Elem())
	case reflect.Slice:
		return "[]" + w.typeName(t.Elem())
	}
	if t.PkgPath() != "" {
		return w.engineName(t.Name())
	}
	return t.Name()
}

// quote prefers a raw string, which keeps regular expressions readable,
// where every rune shows as itself: a control or an invisible character
// (a zero-width joiner in a Persian translation, a no-break space) is
// escaped, so that a reader and vet's checks see it.
func quote(s string) string {
	if utf8.ValidString(s) && !strings.ContainsAny(s, "`\r") && printable(s) {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

func printable(s string) bool {
	for _, r := range s {
		if r != '\t' && !strconv.IsPrint(r) {
			return false
		}
	}
	return true
}
