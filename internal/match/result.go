package match

import "strings"

// States and reasons of a Classification. Unclassified is an answer, and the
// reason says which kind, because a caller may want to log a conflict louder
// than a plain miss.
const (
	Classified   = "classified"
	Unclassified = "unclassified"

	ReasonNoMatch       = "no_match"
	ReasonLowConfidence = "low_confidence"
	ReasonConflict      = "conflict"
	ReasonEmpty         = "empty"
	ReasonGarbled       = "garbled" // no match in text that is binary or garbled (garbled.go)
)

// Classification is the engine's answer. Its JSON form is errcat's output
// contract: field order is fixed, and every field that comes from the
// evidence (SafeExcerpt, Explain) is sanitised first.
type Classification struct {
	State             string      `json:"state"`
	Code              string      `json:"code,omitempty"`
	Class             string      `json:"class,omitempty"`
	Rule              string      `json:"rule,omitempty"`
	Confidence        string      `json:"confidence,omitempty"`
	Scope             string      `json:"scope,omitempty"`
	Unblock           string      `json:"unblock,omitempty"`
	CatalogueVersion  string      `json:"catalogue_version"`
	RetryAfterSeconds *float64    `json:"retry_after_seconds,omitempty"`
	ResetAt           string      `json:"reset_at,omitempty"`
	ResetText         string      `json:"reset_text,omitempty"`       // a stated reset no clock reads; never with ResetAt
	ShouldRetry       *bool       `json:"should_retry,omitempty"`     // the server's x-should-retry
	TokensRequested   int         `json:"tokens_requested,omitempty"` // a context-window failure's tokens asked for
	TokensLimit       int         `json:"tokens_limit,omitempty"`     // and the window it did not fit
	SafeExcerpt       string      `json:"safe_excerpt,omitempty"`
	Reason            string      `json:"reason,omitempty"`
	Truncated         bool        `json:"truncated,omitempty"`
	Candidates        []Candidate `json:"candidates,omitempty"`
	Explain           *Explain    `json:"explain,omitempty"`
}

// Candidate is a rule that matched, whether or not it won.
type Candidate struct {
	Rule       string `json:"rule"`
	Code       string `json:"code"`
	Class      string `json:"class"`
	Tier       string `json:"tier"`
	Priority   int    `json:"priority"`
	Confidence string `json:"confidence"`
}

// Explain says why the answer is what it is: where each candidate matched,
// why the losers lost, and what happened to timing hints. Records is set
// when several records failed: what each one reads on its own, and which
// of them decide (verdict.go).
type Explain struct {
	Matches []MatchNote  `json:"matches,omitempty"`
	Hints   []HintNote   `json:"hints,omitempty"`
	Records []RecordNote `json:"records,omitempty"`
}

// MatchNote locates one candidate's match.
type MatchNote struct {
	Rule    string `json:"rule"`
	Source  string `json:"source,omitempty"`  // file:line of the rule
	Matcher string `json:"matcher"`           // e.g. `status 429`, `regex "(?i)quota"`
	Record  int    `json:"record,omitempty"`  // 1-based line of the record in the text; 0 for the body or structured-only
	In      string `json:"in,omitempty"`      // "text" or "body"
	Offset  int    `json:"offset,omitempty"`  // byte offset of the match inside the record
	Outcome string `json:"outcome"`           // "won", or why it lost
	Excerpt string `json:"excerpt,omitempty"` // sanitised
}

// RecordNote is what one failing record reads on its own.
type RecordNote struct {
	Record  int    `json:"record"`            // 1-based line; 0 for the body
	In      string `json:"in"`                // "text" or "body"
	Class   string `json:"class"`             // the class its top rules give, the safest of a tie
	Rule    string `json:"rule"`              // the top rule of that class
	Retried string `json:"retried,omitempty"` // the marker by which the program says it retries
	Outcome string `json:"outcome"`           // "decides", or why it does not
}

// HintNote reports a timing hint that was found, kept or dropped.
type HintNote struct {
	Rule   string `json:"rule"`
	Source string `json:"source"`
	Value  string `json:"value,omitempty"` // sanitised
	Kept   bool   `json:"kept"`
	Why    string `json:"why,omitempty"`
}

// detach copies the strings of c that may be pieces of the record it
// answers for (an excerpt of plain text is the text itself), so that c
// outlives a record the bulk path read in place.
func (c *Classification) detach() {
	c.SafeExcerpt = strings.Clone(c.SafeExcerpt)
	c.ResetText = strings.Clone(c.ResetText)
	if c.Explain == nil {
		return
	}
	for i := range c.Explain.Matches {
		c.Explain.Matches[i].Excerpt = strings.Clone(c.Explain.Matches[i].Excerpt)
	}
	for i := range c.Explain.Hints {
		c.Explain.Hints[i].Value = strings.Clone(c.Explain.Hints[i].Value)
	}
}
