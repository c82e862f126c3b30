package litscan

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

// TestLiteralsAgainstIndex compares the literal set with a brute-force
// search on random patterns and texts over a small alphabet, where
// overlaps, shared grams and hash collisions are common: every occurrence
// (pattern and end) must be reported once, on strings and byte slices.
func TestLiteralsAgainstIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	word := func(n int) string { return randomWord(r, "abcAB -_\x7f", n) }
	for round := 0; round < 2000; round++ {
		var pats []string
		seen := map[string]bool{}
		for i := 0; i < 1+r.IntN(12); i++ {
			p := strings.ToLower(word(1 + r.IntN(8)))
			if !seen[p] {
				seen[p] = true
				pats = append(pats, p)
			}
		}
		l := NewSet(pats)
		text := word(r.IntN(60))
		want := bruteOccurrences(pats, text)
		for _, asBytes := range []bool{false, true} {
			s := text
			if asBytes {
				b := []byte(text)
				s = unsafe.String(unsafe.SliceData(b), len(b))
			}
			if diff := cmp.Diff(want, scannedOccurrences(l, s)); diff != "" {
				t.Fatalf("patterns %q, text %q, bytes %v (-want +got):\n%s", pats, text, asBytes, diff)
			}
		}
	}
}

// occ is an occurrence of pattern Pat ending at End.
type occ struct{ Pat, End int }

// bruteOccurrences finds every occurrence of pats in text, ASCII case
// folded, the slow way, sorted by end then pattern.
func bruteOccurrences(pats []string, text string) []occ {
	var out []occ
	low := strings.ToLower(text)
	for pi, p := range pats {
		for i := 0; i+len(p) <= len(low); i++ {
			if low[i:i+len(p)] == p {
				out = append(out, occ{pi, i + len(p)})
			}
		}
	}
	sortOcc(out)
	return out
}

// scannedOccurrences is what l's scan reports in text, sorted alike.
func scannedOccurrences(l *Set, text string) []occ {
	var out []occ
	l.FindEnds(text, func(p int32, end int) bool {
		out = append(out, occ{int(p), end})
		return true
	})
	sortOcc(out)
	return out
}

func sortOcc(xs []occ) {
	slices.SortFunc(xs, func(a, b occ) int {
		if a.End != b.End {
			return a.End - b.End
		}
		return a.Pat - b.Pat
	})
}

// TestLiteralsStop checks that the scan ends when hit says so.
func TestLiteralsStop(t *testing.T) {
	l := NewSet([]string{"abc", "bcd"})
	n := 0
	l.FindEnds("abcd abcd abcd", func(int32, int) bool { n++; return false })
	if n != 1 {
		t.Fatalf("hit called %d times after returning false, want 1", n)
	}
}

// TestLiteralsLong does the same with long literals, which the scan tests
// every fourth position: a few (one bit of a gram tested, then the
// other) and thousands, enough that it tests both bits at once; literals
// from eight bytes long, which stride four on shorter grams; and many
// long and short literals together, which are anchored and scanned apart.
func TestLiteralsLong(t *testing.T) {
	for _, tc := range []struct {
		n, lo, hi int // literals, of lo to hi bytes
		dense     bool
		gramLen   int  // of the part that holds the shortest
		split     bool // a short part of its own
	}{
		{60, 12, 21, false, 8, false},
		{3000, 12, 21, true, 8, false},
		{60, 8, 10, false, 5, false},
		{3000, 9, 10, true, 6, false},
		{2400, 8, 20, false, 5, true},
		{200, 8, 20, false, 5, false}, // sparse: not worth a second pass
	} {
		r := rand.New(rand.NewPCG(9, 2))
		word := func(n int) string { return randomWord(r, "abcdefghijklmnopqrstuvwxyz  ", n) }
		seen := map[string]bool{}
		var pats []string
		for len(pats) < tc.n {
			if p := word(tc.lo + r.IntN(tc.hi-tc.lo+1)); !seen[p] {
				seen[p] = true
				pats = append(pats, p)
			}
		}
		l := NewSet(pats)
		part := l
		if l.short != nil {
			part = l.short
		}
		if (l.short != nil) != tc.split || part.dense != tc.dense || part.stride != MaxStride || part.gramLen != tc.gramLen {
			t.Fatalf("%d literals of %d to %d bytes: split %v, dense %v, stride %d, grams of %d: the test does not reach the loop meant",
				tc.n, tc.lo, tc.hi, l.short != nil, part.dense, part.stride, part.gramLen)
		}
		var b strings.Builder
		for b.Len() < 20000 {
			if r.IntN(4) == 0 {
				b.WriteString(strings.ToUpper(pats[r.IntN(len(pats))]))
			} else {
				b.WriteString(word(1 + r.IntN(30)))
			}
		}
		text := b.String()
		low := strings.ToLower(text)
		want := map[[2]int]bool{}
		for pi, p := range pats {
			for i := 0; ; {
				j := strings.Index(low[i:], p)
				if j < 0 {
					break
				}
				want[[2]int{pi, i + j + len(p)}] = true
				i += j + 1
			}
		}
		got := map[[2]int]bool{}
		l.FindEnds(text, func(p int32, end int) bool {
			got[[2]int{int(p), end}] = true
			return true
		})
		if len(want) < 100 {
			t.Fatalf("%d literals: only %d occurrences: the test proves little", tc.n, len(want))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%d literals (-want +got):\n%s", tc.n, diff)
		}
	}
}

// randomWord is n bytes drawn from alphabet: over a small alphabet,
// random literals and texts share grams and overlap often.
func randomWord(r *rand.Rand, alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

// BenchmarkScanEnds scans 16 MB of log lines for 300 phrases, alone
// ("long": eight-byte grams, every fourth position) and with three short
// literals of the kind the shipped catalogue has ("short": three-byte
// grams at every position).
func BenchmarkScanEnds(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("upstream account refused expired worker queue cache token session socket timeout handshake cluster node container image registry volume deployment replica service gateway")
	phrase := func() string {
		return words[r.IntN(len(words))] + " " + words[r.IntN(len(words))] + " " + words[r.IntN(len(words))]
	}
	var long []string
	for range 300 {
		long = append(long, phrase())
	}
	var sb strings.Builder
	for sb.Len() < 16<<20 {
		fmt.Fprintf(&sb, "2026-01-01T00:00:%02d.%03dZ INFO %s served %d items in %dms\n", r.IntN(60), r.IntN(1000), phrase(), r.IntN(5000), r.IntN(900))
	}
	text := sb.String()
	for _, set := range []struct {
		name string
		pats []string
	}{{"long", long}, {"short", append([]string{"429", "limit", "enoent"}, long...)}} {
		l := NewSet(set.pats)
		b.Run(set.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				l.FindEnds(text, func(int32, int) bool { return true })
			}
		})
	}
}

// BenchmarkBuildLiteralSet builds the set of 3000 triggers, as New does
// and as each tuning of the bulk path does twice: it is paid in line
// with the scan.
func BenchmarkBuildLiteralSet(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	words := strings.Fields("upstream account refused expired worker queue cache token session socket timeout handshake cluster node container image registry volume deployment replica service gateway step job pod")
	seen := map[string]bool{}
	var pats []string
	for len(pats) < 3000 {
		p := words[r.IntN(len(words))] + " " + words[r.IntN(len(words))]
		if r.IntN(4) > 0 {
			p += " " + words[r.IntN(len(words))]
		}
		if !seen[p] {
			seen[p] = true
			pats = append(pats, p)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		NewSet(pats)
	}
}
