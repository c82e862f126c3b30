package records

import (
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// TestChunkerKeepsRecords cuts random logs into small regions and checks
// that reading the regions record by record gives the records of the
// whole input, with their line numbers: regions never cut a record, a
// multi-line JSON value above all.
func TestChunkerKeepsRecords(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	pieces := []string{
		"plain line\n", "\n", "  \t\n", "x {not an opener}\n", "{\"a\": 1}\n",
		"{\n  \"error\": {\"type\": \"x\"}\n}\n", "  [\n1,\n2\n]\n", "{ never closed\n",
		"[\"s\", \"}\"]\n", "{\"q\": \"\\\"{\"}\n", "crlf\r\n", "\t{\n}\n", "tail without newline",
		"{ \"open\":\n", "]\n", "}\n",
		"progress 10%\r", "\r", "old mac\r", "{\r  \"a\": 1\r}\r", "cr cr lf\r\r\n", "{\r\n\"b\": 2\r\n}\r\n",
	}
	type rec struct {
		Text string
		Line int
	}
	spans := 0
	for round := 0; round < 3000; round++ {
		var b strings.Builder
		for n := r.IntN(30); n > 0; n-- {
			p := pieces[r.IntN(len(pieces))]
			if p == "tail without newline" && n > 1 {
				continue
			}
			b.WriteString(p)
		}
		in := b.String()
		var want []rec
		Each(in, func(s string, line int) bool {
			want = append(want, rec{s, line})
			return true
		})
		size := 1 + r.IntN(40)
		c := newChunkerSize(iotest.HalfReader(strings.NewReader(in)), size)
		var got []rec
		lines := 0
		for {
			reg, ok := c.Next()
			if !ok {
				break
			}
			if reg.line != lines+1 {
				t.Fatalf("input %q, size %d: Region starts at line %d after %d lines", in, size, reg.line, lines)
			}
			lines += reg.lines
			Each(string(reg.data), func(s string, line int) bool {
				got = append(got, rec{s, reg.line + line - 1})
				return true
			})
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("input %q, size %d (-whole +regions):\n%s", in, size, diff)
		}
		// The walk, with the bounds of JSON records the cut kept, as
		// the bulk path reads regions; every thirtieth input as under -j,
		// the chunker going on in a fresh buffer (adopt) after each region, all
		// walked once the input is read.
		handOff := round%30 == 0
		c = newChunkerSize(iotest.HalfReader(strings.NewReader(in)), size)
		var walked []rec
		walk := func(reg Region) {
			w := NewWalk(reg, 0, nil)
			for {
				text, line, _, _, ok := w.Next()
				if !ok {
					return
				}
				walked = append(walked, rec{string(text), line})
			}
		}
		var regions []Region
		for {
			reg, ok := c.Next()
			if !ok {
				break
			}
			spans += len(reg.spans)
			if !handOff {
				walk(reg)
				continue
			}
			regions = append(regions, reg)
			c.adopt(&RegionBuf{})
		}
		for _, reg := range regions {
			walk(reg)
		}
		if diff := cmp.Diff(want, walked); diff != "" {
			t.Fatalf("input %q, size %d, handed off %v (-whole +walked):\n%s", in, size, handOff, diff)
		}
	}
	if spans == 0 {
		t.Fatal("no Region kept a JSON record's bounds: the walk was not tested with them")
	}
}

// BenchmarkChunker cuts a log of ordinary lines with some JSON into
// regions: the serial part of the bulk path, which the reader does before
// workers get a region.
func BenchmarkChunker(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 16<<20; i++ {
		switch i % 20 {
		case 0:
			sb.WriteString(`{"ts":"2026-01-01T00:00:00Z","level":"info","msg":"request served","status":200}` + "\n")
		case 1:
			sb.WriteString("{\n  \"error\": {\"type\": \"overloaded_error\"}\n}\n")
		default:
			sb.WriteString("2026-01-01T00:00:00.000Z INFO worker-7 served 512 items in 31ms {cache: warm}\n")
		}
	}
	log := sb.String()
	b.SetBytes(int64(len(log)))
	for b.Loop() {
		c := NewChunker(strings.NewReader(log))
		for {
			if _, ok := c.Next(); !ok {
				break
			}
		}
	}
}

// askedReader records how much each Read asks for.
type askedReader struct {
	r     *strings.Reader
	asked []int
}

func (a *askedReader) Read(p []byte) (int, error) {
	a.asked = append(a.asked, len(p))
	return a.r.Read(p)
}

// TestChunkerReadsARegionAtATime checks that a file of short lines is
// read a region at a time: a read that asked for the whole buffer left
// its last quarter to be copied to the front, or to the next region's
// buffer, at every region.
func TestChunkerReadsARegionAtATime(t *testing.T) {
	const size = 4 << 10
	line := "2026-01-01T00:00:00Z INFO upstream account served 12 items\n"
	in := &askedReader{r: strings.NewReader(strings.Repeat(line, 20*size/len(line)))}
	c := newChunkerSize(in, size)
	regions := 0
	for {
		reg, ok := c.Next()
		if !ok {
			break
		}
		regions++
		if len(reg.data) > size+len(line) {
			t.Fatalf("Region of %d bytes, over %d and a line", len(reg.data), size)
		}
	}
	for i, n := range in.asked {
		if n > size {
			t.Fatalf("read %d asked for %d bytes, more than a region's %d", i, n, size)
		}
	}
	if len(in.asked) > regions+2 {
		t.Errorf("%d reads for %d regions", len(in.asked), regions)
	}
}
