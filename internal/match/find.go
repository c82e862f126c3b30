package match

import (
	"strings"

	"github.com/errcat/errcat/internal/match/regex"
)

// places appends to buf, in increasing order, every offset of rec where a
// match can begin. all reports that a match may begin anywhere, or at too
// many places to try one by one.
func places(f *regex.Fast, t *recText, buf []int, lk *lookup) (pos []int, all bool) {
	rec := t.s
	pos = buf
	startOnly := lk.gateShut()
	alts := f.Alts()
	for i := range alts {
		a := &alts[i]
		if startOnly && !a.Start {
			continue
		}
		ap := lk.alt(i)
		if len(a.Triggers) > 0 && !lk.anyOf(t, a.Triggers, ap.triggers()) || !hasAlso(a, t, ap, lk) {
			continue
		}
		switch {
		case a.Start:
			if a.StartsHere(rec) {
				if len(pos) == cap(pos) {
					return nil, true
				}
				pos = append(pos, 0)
			}
		case a.Lead == nil:
			return nil, true
		default:
			for k, l := range a.Lead {
				var ok bool
				if pos, ok = leadPlaces(a, t, l, ap.leadPattern(k), lk, pos); !ok {
					return nil, true
				}
			}
		}
	}
	// Insertion sort: a few places, mostly in order already.
	for i := 1; i < len(pos); i++ {
		for j := i; j > 0 && pos[j] < pos[j-1]; j-- {
			pos[j], pos[j-1] = pos[j-1], pos[j]
		}
	}
	out := pos[:0]
	for i, p := range pos {
		if i == 0 || p != pos[i-1] {
			out = append(out, p)
		}
	}
	return out, false
}

// hasAlso reports whether one literal of each of a's Also sets occurs in
// t.
func hasAlso(a *regex.Alt, t *recText, ap *altPats, lk *lookup) bool {
	for k, set := range a.Also {
		if !lk.anyOf(t, set, ap.alsoPatterns(k)) {
			return false
		}
	}
	return true
}

// leadPlaces appends where lead string l occurs in rec, found through the
// automaton's hits when p is its pattern; ok is false when pos is full.
// With Word, an occurrence inside a word is no place: the match begins
// with \b.
func leadPlaces(a *regex.Alt, t *recText, l string, p int32, lk *lookup, pos []int) (_ []int, ok bool) {
	rec := t.s
	add := func(at int) bool {
		if a.Word && at > 0 && isWordByte(rec[at-1]) {
			return true
		}
		if len(pos) == cap(pos) {
			return false
		}
		pos = append(pos, at)
		return true
	}
	if p >= 0 {
		h := lk.hits
		if h.stamp[p] != h.gen {
			return pos, true
		}
		for i := h.head[p]; i >= 0; i = h.ends[i].prev {
			e := int(h.ends[i].end)
			if h.endsAt(rec, l, p, e) && !add(e-len(l)) {
				return nil, false
			}
		}
		return pos, true
	}
	low := t.lower()
	for from := 0; ; {
		j := strings.Index(low[from:], l)
		if j < 0 {
			return pos, true
		}
		if !add(from + j) {
			return nil, false
		}
		from += j + 1
	}
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// find returns the leftmost match of r in t, as r.re.FindStringIndex
// would, if it begins before offset before: a caller that already has a
// match there needs none that begins later. The record must have been
// through foldSpecial. lk, if not nil, finds the lead strings of a rule's
// branch.
func (r *pattern) find(t *recText, lk *lookup, before int) (start, end int, found bool) {
	if f := r.fast; f != nil && f.Ready() {
		var buf [regex.MaxPlaces]int
		pos, all := places(f, t, buf[:0], lk)
		if !all {
			for _, p := range pos {
				if p >= before {
					break
				}
				if prog := f.Prog(); prog != nil {
					if end, matched, done := regex.RunAt(prog, t.forRegex(f), p, nil); done {
						if matched {
							return p, end, true
						}
						continue
					}
				}
				re, sub, off, ok := f.At(t.forRegex(f), p)
				if !ok {
					goto slow
				}
				if loc := re.FindStringIndex(sub); loc != nil {
					return p, off + loc[1], true
				}
			}
			return 0, 0, false
		}
	}
slow:
	if loc := r.c.Regexp().FindStringIndex(t.s); loc != nil && loc[0] < before {
		return loc[0], loc[1], true
	}
	return 0, 0, false
}

// findSubmatch is FindStringSubmatchIndex, found as find finds. What the
// engine finds itself goes in dst when it is large enough.
func (r *pattern) findSubmatch(t *recText, lk *lookup, dst []int) []int {
	if f := r.fast; f != nil && f.Ready() {
		var buf [regex.MaxPlaces]int
		pos, all := places(f, t, buf[:0], lk)
		if !all {
			for _, p := range pos {
				if f.Prog() != nil {
					if m, matched, done := f.SubmatchAt(t.forRegex(f), p, dst); done {
						if matched {
							return m
						}
						continue
					}
				}
				re, sub, off, ok := f.At(t.forRegex(f), p)
				if !ok {
					goto slow
				}
				if m := re.FindStringSubmatchIndex(sub); m != nil {
					m[0] = p
					m[1] += off
					for i := 2; i < len(m); i++ {
						if m[i] >= 0 {
							m[i] += off
						}
					}
					return m
				}
			}
			return nil
		}
	}
slow:
	return r.c.Regexp().FindStringSubmatchIndex(t.s)
}

// forRegex returns the text f runs on: the record, or its lowered copy.
func (t *recText) forRegex(f *regex.Fast) string {
	if f.Low() {
		return t.lower()
	}
	return t.s
}
