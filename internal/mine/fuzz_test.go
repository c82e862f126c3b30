package mine

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzMine feeds any bytes to Looks and Add: neither may panic, a
// template's count is the records that joined it, and its example is
// cut to MaxExample.
func FuzzMine(f *testing.F) {
	for _, s := range []string{
		"2026-01-02T03:04:05Z ERROR [worker-3] job 42 failed: lease 7f3a9c1 held by node-a.internal",
		`{"level":"error","error":"lease_lost","attempt":1}`,
		"cannot open \"my file.txt\": denied, step 'x y'.",
		"exit status 2", "GET /x HTTP/1.1\" 503 12", "[::1]:80 fe80::1 10.0.0.1:5432",
		"user=alice tenant=\"a b\" ok=", "'", "\"\":", "x=", "<*> <NUM>", "エラー: 失败",
	} {
		f.Add([]byte(s), []byte(strings.ToUpper(s)))
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		m := New(Options{MaxTemplates: 4, MaxExample: 32})
		recs := [][]byte{a, b, a, bytes.Repeat(a, 3)}
		for i, r := range recs {
			Looks(r)
			m.Add(r, Pos{Line: i + 1})
		}
		total := m.Dropped()
		for _, tp := range m.Templates() {
			total += tp.Count
			if len(tp.Example) > 32 {
				t.Errorf("example %q is %d bytes, more than 32", tp.Example, len(tp.Example))
			}
			if tp.First.Line > tp.Last.Line {
				t.Errorf("template %q: first line %d after last %d", tp.Text, tp.First.Line, tp.Last.Line)
			}
		}
		if total != m.Added() {
			t.Errorf("%d records in templates and dropped, %d added", total, m.Added())
		}
	})
}
