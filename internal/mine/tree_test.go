package mine

import (
	"fmt"
	"strings"
	"testing"
)

func mine(opts Options, recs ...string) *Miner {
	m := New(opts)
	for i, r := range recs {
		m.Add([]byte(r), Pos{Line: i + 1})
	}
	return m
}

func TestOneMessageOneTemplate(t *testing.T) {
	m := mine(Options{},
		"deployctl: rollout r-8841 failed: lease held by node-a (attempt 1)",
		"deployctl: rollout r-9012 failed: lease held by node-b (attempt 2)",
		"quotad: tenant acme over budget by 12 units",
		"deployctl: rollout r-9313 failed: lease held by node-c (attempt 3)",
		"quotad: tenant globex over budget by 7 units",
	)
	got := m.Templates()
	want := []struct {
		text         string
		count        int
		first, last  int
		examplePrefx string
	}{
		{"deployctl: rollout r-<NUM> failed: lease held by <*> (attempt <NUM>)", 3, 1, 4, "deployctl: rollout r-8841"},
		{"quotad: tenant <*> over budget by <NUM> units", 2, 3, 5, "quotad: tenant acme"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d templates, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Text != w.text || g.Count != w.count || g.First.Line != w.first || g.Last.Line != w.last || !strings.HasPrefix(g.Example, w.examplePrefx) {
			t.Errorf("template %d = %q ×%d lines %d-%d example %q; want %q ×%d lines %d-%d example %q…",
				i, g.Text, g.Count, g.First.Line, g.Last.Line, g.Example, w.text, w.count, w.first, w.last, w.examplePrefx)
		}
	}
}

func TestKeysStayInTemplates(t *testing.T) {
	m := mine(Options{},
		`{"level":"warn","error":"lease_lost","attempt":1}`,
		`{"level":"warn","error":"quota_over","attempt":2}`,
		`{"level":"warn","error":"disk_gone","attempt":3}`,
		"sync failed: tenant=acme shard=a",
		"sync failed: tenant=globex shard=b",
		"sync failed: tenant=initech shard=c",
	)
	got := m.Templates()
	want := []string{`{"level":"warn", "error":"<*>", "attempt":<NUM>}`, "sync failed: tenant=<*> shard=<*>"}
	if len(got) != len(want) {
		t.Fatalf("%d templates, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].Text != w || got[i].Count != 3 {
			t.Errorf("template %d = %q ×%d, want %q ×3", i, got[i].Text, got[i].Count, w)
		}
	}
}

func TestDifferentMessagesStayApart(t *testing.T) {
	m := mine(Options{},
		"2026-01-02T03:04:05Z ERROR disk full on /var",
		"2026-01-02T03:04:06Z ERROR cache stale for key",
		"2026-01-02T03:04:07Z ERROR lease lost to peer",
	)
	if got := m.Templates(); len(got) != 3 {
		t.Errorf("%d templates, want 3: %+v", len(got), got)
	}
}

func TestCapDropsAndCounts(t *testing.T) {
	m := New(Options{MaxTemplates: 2, MaxExample: 20})
	for i := range 10 {
		m.Add(fmt.Appendf(nil, "%s failed", strings.Repeat("x", i+1)), Pos{Line: i + 1})
	}
	m.Add([]byte("x failed"), Pos{Line: 11})
	got := m.Templates()
	if len(got) != 2 || m.Dropped() != 8 || m.Added() != 11 || got[0].Count != 2 {
		t.Errorf("%d templates (first ×%d), %d dropped of %d; want 2 (first ×2), 8 dropped of 11", len(got), got[0].Count, m.Dropped(), m.Added())
	}
	m = New(Options{MaxExample: 20})
	m.Add([]byte("failed: "+strings.Repeat("é", 100)), Pos{Line: 1})
	if ex := m.Templates()[0].Example; len(ex) > 20 {
		t.Errorf("example %q is %d bytes, want at most 20", ex, len(ex))
	}
}

func TestTemplatesAreSanitised(t *testing.T) {
	m := mine(Options{}, "auth failed: Authorization: Bearer abcdefghijklmnopqrstuvwxyzABCDEF")
	got := m.Templates()[0]
	if strings.Contains(got.Text, "abcdefghij") || strings.Contains(got.Example, "abcdefghij") {
		t.Errorf("a token is shown: template %q, example %q", got.Text, got.Example)
	}
}

func TestAddJoiningAllocatesNothing(t *testing.T) {
	m := New(Options{})
	rec := []byte("2026-01-02T03:04:05Z ERROR deployctl: rollout r-8841 failed: lease 7f3a9c held by node-3.internal")
	m.Add(rec, Pos{Line: 1})
	line := 1
	if n := testing.AllocsPerRun(100, func() {
		line++
		m.Add(rec, Pos{Line: line})
	}); n != 0 {
		t.Errorf("Add of a record that joins a template allocates %v times, want 0", n)
	}
}
