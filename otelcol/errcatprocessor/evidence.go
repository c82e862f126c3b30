package errcatprocessor

import (
	"strconv"
	"strings"

	"go.opentelemetry.io/collector/pdata/pcommon"
	"go.opentelemetry.io/collector/pdata/plog"

	"github.com/errcat/errcat/internal/match"
)

// signs are what a record shows of a failure besides its text: they make it
// failure-looking when no rule classifies it.
type signs struct {
	severity  plog.SeverityNumber
	exception bool
	status    int
	exitCode  *int
}

// failed reports whether the record looks like a failure on its face: an
// error severity, an exception, an HTTP error status or a non-zero exit.
func (s signs) failed() bool {
	return s.severity >= plog.SeverityNumberError || s.exception || s.status >= 400 ||
		(s.exitCode != nil && *s.exitCode != 0)
}

// severityOf is a record's severity number, or, when the record has none,
// the number its severity text names.
func severityOf(lr plog.LogRecord) plog.SeverityNumber {
	if n := lr.SeverityNumber(); n != plog.SeverityNumberUnspecified {
		return n
	}
	if t := lr.SeverityText(); t != "" {
		if n, ok := severityNumber(t); ok {
			return n
		}
	}
	return plog.SeverityNumberUnspecified
}

// evidence builds what the engine reads from a record: its body and its
// exception as text (one record each), the HTTP status and response
// headers, the exit code, the provider and model.
func (p *logProcessor) evidence(lr plog.LogRecord, sev plog.SeverityNumber) (match.Evidence, signs) {
	var ev match.Evidence
	sg := signs{severity: sev}
	attrs := lr.Attributes()
	r := &p.cfg.Read

	body := bodyText(lr.Body())
	var exc []string
	if t, m := str(attrs, r.ExceptionType), str(attrs, r.ExceptionMessage); t != "" || m != "" {
		sg.exception = true
		switch {
		case t != "" && m != "":
			exc = append(exc, t+": "+m)
		case t != "":
			exc = append(exc, t)
		default:
			exc = append(exc, m)
		}
	}
	if st := str(attrs, r.ExceptionStacktrace); st != "" {
		sg.exception = true
		exc = append(exc, st)
	}
	switch {
	case len(exc) == 0:
		ev.Text = body
	case body == "":
		ev.Text = strings.Join(exc, "\n")
	default:
		ev.Text = body + "\n" + strings.Join(exc, "\n")
	}

	if n, ok := integer(attrs, r.StatusCode); ok && n > 0 {
		sg.status = n
		ev.HTTP = &match.HTTP{Status: n}
	}
	if r.HeaderPrefix != "" {
		for k, v := range attrs.All() {
			name, ok := strings.CutPrefix(k, r.HeaderPrefix)
			if !ok || name == "" {
				continue
			}
			value, ok := headerValue(v)
			if !ok {
				continue
			}
			if ev.HTTP == nil {
				ev.HTTP = &match.HTTP{}
			}
			if ev.HTTP.Headers == nil {
				ev.HTTP.Headers = map[string]string{}
			}
			ev.HTTP.Headers[name] = value
		}
	}
	if n, ok := integer(attrs, r.ExitCode); ok {
		sg.exitCode = &n
		ev.ExitCode = &n
	}
	ev.Provider = str(attrs, r.Provider)
	ev.Model = str(attrs, r.Model)
	return ev, sg
}

// bodyText is a body as the engine reads it: a string as it is, a map or
// a list as its JSON (which json matchers read as a record), bytes as
// text. A number or a boolean says nothing a rule reads.
func bodyText(v pcommon.Value) string {
	switch v.Type() {
	case pcommon.ValueTypeStr:
		return v.Str()
	case pcommon.ValueTypeMap, pcommon.ValueTypeSlice:
		return v.AsString()
	case pcommon.ValueTypeBytes:
		return string(v.Bytes().AsRaw())
	}
	return ""
}

// str is the string value of an attribute, "" when absent or unnamed.
func str(attrs pcommon.Map, key string) string {
	if key == "" {
		return ""
	}
	v, ok := attrs.Get(key)
	if !ok {
		return ""
	}
	if v.Type() == pcommon.ValueTypeStr {
		return v.Str()
	}
	return v.AsString()
}

// integer reads an attribute holding an integer, as a number or as a
// string of digits (a status parsed from text by a log parser).
func integer(attrs pcommon.Map, key string) (int, bool) {
	if key == "" {
		return 0, false
	}
	v, ok := attrs.Get(key)
	if !ok {
		return 0, false
	}
	switch v.Type() {
	case pcommon.ValueTypeInt:
		return int(v.Int()), true
	case pcommon.ValueTypeDouble:
		f := v.Double()
		if f == float64(int(f)) {
			return int(f), true
		}
	case pcommon.ValueTypeStr:
		n, err := strconv.Atoi(strings.TrimSpace(v.Str()))
		return n, err == nil
	}
	return 0, false
}

// headerValue is a response header's value: the conventions make it a list
// of strings, of which the first counts, as of a header sent twice; a
// plain string is taken too.
func headerValue(v pcommon.Value) (string, bool) {
	switch v.Type() {
	case pcommon.ValueTypeSlice:
		if v.Slice().Len() == 0 {
			return "", false
		}
		return v.Slice().At(0).AsString(), true
	case pcommon.ValueTypeStr:
		return v.Str(), true
	case pcommon.ValueTypeInt, pcommon.ValueTypeDouble:
		return v.AsString(), true
	}
	return "", false
}
