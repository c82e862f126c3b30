package match

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/errcat/errcat/internal/tables"
)

// Finish ranks the rules that matched and returns the answer. Of an
// input in which several records failed, only the hits of the records
// that decide are ranked (verdict.go).
func (s *Scan) Finish() Classification {
	s.gatherEnd()
	cat := s.e.cat
	out := Classification{CatalogueVersion: cat.ID, Truncated: s.truncated}
	live := s.liveHits()
	if len(live) == 0 {
		out.State = Unclassified
		out.Reason = ReasonNoMatch
		if s.countLater {
			s.countLater = false
			s.countText(s.ev.Text)
			if s.hasBody {
				s.countText(s.ev.HTTP.Body)
			}
		}
		switch {
		case s.empty():
			out.Reason = ReasonEmpty
		case s.garbled():
			out.Reason = ReasonGarbled
		}
		return out
	}
	// outranks is a total order (the rule index breaks every tie), so
	// any sort gives the same order; SortFunc needs no allocation.
	slices.SortFunc(live, func(a, b *hit) int {
		if s.e.outranks(a.rule, b.rule) {
			return -1
		}
		return 1
	})

	ranked, best := s.decisive(live)

	// The top group: every hit that ranks with the best, minus those that
	// another member overrides.
	top := ranked[:1]
	for _, h := range ranked[1:] {
		if s.e.sameRank(h.rule, ranked[0].rule) {
			top = ranked[:len(top)+1]
		}
	}
	winners := s.winners[:0]
	for _, h := range top {
		if !s.overridden(h.rule, top) {
			winners = append(winners, h)
		}
	}
	s.winners = winners
	out.Candidates = make([]Candidate, len(live))
	for i, h := range live {
		out.Candidates[i] = s.e.cands[h.rule]
	}
	win := winners[0]
	conflict := false
	for _, h := range winners[1:] {
		if cat.Rules[h.rule].Code != cat.Rules[win.rule].Code {
			conflict = true
		}
	}
	out.SafeExcerpt = s.cut(win)
	r := &cat.Rules[win.rule]
	if s.opts.Explain || !conflict && r.Confidence != tables.Low {
		// Only a classified answer and an explanation show the hint.
		s.hintsLater(win)
		s.responseHint(win)
	}
	if s.opts.Explain {
		out.Explain = s.explain(live, winners, conflict, best)
	}
	switch {
	case conflict:
		out.State, out.Reason = Unclassified, ReasonConflict
		return out
	case r.Confidence == tables.Low:
		out.State, out.Reason = Unclassified, ReasonLowConfidence
		return out
	}
	code := &cat.Codes[r.Code]
	out.State = Classified
	out.Code = code.Name
	out.Class = cat.Classes[code.Class].Name
	out.Rule = r.ID
	out.Confidence = r.Confidence.String()
	out.Scope = code.Scope
	if r.Scope != "" {
		out.Scope = r.Scope
	}
	out.Unblock = code.Unblock
	if win.hasHint {
		secs := math.Round(win.after.Seconds()*1000) / 1000
		out.RetryAfterSeconds = &secs
		out.ResetAt = s.reset.text(ceilSecond(win.at))
	} else {
		out.ResetText = win.resetText
	}
	if win.hasTokens {
		out.TokensRequested, out.TokensLimit = win.tokReq, win.tokLimit
	}
	out.ShouldRetry = s.shouldRetry()
	return out
}

// liveHits returns the hits whose rule still stands, in a buffer the
// scan reuses.
func (s *Scan) liveHits() []*hit {
	live := s.live[:0]
	for i := range s.hits {
		if st := s.state[s.hits[i].rule]; st == stMatched || st == stRecorded {
			live = append(live, &s.hits[i])
		}
	}
	s.live = live
	return live
}

// empty reports whether the evidence said nothing at all.
func (s *Scan) empty() bool {
	ev := &s.ev
	return !s.sawText && ev.HTTP == nil && ev.ExitCode == nil && ev.Signal == ""
}

// Rank returns the rank of the candidate's rule.
func (c Candidate) Rank() tables.Rank {
	return tables.Rank{Tier: tables.TierNamed(c.Tier), Priority: c.Priority}
}

// outranks orders rules totally: rank, then confidence, then id. Rules
// are sorted by id in the tables, so the index breaks the last tie.
func (e *Engine) outranks(a, b int) bool {
	ra, rb := &e.cat.Rules[a], &e.cat.Rules[b]
	if c := ra.Rank().Compare(rb.Rank()); c != 0 {
		return c > 0
	}
	if ra.Confidence != rb.Confidence {
		return ra.Confidence > rb.Confidence
	}
	return a < b
}

// Outranks reports whether candidate c ranks above o.
func (c Candidate) Outranks(o Candidate) bool { return c.Rank().Compare(o.Rank()) > 0 }

func (e *Engine) sameRank(a, b int) bool {
	return e.cat.Rules[a].Rank().Compare(e.cat.Rules[b].Rank()) == 0
}

func (s *Scan) overridden(rule int, group []*hit) bool {
	for _, h := range group {
		if intIn(s.e.cat.Rules[h.rule].Overrides, rule) {
			return true
		}
	}
	return false
}

// candidates renders every rule as a Candidate, once: an answer lists
// every rule that matched, and building each entry from the tables cost
// more than copying it.
func candidates(c *tables.Catalogue) []Candidate {
	out := make([]Candidate, len(c.Rules))
	for i := range c.Rules {
		r := &c.Rules[i]
		code := &c.Codes[r.Code]
		out[i] = Candidate{
			Rule:       r.ID,
			Code:       code.Name,
			Class:      c.Classes[code.Class].Name,
			Tier:       r.Tier.String(),
			Priority:   r.Priority,
			Confidence: r.Confidence.String(),
		}
	}
	return out
}

// explain says where each candidate matched and why each loser lost;
// best is the standing of the records that decide.
func (s *Scan) explain(live, winners []*hit, conflict bool, best uint8) *Explain {
	cat := s.e.cat
	ex := &Explain{}
	win := winners[0]
	for _, h := range live {
		r := &cat.Rules[h.rule]
		note := MatchNote{
			Rule:    r.ID,
			Source:  fmt.Sprintf("%s:%d", r.File, r.Line),
			Matcher: describeCond(&r.Match, h.sp),
			Record:  h.line,
			In:      h.in,
			Offset:  h.sp.start,
			Excerpt: s.cut(h),
		}
		if r.File == "" {
			note.Source = ""
		}
		note.Outcome = s.outcome(h, win, winners, conflict, best)
		ex.Matches = append(ex.Matches, note)
		ex.Hints = append(ex.Hints, h.hintNotes...)
	}
	ex.Records = s.recordNotes(live, best)
	return ex
}

func (s *Scan) outcome(h, win *hit, winners []*hit, conflict bool, best uint8) string {
	cat := s.e.cat
	if st := h.read.standing; st > 0 && st < best {
		return s.discounted(h, decider(s.live, best))
	}
	r, w := &cat.Rules[h.rule], &cat.Rules[win.rule]
	inWinners := false
	for _, x := range winners {
		inWinners = inWinners || x == h
	}
	switch {
	case conflict && inWinners:
		var others []string
		for _, x := range winners {
			if x != h && cat.Rules[x.rule].Code != r.Code {
				others = append(others, cat.Rules[x.rule].ID)
			}
		}
		return "conflict: ranks equal with " + strings.Join(others, ", ") + " and names another code"
	case h == win && r.Confidence == tables.Low:
		return "won, but its confidence is low"
	case h == win:
		return "won"
	case inWinners:
		return fmt.Sprintf("tie with %s on the same code; lost on confidence or rule id", w.ID)
	case r.Tier < w.Tier:
		return fmt.Sprintf("lower tier (%s < %s of %s)", r.Tier, w.Tier, w.ID)
	case r.Priority < w.Priority:
		return fmt.Sprintf("lower priority (%d < %d of %s)", r.Priority, w.Priority, w.ID)
	}
	return OverriddenBy(w.ID)
}

// OverriddenBy is the outcome an explanation gives a rule of the top
// group that lost to the winner, rule id, because an overrides entry took
// it out of the group (the winner's own, or another member's).
func OverriddenBy(id string) string { return "overridden by " + id }

// resetText is the last reset time a scan's answers gave, and its text.
// A burst of calls that a provider limits is told to come back at the
// same second, and formatting the time costs more than the rest of
// reading the hint; a scan keeps the text, which is immutable, for the
// next answer with the same reset.
type resetText struct {
	at time.Time
	s  string
}

// text returns at, a whole second in UTC, as RFC 3339.
func (r *resetText) text(at time.Time) string {
	if r.s == "" || !r.at.Equal(at) {
		r.at, r.s = at, at.Format(time.RFC3339)
	}
	return r.s
}

// ceilSecond rounds a reset time up to the whole second, so a caller that
// waits until reset_at never comes back early.
func ceilSecond(t time.Time) time.Time {
	t = t.UTC()
	if s := t.Truncate(time.Second); s.Before(t) {
		return s.Add(time.Second)
	}
	return t
}
