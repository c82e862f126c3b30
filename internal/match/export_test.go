package match

// Test hooks: the anchored search against the plain one.

// FoldSpecial is foldSpecial, which every record goes through before a
// pattern sees it.
var FoldSpecial = foldSpecial

// Find is the engine's search for r's leftmost match.
func (r *Regex) Find(s string) (start, end int, ok bool) {
	t := newText(s, new(lowBuf), nil, 0)
	return r.find(&t, nil, len(s)+1)
}

// FindSubmatch is the engine's search with submatches.
func (r *Regex) FindSubmatch(s string) []int {
	t := newText(s, new(lowBuf), nil, 0)
	return r.findSubmatch(&t, nil, nil)
}

// Fast reports whether r is searched at places rather than everywhere.
func (r *Regex) Fast() bool { return r.fast != nil }
