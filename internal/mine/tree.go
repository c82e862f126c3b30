package mine

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/errcat/errcat/internal/redact"
)

// Options bound a Miner.
type Options struct {
	// MaxTemplates caps the templates kept; a record that would start
	// one more is counted in Dropped. 0 means DefaultMaxTemplates.
	MaxTemplates int
	// MaxExample caps the bytes of a template's example. 0 means
	// DefaultMaxExample.
	MaxExample int
	// Similarity is the share of a record's words, masks aside, that
	// must be a template's for the record to join it. 0 means
	// DefaultSimilarity.
	Similarity float64
	// Depth is how many first words key the tree below the token count.
	// 0 means DefaultDepth.
	Depth int
}

const (
	DefaultMaxTemplates = 1000
	DefaultMaxExample   = 240
	DefaultSimilarity   = 0.6
	DefaultDepth        = 2
	// maxChildren caps the keys of a node of the tree: tokens beyond it
	// share the wildcard child, so a token that varies without looking
	// variable cannot grow a node without bound.
	maxChildren = 64
)

// Pos is where a record starts: the index of its input and its line.
type Pos struct {
	File int
	Line int
}

func (p Pos) before(q Pos) bool { return p.File < q.File || p.File == q.File && p.Line < q.Line }

// Template is a group of records: its tokens, with Wildcard where the
// records differ, how many records it holds, where the first and last
// were, and the first one, sanitised and cut to MaxExample.
type Template struct {
	Text    string
	Count   int
	First   Pos
	Last    Pos
	Example string

	tokens []string
}

// Miner groups records into templates. Add a record at a time; the
// zero value is not usable, call New.
type Miner struct {
	opts      Options
	roots     map[int]*node // by token count
	templates []*Template
	dropped   int
	added     int
	tok       tokens
}

// node is a node of the tree: its children by token, or at the depth of
// the tree the templates its path leads to.
type node struct {
	children  map[string]*node
	templates []*Template
}

// New returns a Miner bounded by opts.
func New(opts Options) *Miner {
	if opts.MaxTemplates <= 0 {
		opts.MaxTemplates = DefaultMaxTemplates
	}
	if opts.MaxExample <= 0 {
		opts.MaxExample = DefaultMaxExample
	}
	if opts.Similarity <= 0 {
		opts.Similarity = DefaultSimilarity
	}
	if opts.Depth <= 0 {
		opts.Depth = DefaultDepth
	}
	return &Miner{opts: opts, roots: map[int]*node{}}
}

// Add puts rec, which starts at pos, into the template it matches, or a
// new one. rec is read during the call only. Records must come in the
// order of their positions for First and the example to be the first
// record's.
func (m *Miner) Add(rec []byte, pos Pos) {
	t := &m.tok
	t.cut(rec)
	n := t.n()
	if n == 0 {
		return
	}
	m.added++
	leaf := m.leaf(n, false)
	if leaf != nil {
		if tp := m.best(leaf); tp != nil {
			m.join(tp, pos)
			return
		}
	}
	if len(m.templates) >= m.opts.MaxTemplates {
		m.dropped++
		return
	}
	if leaf == nil {
		leaf = m.leaf(n, true)
	}
	tp := &Template{Count: 1, First: pos, Last: pos, tokens: make([]string, n)}
	for i := range n {
		tp.tokens[i] = string(t.tok(i))
	}
	tp.Example = redact.Excerpt(string(cutUTF8(rec, 4*m.opts.MaxExample)), 0, 0, m.opts.MaxExample)
	leaf.templates = append(leaf.templates, tp)
	m.templates = append(m.templates, tp)
}

// leaf returns the node the current tokens lead to, made if make is
// true, or nil. The path is the token count, then the first Depth tokens
// that are words, neither masked nor quoted: a log's records mostly
// begin with a time, and words tell messages apart where masks do not.
// A record with fewer words takes the wildcard for the rest.
func (m *Miner) leaf(n int, make bool) *node {
	nd := m.roots[n]
	if nd == nil {
		if !make {
			return nil
		}
		nd = &node{}
		m.roots[n] = nd
	}
	t := &m.tok
	next := 0 // the token after the last one the path took
	for range m.opts.Depth {
		for next < n && t.keyless[next] {
			next++
		}
		word := next < n
		var child *node
		wild := !word
		if word {
			child = nd.children[string(t.tok(next))]
			wild = child == nil && len(nd.children) >= maxChildren
		}
		if wild {
			child = nd.children[Wildcard]
		}
		if child == nil {
			if !make {
				return nil
			}
			if nd.children == nil {
				nd.children = map[string]*node{}
			}
			key := Wildcard
			if !wild {
				key = string(t.tok(next))
			}
			child = &node{}
			nd.children[key] = child
		}
		nd = child
		next++
	}
	return nd
}

// best returns the template of leaf most like the current tokens, if it
// is alike enough: the share of the record's words, masks aside, that
// stand at the same place in the template. Of two alike, the one with
// fewer wildcards wins, then the older.
func (m *Miner) best(leaf *node) *Template {
	t := &m.tok
	var (
		best      *Template
		bestScore float64
		bestWild  int
	)
	for _, tp := range leaf.templates {
		words, same, wild := 0, 0, 0
		for i, w := range tp.tokens {
			tok := t.tok(i)
			if w == Wildcard {
				wild++
			}
			if t.keyless[i] && !quoted(tok) {
				if w == string(tok) || w == Wildcard {
					continue // masks alike: no word to weigh
				}
				words++
				continue
			}
			words++
			if w == string(tok) || fits(w, tok) || sameKey(w, tok) {
				same++
			}
		}
		score := 1.0
		if words > 0 {
			score = float64(same) / float64(words)
		}
		if score < m.opts.Similarity {
			continue
		}
		if best == nil || score > bestScore || score == bestScore && wild < bestWild {
			best, bestScore, bestWild = tp, score, wild
		}
	}
	return best
}

// fits reports whether tok is an instance of w, a token with a wildcard
// between a key and punctuation (user=<*>, "error":<*>,).
func fits(w string, tok []byte) bool {
	i := strings.Index(w, Wildcard)
	if i < 0 || w == Wildcard {
		return false
	}
	pre, suf := w[:i], w[i+len(Wildcard):]
	return len(tok) > len(pre)+len(suf) && string(tok[:len(pre)]) == pre && string(tok[len(tok)-len(suf):]) == suf
}

// sameKey reports whether w and tok are key=value or "key":value tokens
// with the same key: their values are data, which varies.
func sameKey(w string, tok []byte) bool {
	lo := 0
	for lo < len(tok) && lead[tok[lo]] {
		lo++
	}
	k := keyEnd(tok[lo:])
	return k > 0 && len(w) > lo+k && w[:lo+k] == string(tok[:lo+k])
}

// generalize returns the token that w and tok, which differ, are both
// instances of: their common key (up to an = or a : they share) and
// trailing punctuation around a wildcard, or the wildcard alone.
func generalize(w string, tok []byte) string {
	pre, suf, room := w, w, 0
	if i := strings.Index(w, Wildcard); i >= 0 {
		pre, suf = w[:i], w[i+len(Wildcard):]
	}
	key := 0
	for i := 0; i < len(pre) && i < len(tok) && pre[i] == tok[i]; i++ {
		if pre[i] == '=' || pre[i] == ':' {
			key = i + 1
		}
	}
	if key == 0 {
		return Wildcard
	}
	for key < len(pre) && key < len(tok) && pre[key] == tok[key] && (tok[key] == '"' || tok[key] == '\'') {
		key++ // the value's opening quote
	}
	if len(suf) == len(w) {
		room = key // w has no wildcard: its tail must not reach into its key
	}
	tail := 0
	for tail < len(suf)-room && tail < len(tok)-key && trail[tok[len(tok)-1-tail]] && tok[len(tok)-1-tail] == suf[len(suf)-1-tail] {
		tail++
	}
	return pre[:key] + Wildcard + string(tok[len(tok)-tail:])
}

func quoted(tok []byte) bool {
	return len(tok) > 0 && (tok[0] == '"' || tok[0] == '\'' || tok[0] == '`')
}

// join counts the current record in tp, whose tokens become Wildcard
// where the record's differ, or keep the key and punctuation the two
// share: user=alice and user=bob make user=<*>.
func (m *Miner) join(tp *Template, pos Pos) {
	t := &m.tok
	for i, w := range tp.tokens {
		tok := t.tok(i)
		if w != Wildcard && w != string(tok) && !fits(w, tok) {
			tp.tokens[i] = generalize(w, tok)
		}
	}
	tp.Count++
	if pos.before(tp.First) {
		tp.First = pos
	}
	if tp.Last.before(pos) {
		tp.Last = pos
	}
}

// Dropped is how many records were not kept because MaxTemplates
// templates were already kept and none matched them.
func (m *Miner) Dropped() int { return m.dropped }

// Added is how many records were given to Add, dropped ones included.
func (m *Miner) Added() int { return m.added }

// Templates returns the templates, the most records first, then by the
// position of their first record. Each Text is its tokens joined by
// spaces and sanitised.
func (m *Miner) Templates() []Template {
	out := make([]Template, 0, len(m.templates))
	for _, tp := range m.templates {
		c := *tp
		c.Text = redact.Text(joinTokens(tp.tokens))
		c.tokens = nil
		out = append(out, c)
	}
	slices.SortStableFunc(out, func(a, b Template) int {
		if a.Count != b.Count {
			return cmp.Compare(b.Count, a.Count)
		}
		if a.First != b.First {
			if a.First.before(b.First) {
				return -1
			}
			return 1
		}
		return 0
	})
	return out
}

func joinTokens(toks []string) string {
	n := len(toks)
	for _, s := range toks {
		n += len(s)
	}
	b := make([]byte, 0, n)
	for i, s := range toks {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, s...)
	}
	return string(b)
}

// cutUTF8 cuts b to at most n bytes, on a rune boundary.
func cutUTF8(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return b[:n]
}
