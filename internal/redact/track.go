package redact

// track follows a few input offsets through a rewrite of a text, so that
// Excerpt can find its match again after the text around it has been
// cleaned and redacted. A nil *track records nothing.
//
// Each offset is resolved by the first call that covers it, and rewrites
// report spans in increasing order, so each offset is set once.
type track struct {
	in, out []int
}

func newTrack(in ...int) *track {
	t := &track{in: in, out: make([]int, len(in))}
	for k := range t.out {
		t.out[k] = -1
	}
	return t
}

// kept records that input [lo, hi) was copied unchanged to output offset at.
func (t *track) kept(lo, hi, at int) {
	if t == nil {
		return
	}
	for k, p := range t.in {
		if t.out[k] < 0 && lo <= p && p < hi {
			t.out[k] = at + p - lo
		}
	}
}

// replaced records that input [lo, hi) became output [olo, ohi): its first
// offset maps to olo and the offsets inside it to ohi, so that a position
// inside a removed or redacted span never points into the replacement.
func (t *track) replaced(lo, hi, olo, ohi int) {
	if t == nil {
		return
	}
	for k, p := range t.in {
		switch {
		case t.out[k] >= 0 || p < lo || p >= hi:
		case p == lo:
			t.out[k] = olo
		default:
			t.out[k] = ohi
		}
	}
}
