package mine

import (
	"bytes"
	"fmt"
	"testing"
)

// benchRecords are ordinary log lines, as most of what Looks reads is.
func benchRecords() [][]byte {
	var recs [][]byte
	for i := range 1000 {
		var s string
		switch i % 5 {
		case 0:
			s = fmt.Sprintf("2026-01-01T00:00:%02d.%03dZ INFO billing-api ledger served %d items in %dms", i%60, i, i*7, i%900)
		case 1:
			s = fmt.Sprintf(`{"ts":"2026-01-01T00:00:%02d.%03dZ","level":"info","msg":"request served","path":"/v1/export","status":200,"ms":%d}`, i%60, i, i%900)
		case 2:
			s = fmt.Sprintf("2026-01-01T00:00:%02d.%03dZ DEBUG scheduler queue ok after expand check", i%60, i)
		case 3:
			s = fmt.Sprintf("2026-01-01T00:00:%02d.%03dZ INFO session timeout=%ds errors=0", i%60, i, i%60)
		default:
			s = fmt.Sprintf("2026-01-01T00:00:%02d.%03dZ ERROR worker-%d: export job %d failed: upstream rejected", i%60, i, i%64, i)
		}
		recs = append(recs, []byte(s))
	}
	return recs
}

func BenchmarkLooks(b *testing.B) {
	recs := benchRecords()
	n := 0
	for _, r := range recs {
		n += len(r) + 1
	}
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, r := range recs {
			Looks(r)
		}
	}
}

func BenchmarkAdd(b *testing.B) {
	recs := benchRecords()
	var fails [][]byte
	n := 0
	for _, r := range recs {
		if bytes.Contains(r, []byte("ERROR")) {
			fails = append(fails, r)
			n += len(r) + 1
		}
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		m := New(Options{})
		for i, r := range fails {
			m.Add(r, Pos{Line: i})
		}
	}
}
