package source

import (
	"fmt"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/errcat/errcat/internal/diag"
)

// Validate checks f against the named schema and returns every violation
// at the position of the value at fault.
func (f *File) Validate(name string) diag.List {
	sch, err := compiled(name)
	if err != nil {
		return diag.List{diag.Errorf(diag.Pos{}, diag.Schema, "embedded schema %s: %v", name, err)}
	}
	v, err := Value(f.Root)
	if err != nil {
		return diag.List{f.Errorf(f.Root, diag.Schema, "%v", err)}
	}
	err = sch.Validate(v)
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return diag.List{f.Errorf(f.Root, diag.Schema, "%v", err)}
	}
	var errs diag.List
	for _, leaf := range leaves(ve) {
		errs.Add(f.schemaError(leaf))
	}
	return errs
}

// leaves flattens a validation error tree into the causes worth showing.
// Under anyOf/oneOf every branch fails; the branch that got deepest into
// the value is the one its author meant, so its errors are shown alone.
// When every branch fails at the value itself (a string where a list or a
// mapping was wanted), one error names all the alternatives.
func leaves(ve *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(ve.Causes) == 0 {
		return []*jsonschema.ValidationError{ve}
	}
	kw := lastKeyword(ve.KeywordLocation)
	if kw == "anyOf" || kw == "oneOf" {
		var best []*jsonschema.ValidationError
		bestScore := -1
		var msgs []string
		for _, c := range ve.Causes {
			ls := leaves(c)
			// A branch that got past the type check, or deeper into the
			// value, is the form the author meant.
			score := 0
			for _, l := range ls {
				d := 2 * depth(l.InstanceLocation)
				if !formKeyword[lastKeyword(l.KeywordLocation)] && !strings.HasPrefix(l.Message, anyPrefix) {
					d++
				}
				score = max(score, d)
				msgs = append(msgs, strings.Split(strings.TrimPrefix(l.Message, anyPrefix), "; or ")...)
			}
			// On a tie, the branch with fewer complaints fits better.
			if score > bestScore || (score == bestScore && len(ls) < len(best)) {
				best, bestScore = ls, score
			}
		}
		if bestScore > 2*depth(ve.InstanceLocation) {
			return best
		}
		return []*jsonschema.ValidationError{{
			InstanceLocation: ve.InstanceLocation,
			KeywordLocation:  ve.KeywordLocation,
			Message:          anyPrefix + strings.Join(uniq(msgs), "; or "),
		}}
	}
	var out []*jsonschema.ValidationError
	for _, c := range ve.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// formKeyword marks the keywords whose failure says "this is another form
// of value altogether", as opposed to "this form, but wrong inside".
var formKeyword = map[string]bool{"type": true, "const": true, "enum": true}

const anyPrefix = "none of the allowed forms fits: "

func (f *File) schemaError(ve *jsonschema.ValidationError) *diag.Error {
	n := f.Pointer(ve.InstanceLocation)
	msg := ve.Message
	switch lastKeyword(ve.KeywordLocation) {
	case "additionalProperties":
		// "additionalProperties 'a', 'b' not allowed": point at the first key.
		names := quoted(msg)
		if len(names) > 0 {
			if k := Key(n, names[0]); k != nil {
				return f.Errorf(k, diag.Schema, "unknown field %s", strings.Join(quote(names), ", "))
			}
		}
	case "required":
		msg = strings.Replace(msg, "missing properties:", "missing field", 1)
	case "propertyNames":
		msg = "bad name: " + msg
	case "minProperties":
		msg = "must not be empty"
	}
	if path := fieldPath(ve.InstanceLocation); path != "" {
		msg = path + ": " + msg
	}
	return f.Errorf(n, diag.Schema, "%s", msg)
}

// fieldPath renders a JSON pointer as the dotted path a person reads
// ("rules[3].match.status").
func fieldPath(ptr string) string {
	if ptr == "" {
		return ""
	}
	var b strings.Builder
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		if isIndex(tok) {
			fmt.Fprintf(&b, "[%s]", tok)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	return b.String()
}

func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func lastKeyword(loc string) string {
	if i := strings.LastIndexByte(loc, '/'); i >= 0 {
		return loc[i+1:]
	}
	return loc
}

func depth(ptr string) int { return strings.Count(ptr, "/") }

func quoted(s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '\'')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(s[i+1:], '\'')
		if j < 0 {
			return out
		}
		out = append(out, s[i+1:i+1+j])
		s = s[i+j+2:]
	}
}

func quote(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("%q", n)
	}
	return out
}

func uniq(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// Load parses and validates one file: the common first step of every
// loader. Errors of both stages come back together.
func Load(name string, data []byte, schemaName string) (*File, diag.List) {
	f, errs := Parse(name, data)
	if f == nil {
		return nil, errs
	}
	errs = append(errs, f.Validate(schemaName)...)
	return f, errs
}
