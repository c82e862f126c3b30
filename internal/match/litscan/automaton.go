package litscan

import (
	"slices"
	"strings"
)

// Automaton is an Aho-Corasick automaton over the rules' triggers, run
// over ASCII-folded bytes. One pass over a record finds every trigger of
// every rule in it, so the cost of a record does not grow with the number
// of rules; only rules whose trigger occurs are then tried.
//
// It is a full DFA: delta has an entry for every state and byte class, so
// the scan loop is one table load per byte with no failure-link chasing.
// Bytes that occur in no trigger share class 0, which keeps the table
// small (a few hundred KB for a thousand rules). An entry holds the next
// state's row offset (state*nclass) shifted left by one, with the low bit
// set when patterns end there, so the loop needs no second lookup to know
// whether to stop.
type Automaton struct {
	class  [256]uint8 // byte -> class; 'A'..'Z' share their lower-case class
	nclass int
	// leaves[b] says byte b takes the start state elsewhere. Triggers are
	// chosen to begin with rare bytes, so in the start state the scan
	// skips ahead over bytes that cannot begin one, without table walks.
	leaves [256]bool
	// pairs has bit c1*nclass+c2 set when a pattern begins with a byte of
	// class c1 followed by one of class c2; nil when a pattern is one
	// byte long. Letters begin so many patterns that most bytes are
	// leaves; two bytes that begin one are much rarer, and in the start
	// state a byte whose pair begins none can be passed over: reading it
	// would lead, at the next byte, where reading that byte alone leads.
	pairs  []uint64
	delta  []uint32 // row(state)+class -> row(next)<<1 | ends
	maxLen int      // the longest pattern
	recip  uint64   // 2^32/nclass rounded up: state(row) without a division
	// out[outAt[s]:outAt[s+1]] are the patterns that end at state s,
	// including those ending at its suffixes.
	outAt []int32
	out   []int32
}

// NewAutomaton builds the automaton for patterns, which must be lower
// case and non-empty.
func NewAutomaton(patterns []string) *Automaton {
	a := &Automaton{}
	// Byte classes: one per distinct byte used by any pattern.
	var used [256]bool
	for _, p := range patterns {
		for i := 0; i < len(p); i++ {
			used[p[i]] = true
		}
	}
	a.nclass = 1
	for b := 0; b < 256; b++ {
		if used[b] {
			a.class[b] = uint8(a.nclass)
			a.nclass++
			if a.nclass > 255 {
				break // cannot happen with ASCII-folded text triggers in practice
			}
		}
	}
	for b := 'A'; b <= 'Z'; b++ {
		a.class[b] = a.class[b+'a'-'A']
	}
	// Trie, as a dense table: child[s*nclass+c] is the child of s on
	// class c, 0 for none (the root is nobody's child), with a row per
	// distinct prefix of the patterns. States are numbered level by
	// level, a parent's children in class order: breadth-first order,
	// which the pass below takes them in. Numbered in the order patterns
	// are inserted, each state's row, and its failure state's, would lie
	// anywhere in a table of megabytes, and that pass would miss the cache
	// twice a state. In this order it reads the table front to back,
	// failure rows mostly from its head, and so does a scan, which spends
	// most of its time in the states nearest the root.
	nc := a.nclass
	t := levelOrderTrie(patterns, &a.class, nc)
	child, pats, n := t.child, t.pats, len(t.pats)
	// Failure links and the full transition table, built over the trie
	// table in place, state by state in breadth-first order.
	next := child
	fail := make([]uint32, n)
	outs := make([][]int32, n)
	for s := 0; s < n; s++ {
		outs[s] = pats[s]
		if s != 0 && len(outs[fail[s]]) > 0 {
			outs[s] = append(append([]int32(nil), pats[s]...), outs[fail[s]]...)
		}
		row, frow := s*nc, int(fail[s])*nc
		for c := 0; c < nc; c++ {
			nx := child[row+c]
			switch {
			case nx != 0:
				if s != 0 {
					fail[nx] = next[frow+c]
				}
			case s != 0:
				next[row+c] = next[frow+c]
			}
		}
	}
	a.outAt = make([]int32, n+1)
	for s := 0; s < n; s++ {
		a.outAt[s+1] = a.outAt[s] + int32(len(outs[s]))
		a.out = append(a.out, outs[s]...)
	}
	for b := 0; b < 256; b++ {
		a.leaves[b] = next[int(a.class[b])] != 0
	}
	a.pairs = make([]uint64, (nc*nc+63)/64)
	for _, p := range patterns {
		if len(p) < 2 {
			a.pairs = nil
			break
		}
		k := int(a.class[p[0]])*nc + int(a.class[p[1]])
		a.pairs[k/64] |= 1 << (k % 64)
	}
	for _, p := range patterns {
		a.maxLen = max(a.maxLen, len(p))
	}
	a.recip = 1<<32/uint64(a.nclass) + 1
	// The transition table becomes delta in place: each entry's state
	// turns into its row, with the low bit for patterns ending there.
	for i, nx := range next {
		e := nx * uint32(nc) << 1
		if len(outs[nx]) > 0 {
			e |= 1
		}
		next[i] = e
	}
	a.delta = next
	return a
}

// trie is a trie of patterns in levelOrderTrie's layout: child[s*nc+c]
// is the child of state s on class c, 0 for none, and pats[s] are the
// patterns that end at s.
type trie struct {
	child []uint32
	pats  [][]int32
}

// levelOrderTrie builds the trie of patterns over their byte classes,
// its states numbered level by level and a parent's children in class
// order. Sorted by their classes, the patterns that share a prefix of d
// classes are neighbours among those at least d long, so each level is
// numbered in one pass over them: a pattern takes a new state when its
// parent or its class at that depth differs from the one before.
func levelOrderTrie(patterns []string, class *[256]uint8, nc int) trie {
	keys := make([]string, len(patterns))
	order := make([]int32, len(patterns))
	longest := 0
	for i, p := range patterns {
		k := make([]byte, len(p))
		for j := 0; j < len(p); j++ {
			k[j] = class[p[j]]
		}
		keys[i], order[i] = string(k), int32(i)
		longest = max(longest, len(p))
	}
	slices.SortStableFunc(order, func(x, y int32) int { return strings.Compare(keys[x], keys[y]) })
	nodes := 1 // one per distinct prefix: each key's length past what it shares with the one before
	for i, pi := range order {
		shared := 0
		if i > 0 {
			prev, k := keys[order[i-1]], keys[pi]
			for shared < min(len(prev), len(k)) && prev[shared] == k[shared] {
				shared++
			}
		}
		nodes += len(keys[pi]) - shared
	}
	t := trie{child: make([]uint32, nodes*nc), pats: make([][]int32, nodes)}
	at := make([]uint32, len(order)) // each sorted pattern's state at the depth numbered last
	n := uint32(1)
	for d := 1; d <= longest; d++ {
		prevParent, prevClass := ^uint32(0), byte(0)
		for i, pi := range order {
			k := keys[pi]
			if len(k) < d {
				continue
			}
			parent, c := at[i], k[d-1]
			if parent != prevParent || c != prevClass {
				t.child[int(parent)*nc+int(c)] = n
				prevParent, prevClass = parent, c
				n++
			}
			at[i] = n - 1
			if len(k) == d {
				t.pats[n-1] = append(t.pats[n-1], pi)
			}
		}
	}
	return t
}

// Hitter receives a scan's hits: hit is called with each pattern that
// occurs and the offset just past its end, and stops the scan by
// returning false. The scan is generic in its Hitter rather than taking
// a func, but the hitters in use share one GC shape, so the call still
// goes through the instantiation's dictionary. A direct call saves too
// little a record to be worth two copies of the loop.
type Hitter interface {
	Hit(pattern int32, end int) bool
}

// hitFunc makes a function a Hitter.
type hitFunc func(pattern int32, end int) bool

func (f hitFunc) Hit(p int32, end int) bool { return f(p, end) }

// state returns the state whose row begins at row, a multiple of nclass.
// Multiplying by the rounded-up reciprocal is exact there: row*recip is
// state*2^32 plus state times a fraction of nclass, well under 2^32 for
// any table that fits in memory.
func (a *Automaton) state(row uint32) int {
	return int(uint64(row) * a.recip >> 32)
}

// FindAll runs a over s, calling hit with each pattern that occurs and the
// offset just past its end. It is generic so that the bulk path can scan
// a []byte buffer without converting it to a string. Hits come in no
// particular order.
func FindAll[T string | []byte, H Hitter](a *Automaton, s T, hit H) {
	if len(s) >= 4*a.maxLen && len(s) >= splitMin {
		findQuarters(a, s, hit)
		return
	}
	row := uint32(0)
	delta, class, leaves, pairs, nc := a.delta, &a.class, &a.leaves, a.pairs, uint32(a.nclass)
	for i := 0; i < len(s); i++ {
		if row == 0 {
			if pairs != nil {
				for {
					if i+1 >= len(s) {
						return // no pattern is one byte long
					}
					k := uint32(class[s[i]])*nc + uint32(class[s[i+1]])
					if pairs[k/64]&(1<<(k%64)) != 0 {
						break
					}
					i++
				}
			} else {
				for i < len(s) && !leaves[s[i]] {
					i++
				}
				if i == len(s) {
					return
				}
			}
		}
		e := delta[row+uint32(class[s[i]])]
		row = e >> 1
		if e&1 != 0 {
			st := a.state(row)
			for _, p := range a.out[a.outAt[st]:a.outAt[st+1]] {
				if !hit.Hit(p, i+1) {
					return
				}
			}
		}
	}
}

// splitMin is the shortest text findQuarters splits.
const splitMin = 64

// findQuarters scans four quarters of s side by side. Each step of a scan
// waits for the table load of the step before, and a record's rows are
// rarely all in the nearest cache by the time the next record comes:
// scans in step keep several loads in flight. Each quarter after the
// first is scanned from maxLen-1 bytes before its start, so that it sees
// whole every occurrence that ends inside it; each reports only those.
func findQuarters[T string | []byte, H Hitter](a *Automaton, s T, hit H) {
	delta, class := a.delta, &a.class
	q := len(s) / 4
	lo := [4]int{0, q, 2 * q, 3 * q}      // where each quarter's reports begin (exclusive of ends <= lo)
	hi := [4]int{q, 2 * q, 3 * q, len(s)} // and end
	var pos [4]int
	for k := range pos {
		pos[k] = max(0, lo[k]-(a.maxLen-1))
	}
	report := func(row uint32, end int) bool {
		st := a.state(row)
		for _, p := range a.out[a.outAt[st]:a.outAt[st+1]] {
			if !hit.Hit(p, end) {
				return false
			}
		}
		return true
	}
	var r0, r1, r2, r3 uint32
	// All four have at least hi[0]-pos[0] = q bytes to go; the last has more.
	for n := 0; n < q; n++ {
		e0 := delta[r0+uint32(class[s[pos[0]+n]])]
		e1 := delta[r1+uint32(class[s[pos[1]+n]])]
		e2 := delta[r2+uint32(class[s[pos[2]+n]])]
		e3 := delta[r3+uint32(class[s[pos[3]+n]])]
		r0, r1, r2, r3 = e0>>1, e1>>1, e2>>1, e3>>1
		if (e0|e1|e2|e3)&1 != 0 {
			for k, e := range [4]uint32{e0, e1, e2, e3} {
				if end := pos[k] + n + 1; e&1 != 0 && end > lo[k] && end <= hi[k] && !report(e>>1, end) {
					return
				}
			}
		}
	}
	// Finish each quarter on its own.
	rows := [4]uint32{r0, r1, r2, r3}
	for k := range pos {
		row := rows[k]
		for i := pos[k] + q; i < hi[k]; i++ {
			e := delta[row+uint32(class[s[i]])]
			row = e >> 1
			if e&1 != 0 && i+1 > lo[k] && !report(row, i+1) {
				return
			}
		}
	}
}
