package redact

import (
	"strings"
	"testing"

	"github.com/errcat/errcat/internal/redact/redacttest"
)

// byRule finds the findings of one rule alone, trying it wherever one of
// its anchors occurs.
func byRule(name, s string) []Finding {
	var out []Finding
	for _, r := range rules {
		if r.name != name {
			continue
		}
		lower := strings.ToLower(s)
		for _, a := range r.anchors {
			for from := 0; ; {
				i := strings.Index(lower[from:], a)
				if i < 0 {
					break
				}
				p := from + i
				from = p + 1
				if r.word && p > 0 && isAlnum(s[p-1]) {
					continue
				}
				if f, _, _, ok := r.try(s, p, a); ok {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// TestRuleSamples holds every rule to its samples: each fake secret is
// found by its own rule, alone, over every part of it, and is not an
// obvious placeholder (so that the fixture gate refuses it); each
// negative sample comes out of redaction unchanged. Every rule has both.
func TestRuleSamples(t *testing.T) {
	cases, negs := redacttest.Cases(), redacttest.Negatives()
	pos, neg := map[string]int{}, map[string]int{}
	names := map[string]bool{}
	for _, c := range cases {
		if names[c.Name] {
			t.Errorf("case name %q is used twice", c.Name)
		}
		names[c.Name] = true
		pos[c.Rule]++
		if len(c.Secrets) == 0 {
			t.Errorf("%s: no secret", c.Name)
		}
		fs := byRule(c.Rule, c.Text)
		for _, s := range c.Secrets {
			at := strings.Index(c.Text, s)
			if at < 0 {
				t.Fatalf("%s: secret %q is not in its text", c.Name, s)
			}
			covered := false
			for _, f := range fs {
				covered = covered || f.Start <= at && at+len(s) <= f.End
			}
			if !covered {
				t.Errorf("%s: rule %s alone does not cover %q in %q (found %v)", c.Name, c.Rule, s, c.Text, fs)
			}
			if Placeholder(KindAPIKey, s) {
				t.Errorf("%s: %q is a placeholder, which the fixture gate lets pass", c.Name, s)
			}
		}
	}
	for _, n := range negs {
		neg[n.Rule]++
		if got := Text(n.Text); got != n.Text {
			t.Errorf("negative sample of %s changed:\n in: %q\nout: %q", n.Rule, n.Text, got)
		}
	}
	for _, r := range rules {
		if pos[r.name] == 0 || neg[r.name] == 0 {
			t.Errorf("rule %q has %d secret and %d negative samples; it needs both", r.name, pos[r.name], neg[r.name])
		}
		delete(pos, r.name)
		delete(neg, r.name)
	}
	for name := range pos {
		t.Errorf("secret samples name rule %q, which does not exist", name)
	}
	for name := range neg {
		t.Errorf("negative samples name rule %q, which does not exist", name)
	}
	t.Logf("%d rules, %d fake secrets, %d negative samples", len(rules), len(cases), len(negs))
}

// TestCasesRedacted checks that no output of the package shows any fake
// secret: Text, and Excerpt centred on every tenth byte of the text at
// several lengths.
func TestCasesRedacted(t *testing.T) {
	for _, c := range redacttest.Cases() {
		if l := redacttest.Shown(Text(c.Text), c); l != "" {
			t.Errorf("%s: Text shows %q: %q", c.Name, l, Text(c.Text))
		}
		for p := 0; p < len(c.Text); p += 10 {
			for _, max := range []int{16, 80, 240, 1000} {
				if ex := Excerpt(c.Text, p, p+1, max); redacttest.Shown(ex, c) != "" {
					t.Fatalf("%s: Excerpt(%d, %d) shows %q: %q", c.Name, p, max, redacttest.Shown(ex, c), ex)
				}
			}
		}
	}
}

// TestSecretEndCoversKeys holds the key rule's shortcut to its word
// lists: every secret word's last two letters pass it.
func TestSecretEndCoversKeys(t *testing.T) {
	for _, w := range append(append([]string{"pass", "pw"}, passwordKeys...), secretKeys...) {
		if !secretEnd(w[len(w)-2], w[len(w)-1]) {
			t.Errorf("secretEnd rejects names ending in %q", w)
		}
		if got := secretKey("X_" + strings.ToUpper(w)); got == keyNone {
			t.Errorf("secretKey(%q) = keyNone", "X_"+strings.ToUpper(w))
		}
	}
}
