package redact

import "unicode/utf8"

const (
	// defaultMax is Excerpt's length bound when the caller gives none.
	defaultMax = 240
	// ellipsis marks where an excerpt was cut. It counts against max.
	ellipsis = "…"
	// widen is how far an edge of the raw context may move outwards to
	// reach a break between tokens.
	widen = 256
	// guard is how much sanitised context, beyond what is shown, must
	// precede and follow the shown text. Rules such as "Authorization:
	// Basic X" or "password = X" find a secret from a keyword a few bytes
	// before it; with the keyword cut off, the value would look like any
	// other word. Text closer than guard to a cut edge of the context is
	// therefore never shown, only used for detection.
	guard = 64
)

// Excerpt returns at most max bytes of sanitised text from s around the
// byte span [start, end), typically a match that classified the evidence.
// When s does not fit, the excerpt is centred on the span, cut on UTF-8
// rune boundaries and never inside a "[redacted:KIND]" marker, and "…"
// marks each side where text was cut (the marks count towards max).
// Newlines become spaces (a run of them, one space); tabs are kept; other
// sanitising is as for Text. start and end are clamped to s, an inverted
// span is treated as empty, and max <= 0 means 240.
//
// Excerpt redacts before it cuts. Cutting first would show the visible
// half of a secret that straddles the edge, and neither half need look
// like a secret on its own. So Excerpt takes a wider raw context, whose
// edges it moves to breaks between tokens (whitespace or quotes), at
// most 256 bytes outwards. It then sanitises the context, and only then
// chooses the bytes to show, keeping a guard margin from any edge of the
// context that is not an edge of s.
//
// A token too long to reach a break within 256 bytes (a base64 blob, a
// minified payload) is not cut up. One that lies beside the span is left
// out, marked by "…", and the context goes on guard bytes into it, so
// that what is shown next to it still has text around it for detection.
// One that holds an end of the span is shown no further than the span,
// since a secret glued to other text need not look like one, and the
// context takes it in, as far as a rule reads past its anchor (4 KiB) on
// each side, so that a secret it does make up is redacted; further would
// let a token of anchors cost as much as a Text of it. Whatever the context, the span itself, or the marker of a
// secret it overlaps, is shown as far as max allows.
//
// Known limit: a quoted password longer than the guard margin that
// contains spaces, and whose keyword lies just outside the context, can
// be shown in part. The context is several times max, so this needs a
// match far from it.
func Excerpt(s string, start, end, max int) string {
	if max <= 0 {
		max = defaultMax
	}
	start = clampInt(start, 0, len(s))
	end = clampInt(end, start, len(s))
	ex := excerpt(s, start, end, max)
	ctx := 4*min(max, len(s)) + 2*widen
	return fit(maskRaw(ex, s[max2(0, start-ctx):min(len(s), end+ctx)]), max)
}

// fit cuts an excerpt that masking made longer than max back to max, at a
// rune boundary and never inside a marker, and marks the cut with "…".
func fit(ex string, max int) string {
	if len(ex) <= max {
		return ex
	}
	cut := max - len(ellipsis)
	if cut < 0 {
		return ""
	}
	for _, m := range markers(ex) {
		if m[0] < cut && cut < m[1] {
			cut = m[0]
		}
	}
	for cut > 0 && !utf8.RuneStart(ex[cut]) {
		cut--
	}
	return ex[:cut] + ellipsis
}

// excerpt is Excerpt of a span already within s.
func excerpt(s string, start, end, max int) string {

	// Raw context: generous, because cleaning can shrink it (escape
	// sequences) and redaction can change its length. [slo, shi) is what
	// may be shown of it when an edge was placed beside a long token;
	// otherwise they are the edges, and the guard keeps shown text away
	// from them.
	ctx := 4*min(max, len(s)) + 2*widen
	lo, slo, lholds := leftEdge(s, max2(0, start-ctx), start)
	hi, shi, rholds := rightEdge(s, min(len(s), end+ctx), end)
	// A long token that holds an end of the span is shown no further
	// than the span on either side.
	if lholds && end < len(s) && !isBreak(s[end]) && !hasBreak(s[start:end]) {
		shi = min(shi, end)
	}
	if rholds && start > 0 && !isBreak(s[start-1]) && !hasBreak(s[start:end]) {
		slo = max2(slo, start)
	}
	hi = max2(hi, lo)
	shi = clampInt(shi, slo, hi)

	t := newTrack(clampInt(start-lo, 0, hi-lo), clampInt(end-lo, 0, hi-lo), slo-lo, shi-lo)
	c := clean(s[lo:hi], true, t)
	ms, me := t.out[0], t.out[1]

	zlo, zhi := 0, len(c)
	switch {
	case slo > lo:
		zlo = t.out[2]
	case lo > 0:
		zlo = afterGuard(c)
	}
	switch {
	case shi < hi:
		zhi = t.out[3]
	case hi < len(s):
		zhi = beforeGuard(c)
	}

	// The span grows to cover the secrets it overlaps, so that their
	// markers are shown in its place.
	fs := Find(c)
	xs, xe := ms, me
	for _, f := range fs {
		if f.Start < me && ms < f.End || f.Start <= ms && ms < f.End {
			xs, xe = min(xs, f.Start), max2(xe, f.End)
		}
	}
	t = newTrack(ms, me, zlo, zhi, xs, xe)
	r, spans := redact(c, fs, t)
	ms, me, zlo, zhi, xs, xe = t.out[0], t.out[1], t.out[2], t.out[3], t.out[4], t.out[5]
	// The span is shown whatever the guard: text this close to a cut
	// edge is withheld because its secret could lie outside, and the span
	// is what the excerpt is for.
	zlo, zhi = min(zlo, xs), max2(zhi, xe)
	if zhi <= zlo {
		if (lo > 0 || hi < len(s)) && max >= len(ellipsis) {
			return ellipsis
		}
		return ""
	}
	ms = clampInt(ms, zlo, zhi)
	me = clampInt(me, ms, zhi)

	// Choose how many marks to spend: try the fewest first and keep the
	// first choice that turns out to need exactly those marks.
	for _, marks := range [][2]bool{{false, false}, {false, true}, {true, false}, {true, true}} {
		w := max
		for _, m := range marks {
			if m {
				w -= len(ellipsis)
			}
		}
		if w < 0 {
			continue
		}
		wlo, whi := window(r, spans, zlo, zhi, ms, me, w)
		left := wlo > 0 || lo > 0
		right := whi < len(r) || hi < len(s)
		if left == marks[0] && right == marks[1] {
			return mark(left, ellipsis) + r[wlo:whi] + mark(right, ellipsis)
		}
	}
	// max is too small for the marks that are needed: show text only.
	wlo, whi := window(r, spans, zlo, zhi, ms, me, max)
	return r[wlo:whi]
}

// ExcerptAll returns what Excerpt returns for every span of s, and true,
// when that is all of s sanitised: when s is short enough that the raw
// context always takes all of it, and it sanitises to at most max bytes.
// Otherwise it returns "", false. A caller that would find the span only
// to cut around it can skip finding it.
func ExcerptAll(s string, max int) (string, bool) {
	if max <= 0 {
		max = defaultMax
	}
	if len(s) > 4*min(max, len(s))+2*widen {
		return "", false // a span far enough in would move the context's edges
	}
	c := clean(s, true, nil)
	r, _ := redact(c, Find(c), nil)
	if len(r) > max {
		return "", false // the window would be centred on the span
	}
	ex := maskRaw(r, s)
	if len(ex) > max {
		return "", false // masking the raw text lengthened it, and Excerpt cuts it
	}
	return ex, true
}

// window returns the w-byte window of r[zlo:zhi] centred on [ms, me),
// shrunk to rune boundaries and so as not to cut a marker.
func window(r string, spans [][2]int, zlo, zhi, ms, me, w int) (int, int) {
	wlo, whi := zlo, zhi
	if zhi-zlo > w {
		wlo = ms + (me-ms)/2 - w/2
		wlo = clampInt(wlo, zlo, zhi-w)
		whi = wlo + w
	}
	for wlo < whi && !utf8.RuneStart(r[wlo]) {
		wlo++
	}
	for whi > wlo && whi < len(r) && !utf8.RuneStart(r[whi]) {
		whi--
	}
	for _, sp := range spans {
		if sp[0] < wlo && wlo < sp[1] {
			wlo = sp[1]
		}
		if sp[0] < whi && whi < sp[1] {
			whi = sp[0]
		}
	}
	return wlo, max2(wlo, whi)
}

// isBreak reports whether c separates tokens: no rule's secret value
// contains it, so a context edge placed on it does not split a secret.
func isBreak(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '\''
}

// leftEdge places the start of the raw context, lo bytes into s, for a
// span that starts at start: on a break, moved outwards up to widen
// bytes. It returns the context's start and the start of what may be
// shown, which are one unless a token longer than widen straddles lo.
// Then what is shown starts past that token, and the context guard bytes
// before; or, when the token holds start, it starts at start, and the
// context takes in the token up to scanLimit bytes before start.
func leftEdge(s string, lo, start int) (ctx, show int, holds bool) {
	if lo == 0 || isBreak(s[lo-1]) {
		return lo, lo, false
	}
	for i := lo - 1; i >= 0 && lo-i <= widen; i-- {
		if isBreak(s[i]) {
			return i + 1, i + 1, false
		}
	}
	show = lo
	for show < start && !isBreak(s[show]) {
		show++
	}
	if show < start {
		show++ // past the token and the break that ends it
		return max2(0, show-guard), show, false
	}
	if start == len(s) || isBreak(s[start]) {
		return max2(0, start-guard), start, false // the token ends where the span starts
	}
	tok := max2(0, lo-widen)
	for tok > max2(0, start-scanLimit) && !isBreak(s[tok-1]) {
		tok--
	}
	return max2(0, tok-guard), start, true
}

// rightEdge is leftEdge for the end of the context, hi, and of the span,
// end: what may be shown ends before the long token straddling hi, or at
// end when the token holds it.
func rightEdge(s string, hi, end int) (ctx, show int, holds bool) {
	if hi == len(s) || isBreak(s[hi]) {
		return hi, hi, false
	}
	for i := hi; i < len(s) && i-hi < widen; i++ {
		if isBreak(s[i]) {
			return i, i, false
		}
	}
	show = hi
	for show > end && !isBreak(s[show-1]) {
		show--
	}
	if show > end {
		show-- // before the break that precedes the token
		return min(len(s), show+guard), show, false
	}
	if end == 0 || isBreak(s[end-1]) {
		return min(len(s), end+guard), end, false // the token starts where the span ends
	}
	tok := min(len(s), hi+widen)
	for tok < min(len(s), end+scanLimit) && !isBreak(s[tok]) {
		tok++
	}
	return min(len(s), tok+guard), end, true
}

func hasBreak(s string) bool {
	for i := 0; i < len(s); i++ {
		if isBreak(s[i]) {
			return true
		}
	}
	return false
}

// afterGuard returns the first break at or after guard bytes into c, or
// len(c) if there is none: text before it is context only.
func afterGuard(c string) int {
	for i := guard; i < len(c); i++ {
		if isBreak(c[i]) {
			return i
		}
	}
	return len(c)
}

// beforeGuard returns the last break at or before guard bytes from the end
// of c, or 0 if there is none: text after it is context only.
func beforeGuard(c string) int {
	for i := len(c) - guard; i >= 0; i-- {
		if i < len(c) && isBreak(c[i]) {
			return i
		}
	}
	return 0
}

func mark(ok bool, m string) string {
	if ok {
		return m
	}
	return ""
}

func clampInt(v, lo, hi int) int {
	return min(hi, max2(lo, v))
}

// max2 is the built-in max, which Excerpt's parameter shadows.
func max2(a, b int) int {
	if a > b {
		return a
	}
	return b
}
