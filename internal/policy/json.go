package policy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// ParseJSON reads a policy from JSON, the same document as the YAML form:
//
//	{"version": 1,
//	 "transient": {"retry": {"enabled": true, "max_retries": 3, "initial_interval": "5s"},
//	               "wait_for_reset": {"enabled": true, "max_wait": "5m"},
//	               "on_exhausted": "skip"}}
//
// Unknown fields, missing sections and values out of range are errors
// (Errors, with field paths). Classes are checked against the given
// names when there are any.
func ParseJSON(data []byte, classes ...string) (Policy, error) {
	var errs Errors
	p := parse(data, &errs)
	// Validate what could be read too, so that every problem shows at
	// once; a field that could not be read, or whose parent could not,
	// has said its piece.
	unread := func(path string) bool {
		for _, e := range errs {
			if e.Path == "" || path == e.Path || strings.HasPrefix(path, e.Path+".") {
				return true
			}
		}
		return false
	}
	var verrs Errors
	if errors.As(p.Validate(classes...), &verrs) {
		for _, e := range verrs {
			if !unread(e.Path) {
				errs = append(errs, e)
			}
		}
	}
	if len(errs) > 0 {
		return Policy{}, errs.err()
	}
	return p, nil
}

// UnmarshalJSON reads and validates a policy as ParseJSON does, without
// checking class names against a catalogue.
func (p *Policy) UnmarshalJSON(data []byte) error {
	v, err := ParseJSON(data)
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// MarshalJSON writes the document ParseJSON reads, classes in name order.
func (p Policy) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"version":%d`, p.Version)
	for _, name := range sortedKeys(p.Classes) {
		k, _ := json.Marshal(name)
		v, err := json.Marshal(p.Classes[name])
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, ",%s:%s", k, v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func parse(data []byte, errs *Errors) Policy {
	var p Policy
	top, ok := object(data, "", errs)
	if !ok {
		return p
	}
	if raw, ok := top["version"]; !ok {
		errs.add("version", KindMissingField, "missing")
	} else if err := json.Unmarshal(raw, &p.Version); err != nil {
		errs.add("version", KindBadValue, "want an integer")
	}
	delete(top, "version")
	for _, name := range sortedKeys(top) {
		if p.Classes == nil {
			p.Classes = map[string]Section{}
		}
		p.Classes[name] = parseSection(top[name], name, errs)
	}
	return p
}

func parseSection(data []byte, path string, errs *Errors) Section {
	var s Section
	m, ok := object(data, path, errs)
	if !ok {
		return s
	}
	fields(m, path, errs, "retry", "wait_for_reset", "on_exhausted")
	if raw, ok := m["retry"]; ok {
		rm, ok := object(raw, path+".retry", errs)
		if ok {
			fields(rm, path+".retry", errs, "enabled", "max_retries", "initial_interval")
			need(rm, path+".retry", errs, "enabled")
			value(rm, path+".retry", "enabled", &s.Retry.Enabled, "want true or false", errs)
			value(rm, path+".retry", "max_retries", &s.Retry.MaxRetries, "want an integer", errs)
			value(rm, path+".retry", "initial_interval", &s.Retry.InitialInterval, "", errs)
		}
	}
	if raw, ok := m["wait_for_reset"]; ok {
		wm, ok := object(raw, path+".wait_for_reset", errs)
		if ok {
			fields(wm, path+".wait_for_reset", errs, "enabled", "max_wait")
			need(wm, path+".wait_for_reset", errs, "enabled")
			value(wm, path+".wait_for_reset", "enabled", &s.WaitForReset.Enabled, "want true or false", errs)
			value(wm, path+".wait_for_reset", "max_wait", &s.WaitForReset.MaxWait, "", errs)
		}
	}
	need(m, path, errs, "retry", "wait_for_reset", "on_exhausted")
	value(m, path, "on_exhausted", &s.OnExhausted, "want skip or stop", errs)
	return s
}

// object decodes one JSON object into its raw fields.
func object(data []byte, path string, errs *Errors) (map[string]json.RawMessage, bool) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil || m == nil {
		msg := "want an object"
		var se *json.SyntaxError
		if errors.As(err, &se) {
			msg = fmt.Sprintf("not JSON: %v (at byte %d)", se, se.Offset)
		}
		errs.add(path, KindBadValue, "%s", msg)
		return nil, false
	}
	return m, true
}

func fields(m map[string]json.RawMessage, path string, errs *Errors, known ...string) {
	for _, k := range sortedKeys(m) {
		if !contains(known, k) {
			errs.add(path+"."+k, KindUnknownField, "unknown field")
		}
	}
}

func need(m map[string]json.RawMessage, path string, errs *Errors, required ...string) {
	for _, k := range required {
		if _, ok := m[k]; !ok {
			errs.add(path+"."+k, KindMissingField, "missing")
		}
	}
}

func value(m map[string]json.RawMessage, path, key string, dst any, msg string, errs *Errors) {
	raw, ok := m[key]
	if !ok {
		return
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		if msg == "" {
			msg = err.Error()
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				msg = "want a duration string such as 30s, 5m or 1h30m"
			}
		}
		errs.add(path+"."+key, KindBadValue, "%s", msg)
	}
}
