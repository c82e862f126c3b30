package explain

import (
	"strconv"

	"github.com/errcat/errcat/internal/collide"
	"github.com/errcat/errcat/internal/hint"
	"github.com/errcat/errcat/internal/tables"
)

// RuleView is what errcat explain RULE-ID shows.
type RuleView struct {
	Kind string `json:"kind"` // "rule"
	RuleRef
	Class      string    `json:"class"`
	Confidence string    `json:"confidence"`
	Scope      string    `json:"scope,omitempty"` // the rule's own, else its code's
	Match      []Matcher `json:"match"`
	Not        []Matcher `json:"not,omitempty"`
	Hints      []Hint    `json:"hints"`
	// Indexed is false for a rule with text matchers and no trigger, which
	// the engine runs on every record (errcat check's unindexed warning).
	Indexed  bool     `json:"indexed"`
	Triggers []string `json:"triggers"`
	// Overrides lists the rules this one beats on a tie, by its overrides.
	Overrides   []string  `json:"overrides"`
	Outranks    Ranked    `json:"outranks"`
	OutrankedBy Ranked    `json:"outranked_by"`
	Ties        Ranked    `json:"ties"`
	Fixtures    []Fixture `json:"fixtures"`
	// CatalogueVersion is the compiled catalogue's ID.
	CatalogueVersion string `json:"catalogue_version"`
}

// Matcher is one matcher of a condition, any of whose values satisfies it.
type Matcher struct {
	// Kind is the catalogue's key: provider, status, exit_code, signal,
	// header, json, exact, contains or regex.
	Kind string `json:"kind"`
	// Field is the header name or JSON path, for header and json.
	Field string `json:"field,omitempty"`
	// Test, for header and json, is equal, regex or present.
	Test          string   `json:"test,omitempty"`
	Values        []string `json:"values,omitempty"`
	CaseSensitive bool     `json:"case_sensitive,omitempty"` // contains only
}

// Hint is one place the rule reads a timing hint or token counts from.
type Hint struct {
	Want  string `json:"want"` // "time" or "tokens"
	From  string `json:"from"` // header, json or text
	Key   string `json:"key,omitempty"`
	Regex string `json:"regex,omitempty"`
	Unit  string `json:"unit,omitempty"` // how a bare number reads, for time
}

// Rule explains rule i.
func (x *Explainer) Rule(i int) RuleView {
	r := &x.cat.Rules[i]
	code := &x.cat.Codes[r.Code]
	scope := r.Scope
	if scope == "" {
		scope = code.Scope
	}
	v := RuleView{
		Kind: "rule", RuleRef: x.ref(i), Class: x.cat.Classes[code.Class].Name,
		Confidence: r.Confidence.String(), Scope: scope, Match: matchers(&r.Match),
		Hints: []Hint{}, Indexed: !collide.IsUnindexed(r), Triggers: append([]string{}, r.Triggers...),
		Overrides: []string{}, Fixtures: x.fixtures(i), CatalogueVersion: x.cat.ID,
	}
	if r.Not != nil {
		v.Not = matchers(r.Not)
	}
	for _, h := range r.Hints {
		v.Hints = append(v.Hints, hintOf(h))
	}
	for _, j := range r.Overrides {
		v.Overrides = append(v.Overrides, x.cat.Rules[j].ID)
	}
	s := x.Standing(i)
	v.Outranks, v.OutrankedBy, v.Ties = x.capped(s.Outranks), x.capped(s.OutrankedBy), x.capped(s.Ties)
	return v
}

func matchers(c *tables.Cond) []Matcher {
	out := []Matcher{}
	if len(c.Providers) > 0 {
		out = append(out, Matcher{Kind: "provider", Values: c.Providers})
	}
	if len(c.Status) > 0 {
		vs := make([]string, len(c.Status))
		for i, s := range c.Status {
			vs[i] = s.String()
		}
		out = append(out, Matcher{Kind: "status", Values: vs})
	}
	if len(c.ExitCodes) > 0 {
		vs := make([]string, len(c.ExitCodes))
		for i, n := range c.ExitCodes {
			vs[i] = strconv.Itoa(n)
		}
		out = append(out, Matcher{Kind: "exit_code", Values: vs})
	}
	if len(c.Signals) > 0 {
		out = append(out, Matcher{Kind: "signal", Values: c.Signals})
	}
	for _, f := range c.Headers {
		out = append(out, field("header", f))
	}
	for _, f := range c.JSON {
		out = append(out, field("json", f))
	}
	if len(c.Exact) > 0 {
		out = append(out, Matcher{Kind: "exact", Values: c.Exact})
	}
	if len(c.Contains) > 0 {
		out = append(out, Matcher{Kind: "contains", Values: c.Contains, CaseSensitive: c.CaseSensitive})
	}
	if len(c.Regex) > 0 {
		vs := make([]string, len(c.Regex))
		for i, re := range c.Regex {
			vs[i] = re.Src
		}
		out = append(out, Matcher{Kind: "regex", Values: vs})
	}
	return out
}

func field(kind string, f tables.FieldTest) Matcher {
	m := Matcher{Kind: kind, Field: f.Name}
	switch f.Kind {
	case tables.Equal:
		m.Test, m.Values = "equal", f.Values
	case tables.Match:
		m.Test, m.Values = "regex", []string{f.Re.Src}
	case tables.Present:
		m.Test = "present"
	}
	return m
}

// unitNames are hint.Unit's values as a rule's extract spells them.
var unitNames = map[uint8]string{uint8(hint.Seconds): "s", uint8(hint.Millis): "ms", uint8(hint.Epoch): "epoch"}

func hintOf(h tables.HintSource) Hint {
	out := Hint{Want: "time", Key: h.Key}
	if h.Want == tables.WantTokens {
		out.Want = "tokens"
	} else {
		out.Unit = unitNames[h.Unit]
	}
	switch h.From {
	case tables.FromHeader:
		out.From = "header"
	case tables.FromJSON:
		out.From = "json"
	case tables.FromText:
		out.From = "text"
	}
	if h.Re != nil {
		out.Regex = h.Re.Src
	}
	return out
}
