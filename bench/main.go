package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	var (
		out   = flag.String("out", "bench/out", "directory to write into")
		size  = flag.Int("size", 256<<20, "log size in bytes")
		rules = flag.Int("rules", 200, "number of rules in the synthetic catalogue")
		seed  = flag.Uint64("seed", 1, "random seed")
	)
	flag.Parse()
	if err := run(*out, *size, *rules, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(out string, size, n int, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, 42))
	rules := makeRules(r, n)
	dir := filepath.Join(out, fmt.Sprintf("cat%d", n))
	if err := writeCatalogue(dir, rules); err != nil {
		return err
	}
	if err := writeLog(filepath.Join(out, "log.txt"), size, rules, rand.New(rand.NewPCG(seed, 7))); err != nil {
		return err
	}
	return nil
}

// vocabulary is what log lines and rules are made of: words that occur in
// real logs, so that near misses are realistic.
var vocabulary = strings.Fields(`connection request upstream backend worker queue cache token model
	session socket stream lock disk quota limit timeout handshake resolver cluster node pod
	container image registry volume mount certificate credential account project region
	deployment replica service gateway proxy listener channel tunnel pipeline artifact runner
	build step job shard index table schema migration snapshot backup secret vault policy`)

var verbs = strings.Fields(`failed refused rejected exhausted exceeded expired denied dropped
	aborted stalled corrupted unavailable unreachable throttled revoked missing invalid`)

// rule is one synthetic rule: a case-insensitive phrase "\b<noun> <noun>
// (<verb>|<verb>)\b" with an optional numeric tail. RE2 reads it with
// (?i); grep and ripgrep are given -i, and both read \b as RE2 does.
type rule struct {
	id, pattern string
	nouns       [2]string
	verbs       []string
	code        int
}

func makeRules(r *rand.Rand, n int) []rule {
	seen := map[string]bool{}
	var out []rule
	for len(out) < n {
		a, b := vocabulary[r.IntN(len(vocabulary))], vocabulary[r.IntN(len(vocabulary))]
		key := a + " " + b
		if a == b || seen[key] {
			continue
		}
		seen[key] = true
		vs := []string{verbs[r.IntN(len(verbs))]}
		if r.IntN(2) == 0 {
			if v := verbs[r.IntN(len(verbs))]; v != vs[0] {
				vs = append(vs, v)
			}
		}
		p := fmt.Sprintf(`\b%s %s (%s)\b`, a, b, strings.Join(vs, "|"))
		if r.IntN(3) == 0 {
			p += ` \(code [0-9]+\)`
		}
		out = append(out, rule{
			id:      fmt.Sprintf("bench.r%04d", len(out)),
			pattern: p,
			nouns:   [2]string{a, b},
			verbs:   vs,
			code:    len(out) % 20,
		})
	}
	return out
}

// caseMix capitalises a word now and then, as log messages do.
func caseMix(r *rand.Rand, w string) string {
	switch r.IntN(4) {
	case 0:
		return strings.ToUpper(w[:1]) + w[1:]
	case 1:
		return strings.ToUpper(w)
	}
	return w
}

func writeCatalogue(dir string, rules []rule) error {
	if err := os.MkdirAll(filepath.Join(dir, "rules"), 0o755); err != nil {
		return err
	}
	var c strings.Builder
	c.WriteString("name: bench\nversion: 0.0.1\nclasses:\n  transient: {description: synthetic, exit_code: 75}\ncodes:\n")
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&c, "  code%02d: {class: transient, description: synthetic code %d}\n", i, i)
	}
	if err := os.WriteFile(filepath.Join(dir, "catalogue.yaml"), []byte(c.String()), 0o644); err != nil {
		return err
	}
	var rs, pats, lits strings.Builder
	rs.WriteString("rules:\n")
	for i, r := range rules {
		// Distinct priorities: no two rules rank equally, so every line a
		// pattern matches is classified, as grep counts it.
		fmt.Fprintf(&rs, "  - id: %s\n    code: code%02d\n    confidence: high\n    priority: %d\n    match: {regex: '(?i)%s'}\n",
			r.id, r.code, 999-i, r.pattern)
		fmt.Fprintf(&pats, "%s\n", r.pattern)
		for _, v := range r.verbs {
			fmt.Fprintf(&lits, "%s %s %s\n", r.nouns[0], r.nouns[1], v)
		}
	}
	for name, data := range map[string]string{
		"rules/bench.yaml": rs.String(),
		"patterns.txt":     pats.String(),
		"literals.txt":     lits.String(),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// writeLog writes about size bytes: 1 % lines that match a rule, about
// 8 % near misses that hold trigger words ("not found", "timeout",
// "errors=0", a rule's nouns without its verb), some JSON lines and some
// long lines, and ordinary service log lines.
func writeLog(path string, size int, rules []rule, r *rand.Rand) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	written := 0
	ts := 0
	for written < size {
		ts++
		stamp := fmt.Sprintf("2026-01-%02dT%02d:%02d:%02d.%03dZ", 1+ts/86400000%28, ts/3600000%24, ts/60000%60, ts/1000%60, ts%1000)
		var line string
		switch x := r.IntN(1000); {
		case x < 10: // error line
			ru := rules[r.IntN(len(rules))]
			line = fmt.Sprintf("%s ERROR worker-%d: %s %s %s", stamp, r.IntN(64), caseMix(r, ru.nouns[0]), ru.nouns[1], ru.verbs[r.IntN(len(ru.verbs))])
			if strings.Contains(ru.pattern, "code") {
				line += fmt.Sprintf(" (code %d)", 100+r.IntN(900))
			}
		case x < 90: // near miss
			ru := rules[r.IntN(len(rules))]
			switch r.IntN(4) {
			case 0:
				line = fmt.Sprintf("%s WARN %s %s retrying in %ds (attempt %d/5)", stamp, ru.nouns[0], ru.nouns[1], 1+r.IntN(30), 1+r.IntN(4))
			case 1:
				line = fmt.Sprintf("%s INFO lookup %s: not found in cache, fetching", stamp, ru.nouns[1])
			case 2:
				line = fmt.Sprintf("%s INFO %s timeout=%ds errors=0", stamp, ru.nouns[0], 5+r.IntN(60))
			default:
				line = fmt.Sprintf("%s DEBUG %s %s ok after %s check", stamp, ru.nouns[0], ru.nouns[1], verbs[r.IntN(len(verbs))])
			}
		case x < 140: // JSON line
			line = fmt.Sprintf(`{"ts":"%s","level":"info","msg":"request served","path":"/v1/%s","status":200,"ms":%d}`, stamp, vocabulary[r.IntN(len(vocabulary))], r.IntN(900))
		case x < 145: // long line
			line = stamp + " DEBUG payload " + strings.Repeat(vocabulary[r.IntN(len(vocabulary))]+"=ok ", 200+r.IntN(400))
		default:
			line = fmt.Sprintf("%s INFO %s %s served %d items in %dms", stamp, vocabulary[r.IntN(len(vocabulary))], vocabulary[r.IntN(len(vocabulary))], r.IntN(5000), r.IntN(900))
		}
		n, err := w.WriteString(line + "\n")
		if err != nil {
			f.Close()
			return err
		}
		written += n
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
