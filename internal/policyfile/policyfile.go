// Package policyfile reads recovery policies from YAML (or JSON) files with
// positions, and hands back internal/policy's types.
//
// It is kept apart from internal/policy so that the decision logic stays
// free of YAML and of errcat's loaders: a file is parsed with positions and
// checked against the embedded policy schema (internal/source), then
// converted to JSON and read by policy.ParseJSON, whose field-path errors
// are walked back to the YAML nodes. Every problem comes back at once, as
// file:line:col: field.path: reason.
package policyfile

import (
	"encoding/json"
	"errors"
	"os"
	"strings"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/policy"
	"github.com/errcat/errcat/internal/source"
	"github.com/errcat/errcat/schema"
)

// LoadFile reads the policy at path. See Load.
func LoadFile(path string, classes []string) (policy.Policy, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return policy.Policy{}, diag.List{diag.Errorf(diag.Pos{File: path}, diag.Read, "%v", unwrapPath(err))}
	}
	return Load(path, data, classes)
}

// Load reads a policy document named name. When classes are given (the
// catalogue's), every section must name one of them. Errors are a
// diag.List.
func Load(name string, data []byte, classes []string) (policy.Policy, error) {
	f, errs := source.Load(name, data, schema.Policy)
	if f == nil {
		return policy.Policy{}, errs.Err()
	}
	if len(errs) > 0 {
		// The schema cannot know the catalogue: name unknown classes too.
		errs = append(errs, unknownClasses(f, classes)...)
	}
	v, err := source.Value(f.Root)
	if err != nil {
		errs.Add(f.Errorf(f.Root, diag.Schema, "%v", err))
		return policy.Policy{}, errs.Err()
	}
	doc, err := json.Marshal(v)
	if err != nil {
		errs.Add(f.Errorf(f.Root, diag.Schema, "%v", err))
		return policy.Policy{}, errs.Err()
	}
	p, err := policy.ParseJSON(doc, classes...)
	if err == nil && len(errs) == 0 {
		return p, nil
	}
	// What the schema cannot say (durations out of range, unknown
	// classes) comes from ParseJSON; where the schema has already
	// complained about a value, its word stands alone.
	seen := map[diag.Pos]bool{}
	for _, e := range errs {
		seen[e.Pos] = true
	}
	var fe policy.Errors
	if errors.As(err, &fe) {
		for _, e := range fe {
			if d := position(f, e); !seen[d.Pos] {
				errs.Add(d)
			}
		}
	} else if err != nil {
		errs.Add(f.Errorf(f.Root, diag.BadValue, "%v", err))
	}
	return policy.Policy{}, errs.Err()
}

// unknownClasses checks the document's section names against the
// catalogue's classes, with policy.Validate's own words.
func unknownClasses(f *source.File, classes []string) diag.List {
	keys, _ := source.Pairs(f.Root)
	p := policy.Policy{Version: policy.Version, Classes: map[string]policy.Section{}}
	for _, k := range keys {
		if k.Value != "version" {
			p.Classes[k.Value] = policy.Section{OnExhausted: policy.OnExhaustedStop}
		}
	}
	var errs diag.List
	var fe policy.Errors
	if errors.As(p.Validate(classes...), &fe) {
		for _, e := range fe {
			if e.Kind == policy.KindUnknownClass {
				errs.Add(position(f, e))
			}
		}
	}
	return errs
}

// position finds the node a field error is about: the key of an unknown
// name, the enclosing mapping of a missing field, the value otherwise.
func position(f *source.File, e *policy.FieldError) *diag.Error {
	var ptr string
	parts := strings.Split(e.Path, ".")
	if e.Path != "" {
		ptr = "/" + strings.Join(parts, "/")
	}
	n := f.Pointer(ptr)
	code := diag.BadValue
	switch e.Kind {
	case policy.KindUnknownClass, policy.KindUnknownField:
		parent := f.Root
		if len(parts) > 1 {
			parent = f.Pointer("/" + strings.Join(parts[:len(parts)-1], "/"))
		}
		if k := source.Key(parent, parts[len(parts)-1]); k != nil {
			n = k
		}
		code = diag.Schema
		if e.Kind == policy.KindUnknownClass {
			code = diag.UnknownClass
		}
	case policy.KindMissingField:
		code = diag.Schema
	}
	return f.Errorf(n, code, "%s", e.Error())
}

// unwrapPath drops the path an *os.PathError repeats.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
