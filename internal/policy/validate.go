package policy

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Kinds of FieldError, so that a loader with positions can point at the
// key (unknown names) or at the enclosing mapping (missing fields) rather
// than at a value.
const (
	KindUnknownField = "unknown_field" // Path names a field that does not exist
	KindUnknownClass = "unknown_class" // Path names a class the catalogue does not declare
	KindMissingField = "missing_field" // Path names a required field that is absent
	KindBadValue     = "bad_value"     // Path names a value out of range or of the wrong form
)

// FieldError is one problem of a policy, at a dotted field path such as
// "transient.retry.max_retries".
type FieldError struct {
	Path string
	Kind string
	Msg  string
}

func (e *FieldError) Error() string {
	if e.Path == "" {
		return e.Msg
	}
	return e.Path + ": " + e.Msg
}

// Errors is every problem of a policy, sorted by path.
type Errors []*FieldError

func (l Errors) Error() string {
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}

func (l *Errors) add(path, kind, format string, args ...any) {
	*l = append(*l, &FieldError{Path: path, Kind: kind, Msg: fmt.Sprintf(format, args...)})
}

func (l Errors) err() error {
	if len(l) == 0 {
		return nil
	}
	sort.SliceStable(l, func(i, j int) bool { return l[i].Path < l[j].Path })
	return l
}

var className = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// Validate checks the version, every section's ranges, and, when classes
// are given, that each section names one of them (the catalogue's
// classes). It returns Errors, or nil.
func (p Policy) Validate(classes ...string) error {
	var errs Errors
	if p.Version != Version {
		errs.add("version", KindBadValue, "unsupported version %d (want %d)", p.Version, Version)
	}
	for _, name := range sortedKeys(p.Classes) {
		switch {
		case name == "unclassified":
			errs.add(name, KindUnknownClass, "unclassified takes no section: it always stops")
			continue
		case !className.MatchString(name):
			errs.add(name, KindUnknownClass, "bad class name %q", name)
			continue
		case len(classes) > 0 && !contains(classes, name):
			sorted := append([]string(nil), classes...)
			sort.Strings(sorted)
			errs.add(name, KindUnknownClass, "unknown class %q (the catalogue declares %s)", name, strings.Join(sorted, ", "))
			continue
		}
		p.Classes[name].validate(name, &errs)
	}
	return errs.err()
}

func (s Section) validate(path string, errs *Errors) {
	r := s.Retry
	if r.Enabled {
		if r.MaxRetries < 1 || r.MaxRetries > MaxRetriesLimit {
			errs.add(path+".retry.max_retries", KindBadValue, "%d is out of range (1 to %d when retry is enabled)", r.MaxRetries, MaxRetriesLimit)
		}
		checkRange(errs, path+".retry.initial_interval", r.InitialInterval, MinInitialInterval, MaxInitialInterval, "retry")
	} else {
		if r.MaxRetries != 0 {
			errs.add(path+".retry.max_retries", KindBadValue, "must be 0 or absent when retry is disabled")
		}
		if r.InitialInterval != 0 {
			errs.add(path+".retry.initial_interval", KindBadValue, "must be absent when retry is disabled")
		}
	}
	w := s.WaitForReset
	if w.Enabled {
		checkRange(errs, path+".wait_for_reset.max_wait", w.MaxWait, MinMaxWait, MaxMaxWait, "wait_for_reset")
	} else if w.MaxWait != 0 {
		errs.add(path+".wait_for_reset.max_wait", KindBadValue, "must be absent when wait_for_reset is disabled")
	}
	switch s.OnExhausted {
	case OnExhaustedSkip, OnExhaustedStop:
	case "":
		errs.add(path+".on_exhausted", KindMissingField, "missing (skip or stop)")
	default:
		errs.add(path+".on_exhausted", KindBadValue, "%q is not skip or stop", string(s.OnExhausted))
	}
}

func checkRange(errs *Errors, path string, d Duration, lo, hi time.Duration, section string) {
	if time.Duration(d) < lo || time.Duration(d) > hi {
		errs.add(path, KindBadValue, "%s is out of range (%s to %s when %s is enabled)", d, FormatDuration(lo), FormatDuration(hi), section)
	}
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
