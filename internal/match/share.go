package match

import "slices"

// A catalogue repeats patterns. Tables from the compiler, and the
// generated package's, share one *Regex per source; but equal patterns can
// still come as separate objects (alternatives split out of the same
// pattern on two rules, tables built by hand), and New would compile each
// and give each its own search state. New compiles each distinct pattern
// once and lets the copies share it, so that a scan's answers kept per
// pattern (memo.go) are shared too. A pattern already compiled is left as
// it is: tables are not to change under an engine built on them.
type sharer map[string]*Regex

// prepare compiles r, or gives it the compiled form of an equal pattern.
func (sh sharer) prepare(r *Regex) error {
	p := sh[r.Src]
	switch {
	case r.c != nil:
	case p != nil && equalAlts(p.Alts, r.Alts):
		r.c, r.fast = p.c, p.fast
	default:
		if err := r.Prepare(); err != nil {
			return err
		}
	}
	if p == nil {
		sh[r.Src] = r
	}
	return nil
}

func equalAlts(a, b []Alt) bool {
	return slices.EqualFunc(a, b, func(x, y Alt) bool {
		return x.Start == y.Start && x.Skip == y.Skip && x.Word == y.Word &&
			slices.Equal(x.Triggers, y.Triggers) && slices.Equal(x.Lead, y.Lead)
	})
}
