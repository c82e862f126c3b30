package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/policy"
	"github.com/errcat/errcat/internal/tables"
)

// unclassifiedReasons are the reasons errcat classify gives for
// unclassified.
var unclassifiedReasons = []string{match.ReasonNoMatch, match.ReasonLowConfidence, match.ReasonConflict, match.ReasonEmpty}

// readClassification reads one classification, as classify -o json
// prints it, and checks it against the catalogue: a decision on a state,
// code or class that no classifier of this catalogue gives would be a
// decision on a typo. Every problem is reported, positioned in the JSON
// as stdin:line:col. Fields that decide does not read are not checked.
func readClassification(r io.Reader, cat *tables.Catalogue) (policy.Classification, error) {
	var c policy.Classification
	data, err := io.ReadAll(r)
	if err != nil {
		return c, err
	}
	fields, err := readJSONObject(data, "stdin")
	if err != nil {
		// Not JSON, or not an object: say what decide reads.
		if l := diag.As(err); len(l) == 1 && l[0].Code != diag.DuplicateKey {
			l[0].Msg = "want the JSON of errcat classify -o json: " + l[0].Msg
		}
		return c, err
	}
	byKey := map[string]jsonField{}
	for _, f := range fields {
		byKey[f.key] = f
	}
	var errs diag.List
	state, ok := byKey["state"]
	if !ok {
		line, col := lineCol(data, skipJSONSpace(data, 0))
		return c, diag.Errorf(diag.Pos{File: "stdin", Line: line, Col: col}, diag.Schema, `want the JSON of errcat classify -o json: no "state" field`)
	}
	str := func(f jsonField) (string, bool) {
		var s string
		if err := json.Unmarshal(f.raw, &s); err != nil {
			errs.Add(diag.Errorf(f.pos, diag.Schema, "%s: want a string, found %s", f.key, jsonKind(f.raw)))
			return "", false
		}
		return s, true
	}
	c.State, ok = str(state)
	if !ok {
		return c, errs.Err()
	}
	switch c.State {
	case policy.Classified:
		c.Code, c.Class, c.Rule = checkClassified(byKey, state, cat, str, &errs)
	case match.Unclassified:
		for _, k := range []string{"code", "class", "rule"} {
			if f, ok := byKey[k]; ok {
				errs.Add(diag.Errorf(f.pos, diag.Schema, "%s: an unclassified classification names no %s (its candidates may)", k, k))
			}
		}
		if f, ok := byKey["reason"]; ok {
			if s, ok := str(f); ok {
				if !slices.Contains(unclassifiedReasons, s) {
					errs.Add(diag.Errorf(f.pos, diag.BadValue, "reason: %q is not a reason for unclassified (want %s)", s, orList(unclassifiedReasons)))
				}
				c.Reason = s
			}
		}
	default:
		errs.Add(diag.Errorf(state.pos, diag.BadValue, "state: %q is not a state (want %q or %q)", c.State, policy.Classified, match.Unclassified))
	}
	if f, ok := byKey["retry_after_seconds"]; ok {
		var v float64
		if err := json.Unmarshal(f.raw, &v); err != nil || v < 0 {
			errs.Add(diag.Errorf(f.pos, diag.BadValue, "retry_after_seconds: want a number of seconds, 0 or more, found %s", f.raw))
		} else {
			c.RetryAfterSeconds = &v
		}
	}
	if f, ok := byKey["reset_at"]; ok {
		if s, ok := str(f); ok {
			if _, err := time.Parse(time.RFC3339, s); err != nil {
				errs.Add(diag.Errorf(f.pos, diag.BadValue, "reset_at: %q is not an RFC 3339 time such as 2026-01-01T00:00:30Z", s))
			} else {
				c.ResetAt = s
			}
		}
	}
	if f, ok := byKey["should_retry"]; ok {
		var v bool
		if err := json.Unmarshal(f.raw, &v); err != nil {
			errs.Add(diag.Errorf(f.pos, diag.BadValue, "should_retry: want true or false, found %s", f.raw))
		} else {
			c.ShouldRetry = &v
		}
	}
	return c, errs.Err()
}

// checkClassified checks that a classified classification names a code
// of the catalogue, that code's class, and a rule of the catalogue that
// gives that code.
func checkClassified(byKey map[string]jsonField, state jsonField, cat *tables.Catalogue, str func(jsonField) (string, bool), errs *diag.List) (code, class, rule string) {
	need := func(k string) (jsonField, bool) {
		f, ok := byKey[k]
		if !ok {
			errs.Add(diag.Errorf(state.pos, diag.Schema, "state: a classified classification needs a %q field", k))
		}
		return f, ok
	}
	var known *tables.Code
	if f, ok := need("code"); ok {
		if s, ok := str(f); ok {
			for i := range cat.Codes {
				if cat.Codes[i].Name == s {
					known = &cat.Codes[i]
				}
			}
			if known == nil {
				errs.Add(diag.Errorf(f.pos, diag.UnknownCode, "code: %q is not a code of the catalogue (errcat codes lists them)", s))
			}
			code = s
		}
	}
	if f, ok := need("class"); ok {
		if s, ok := str(f); ok {
			if known != nil {
				if want := cat.Classes[known.Class].Name; s != want {
					errs.Add(diag.Errorf(f.pos, diag.BadValue, "class: %q is not the class of code %s (want %q)", s, code, want))
				}
			} else if !slices.Contains(classNames(cat), s) {
				errs.Add(diag.Errorf(f.pos, diag.UnknownClass, "class: %q is not a class of the catalogue (want %s)", s, orList(classNames(cat))))
			}
			class = s
		}
	}
	if f, ok := need("rule"); ok {
		if s, ok := str(f); ok {
			var r *tables.Rule
			for i := range cat.Rules {
				if cat.Rules[i].ID == s {
					r = &cat.Rules[i]
				}
			}
			switch {
			case r == nil:
				errs.Add(diag.Errorf(f.pos, diag.UnknownRule, "rule: %q is not a rule of the catalogue", s))
			case known != nil && cat.Codes[r.Code].Name != code:
				errs.Add(diag.Errorf(f.pos, diag.BadValue, "rule: %s gives code %s, not %s", s, cat.Codes[r.Code].Name, code))
			}
			rule = s
		}
	}
	return code, class, rule
}

// orList quotes words and joins them as "a", "b" or "c".
func orList(words []string) string {
	s := ""
	for i, w := range words {
		switch {
		case i == 0:
		case i == len(words)-1:
			s += " or "
		default:
			s += ", "
		}
		s += fmt.Sprintf("%q", w)
	}
	return s
}
