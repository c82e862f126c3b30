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
		kinds = flag.String("shapes", "mixed", "rule shapes: mixed (eight forms, as real catalogues have), or one of them: phrase, joined, named, counted, gap, reverse, json, status")
		pairs = flag.Bool("pairs", false, "ordinary lines pair two of the rules' nouns, as the bench's logs did before: every line is then made of rule words, and at 1000 rules 32 % of ordinary lines hold some rule's two nouns side by side")
	)
	flag.Parse()
	set, ok := shapeSets[*kinds]
	if !ok {
		fmt.Fprintf(os.Stderr, "bench: -shapes %q: want mixed or the name of one shape\n", *kinds)
		os.Exit(2)
	}
	if err := run(*out, *size, *rules, *seed, set, *pairs); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(out string, size, n int, seed uint64, set []shape, pairs bool) error {
	r := rand.New(rand.NewPCG(seed, 42))
	rules := makeRules(r, n, set)
	dir := filepath.Join(out, fmt.Sprintf("cat%d", n))
	if err := writeCatalogue(dir, rules); err != nil {
		return err
	}
	if err := writeLog(filepath.Join(out, "log.txt"), size, rules, pairs, rand.New(rand.NewPCG(seed, 7))); err != nil {
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

// services name the parts of a system that ordinary lines come from.
// None holds a word of vocabulary or verbs: an ordinary line names one
// service and one thing of the vocabulary, so that rules' words are all
// over the log, as in real logs, but two of a rule's nouns side by side
// (a trigger, or its start) only in error lines and near misses, as the
// speed issue specifies the log: 1 % errors, about 8 % near misses.
var services = strings.Fields(`billing checkout search inventory catalog payments orders profile
	cart pricing ledger invoice shipping warehouse analytics reporting notifier mailer scheduler
	crawler ranker feed avatar thumbnail geo locale currency tax coupon refund review rating
	wishlist recommender audit metrics tracing alerting onboarding signup login frontend mobile
	webhook exporter importer sync archive media upload preview editor comments`)

var verbs = strings.Fields(`failed refused rejected exhausted exceeded expired denied dropped
	aborted stalled corrupted unavailable unreachable throttled revoked missing invalid`)

// rule is one synthetic rule: two nouns, one or two verbs and a shape
// that writes them into a pattern (see shapes.go). RE2 reads the pattern
// with (?i); grep and ripgrep are given -i, and all three read \b alike.
type rule struct {
	id, pattern string
	nouns       [2]string
	verbs       []string
	tail        bool // the phrase shape's numeric tail
	code        int
	shape       shape
}

// makeRules draws n rules with distinct noun pairs, their shapes taken in
// turn from set.
func makeRules(r *rand.Rand, n int, set []shape) []rule {
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
		ru := rule{
			id:    fmt.Sprintf("bench.r%04d", len(out)),
			nouns: [2]string{a, b},
			verbs: vs,
			tail:  r.IntN(3) == 0,
			code:  len(out) % 20,
			shape: set[len(out)%len(set)],
		}
		ru.pattern = ru.shape.pattern(ru)
		out = append(out, ru)
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
		for _, l := range r.shape.literals(r) {
			fmt.Fprintf(&lits, "%s\n", l)
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
// "errors=0", a rule's nouns without its verb or with a 2xx status, a JSON
// "error" field that no rule names), some JSON lines and some long lines,
// and ordinary service log lines (see services). pairs makes ordinary
// lines pair two nouns of the vocabulary instead of a service and a noun:
// the log of earlier versions of the bench, made of rule words only, in
// which, at a thousand rules, 32 % of ordinary lines hold some rule's two
// nouns side by side.
func writeLog(path string, size int, rules []rule, pairs bool, r *rand.Rand) error {
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
			line = ru.shape.text(r, ru)
			if !strings.HasPrefix(line, "{") { // a JSON record is the whole line
				line = fmt.Sprintf("%s ERROR worker-%d: %s", stamp, r.IntN(64), line)
			}
		case x < 90: // near miss
			ru := rules[r.IntN(len(rules))]
			switch r.IntN(6) {
			case 0:
				line = fmt.Sprintf("%s WARN %s %s retrying in %ds (attempt %d/5)", stamp, ru.nouns[0], ru.nouns[1], 1+r.IntN(30), 1+r.IntN(4))
			case 1:
				line = fmt.Sprintf("%s INFO lookup %s: not found in cache, fetching", stamp, ru.nouns[1])
			case 2:
				line = fmt.Sprintf("%s INFO %s timeout=%ds errors=0", stamp, ru.nouns[0], 5+r.IntN(60))
			case 3:
				line = fmt.Sprintf("%s INFO %s %s returned HTTP %d in %dms", stamp, ru.nouns[0], ru.nouns[1], 200+r.IntN(5), r.IntN(900))
			case 4:
				line = fmt.Sprintf(`{"level":"warn","error":"%s_%s_retry","attempt":%d}`, ru.nouns[0], ru.nouns[1], 1+r.IntN(5))
			default:
				line = fmt.Sprintf("%s DEBUG %s %s ok after %s check", stamp, ru.nouns[0], ru.nouns[1], verbs[r.IntN(len(verbs))])
			}
		case x < 140: // JSON line
			line = fmt.Sprintf(`{"ts":"%s","level":"info","msg":"request served","path":"/v1/%s","status":200,"ms":%d}`, stamp, vocabulary[r.IntN(len(vocabulary))], r.IntN(900))
		case x < 145: // long line
			line = stamp + " DEBUG payload " + strings.Repeat(vocabulary[r.IntN(len(vocabulary))]+"=ok ", 200+r.IntN(400))
		default:
			first := services[r.IntN(len(services))]
			if pairs {
				first = vocabulary[r.IntN(len(vocabulary))]
			}
			line = fmt.Sprintf("%s INFO %s %s served %d items in %dms", stamp, first, vocabulary[r.IntN(len(vocabulary))], r.IntN(5000), r.IntN(900))
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
