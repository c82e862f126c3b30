package compile

import (
	"fmt"
	"regexp/syntax"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/internal/compile/literal"
	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/hint"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/signame"
	"github.com/errcat/errcat/internal/source"
	"github.com/errcat/errcat/internal/tables"
)

// translator turns schema-checked nodes into tables. The schema has
// already vouched for shapes and types, so this code reads nodes without
// re-checking them and reports only what a schema cannot see: names that
// must resolve, patterns that must compile, values that must agree.
type translator struct {
	errs    diag.List
	classes map[string]int
	codes   map[string]int
	pending []*pendingRule // pointers: a rule is large to copy and sort
	byID    map[string]*pendingRule
	regexes map[string]parsedRegex // by source, parsed once
	// l10n is the catalogue's translation data, by domain and msgid,
	// which gettext matchers expand from.
	l10n map[string]map[string]*l10nMessage
	// shared holds catalogue.yaml's guards and extract sources, which
	// rules of every file name instead of repeating them.
	shared shared
}

// parsedRegex is a checked pattern with its syntax tree and the literal
// analysis of it that its leads and triggers come from, so that no pattern
// is parsed or analysed twice.
type parsedRegex struct {
	re   *tables.Regex
	tree *syntax.Regexp
	lits *literal.Node
}

// pendingRule is a rule whose overrides are not resolved yet: they may
// name rules of files read later.
type pendingRule struct {
	rule      tables.Rule
	file      *source.File
	node      *yaml.Node
	overrides []*yaml.Node
}

func (t *translator) catalogue(f *source.File) *tables.Catalogue {
	cat := &tables.Catalogue{
		Name:    source.Get(f.Root, "name").Value,
		Version: source.Get(f.Root, "version").Value,
	}
	keys, vals := source.Pairs(source.Get(f.Root, "classes"))
	t.classes = map[string]int{}
	order := sortedIdx(keys)
	exitBy := map[int]*yaml.Node{}
	for _, i := range order {
		exit, _ := strconv.Atoi(source.Get(vals[i], "exit_code").Value)
		if prev, dup := exitBy[exit]; dup {
			t.errs.Add(f.Errorf(source.Get(vals[i], "exit_code"), diag.BadValue,
				"exit code %d is already used by class %q", exit, prev.Value))
		}
		exitBy[exit] = keys[i]
		t.classes[keys[i].Value] = len(cat.Classes)
		cat.Classes = append(cat.Classes, tables.Class{
			Name:        keys[i].Value,
			Description: source.Get(vals[i], "description").Value,
			ExitCode:    exit,
		})
	}
	keys, vals = source.Pairs(source.Get(f.Root, "codes"))
	t.codes = map[string]int{}
	for _, i := range sortedIdx(keys) {
		classNode := source.Get(vals[i], "class")
		class, ok := t.classes[classNode.Value]
		if !ok {
			t.errs.Add(f.Errorf(classNode, diag.UnknownClass, "code %q: unknown class %q (declared: %s)",
				keys[i].Value, classNode.Value, strings.Join(sortedKeys(t.classes), ", ")))
		}
		t.codes[keys[i].Value] = len(cat.Codes)
		cat.Codes = append(cat.Codes, tables.Code{
			Name:        keys[i].Value,
			Class:       class,
			Description: source.Get(vals[i], "description").Value,
			Unblock:     scalar(source.Get(vals[i], "unblock")),
			Scope:       scalar(source.Get(vals[i], "scope")),
		})
	}
	t.byID = map[string]*pendingRule{}
	t.shared = t.sharedDefs(f)
	return cat
}

// rules translates one rule file; rel is its path inside the catalogue,
// which the tables record so they do not depend on where errcat ran.
func (t *translator) rules(f *source.File, rel string) {
	for _, n := range source.Items(source.Get(f.Root, "rules")) {
		t.rule(f, rel, n)
	}
}

func (t *translator) rule(f *source.File, rel string, n *yaml.Node) {
	idNode := source.Get(n, "id")
	id := idNode.Value
	errsBefore := len(t.errs)
	if prev, dup := t.byID[id]; dup {
		t.errs.Add(f.Errorf(idNode, diag.DuplicateRule, "rule %s is already defined at %s", id, prev.file.Pos(prev.node)))
		return
	}
	codeNode := source.Get(n, "code")
	code, ok := t.codes[codeNode.Value]
	if !ok {
		t.errs.Add(f.Errorf(codeNode, diag.UnknownCode, "rule %s: unknown code %q", id, codeNode.Value))
	}
	r := tables.Rule{
		ID:         id,
		Code:       code,
		Confidence: confidence(source.Get(n, "confidence").Value),
		Scope:      scalar(source.Get(n, "scope")),
		File:       rel,
		Line:       n.Line,
	}
	if p := source.Get(n, "priority"); p != nil {
		r.Priority, _ = strconv.Atoi(p.Value)
	}
	r.Match = t.cond(f, id, "match", source.Get(n, "match"))
	r.Tier = tier(&r.Match)
	if b := source.Get(n, "bare"); b != nil && b.Value == "true" && r.Tier != 0 {
		// The rule's field or line only restates a number.
		r.Tier = tables.TierBare
	}
	r.Triggers = triggers(&r.Match)
	if r.Tier == 0 && len(t.errs) == errsBefore {
		t.errs.Add(f.Errorf(source.Get(n, "match"), diag.BadValue,
			"rule %s: match needs a matcher besides provider and case_sensitive", id))
	}
	if g := source.Get(n, "not"); g != nil {
		if g.Kind == yaml.SequenceNode {
			r.Not = t.guardList(f, id, g)
		} else if gf, gn, ok := t.shared.guard(t, f, id, g); ok {
			c := t.cond(gf, id, "not", gn)
			r.Not = &c
		}
	}
	if ex := source.Get(n, "extract"); ex != nil {
		for _, key := range []string{"retry_after", "reset_at"} {
			for _, s := range source.Items(source.Get(ex, key)) {
				if sf, sn, ok := t.shared.source(t, f, id, key, s); ok {
					r.Hints = append(r.Hints, t.hintSource(sf, id, sn))
				}
			}
		}
		for _, s := range source.Items(source.Get(ex, "tokens")) {
			if sf, sn, ok := t.shared.source(t, f, id, "tokens", s); ok {
				r.Hints = append(r.Hints, t.tokenSource(sf, id, sn))
			}
		}
	}
	if len(t.errs) > errsBefore {
		return
	}
	p := &pendingRule{rule: r, file: f, node: n, overrides: source.Items(source.Get(n, "overrides"))}
	t.byID[id] = p
	t.pending = append(t.pending, p)
}

// finish orders the rules by id, resolves overrides and stamps the version.
func (t *translator) finish(cat *tables.Catalogue) {
	sort.Slice(t.pending, func(i, j int) bool { return t.pending[i].rule.ID < t.pending[j].rule.ID })
	cat.Rules = slices.Grow(cat.Rules, len(t.pending))
	index := map[string]int{}
	for i, p := range t.pending {
		index[p.rule.ID] = i
	}
	for i, p := range t.pending {
		for _, o := range p.overrides {
			j, ok := index[o.Value]
			switch {
			case !ok:
				t.errs.Add(p.file.Errorf(o, diag.UnknownRule, "rule %s: overrides unknown rule %q", p.rule.ID, o.Value))
			case j == i:
				t.errs.Add(p.file.Errorf(o, diag.BadValue, "rule %s: overrides itself", p.rule.ID))
			default:
				p.rule.Overrides = append(p.rule.Overrides, j)
			}
		}
		sort.Ints(p.rule.Overrides)
		cat.Rules = append(cat.Rules, p.rule)
	}
	for i := range t.pending {
		for _, j := range t.pending[i].rule.Overrides {
			if intIn(t.pending[j].rule.Overrides, i) {
				p := t.pending[i]
				t.errs.Add(p.file.Errorf(source.Get(p.node, "overrides"), diag.BadValue,
					"rule %s and rule %s override each other", p.rule.ID, t.pending[j].rule.ID))
			}
		}
	}
	// The engine keeps each pattern's compiled form by its ID.
	cat.Number()
	cat.ID = cat.Version + "+" + Digest(cat)
}

// cond translates one matcher block (match or not).
func (t *translator) cond(f *source.File, id, where string, n *yaml.Node) tables.Cond {
	var c tables.Cond
	c.CaseSensitive = scalar(source.Get(n, "case_sensitive")) == "true"
	for _, v := range source.Items(source.Get(n, "provider")) {
		c.Providers = append(c.Providers, strings.ToLower(v.Value))
	}
	for _, v := range source.Items(source.Get(n, "status")) {
		c.Status = append(c.Status, statusRange(v.Value))
	}
	keys, vals := source.Pairs(source.Get(n, "header"))
	for i := range keys {
		c.Headers = append(c.Headers, t.fieldTest(f, id, strings.ToLower(keys[i].Value), vals[i]))
	}
	keys, vals = source.Pairs(source.Get(n, "json"))
	for i := range keys {
		c.JSON = append(c.JSON, t.fieldTest(f, id, keys[i].Value, vals[i]))
	}
	sort.Slice(c.Headers, func(i, j int) bool { return c.Headers[i].Name < c.Headers[j].Name })
	sort.Slice(c.JSON, func(i, j int) bool { return c.JSON[i].Name < c.JSON[j].Name })
	for _, v := range source.Items(source.Get(n, "exit_code")) {
		x, _ := strconv.Atoi(v.Value)
		c.ExitCodes = append(c.ExitCodes, x)
	}
	for _, v := range source.Items(source.Get(n, "signal")) {
		if err := signame.Check(v.Value); err != nil {
			t.errs.Add(f.Errorf(v, diag.BadValue, "rule %s: %s.signal: %v", id, where, err))
			continue
		}
		c.Signals = append(c.Signals, match.CanonicalSignal(v.Value))
	}
	for _, v := range source.Items(source.Get(n, "exact")) {
		c.Exact = append(c.Exact, strings.TrimSpace(v.Value))
	}
	for _, v := range source.Items(source.Get(n, "contains")) {
		s := v.Value
		if !c.CaseSensitive {
			s = literal.Lower(s) // the engine folds ASCII only
		}
		c.Contains = append(c.Contains, s)
	}
	addRegex := func(p parsedRegex) {
		if where == "not" {
			// A guard runs only on records its rule matched: it
			// needs no triggers, so it is not split.
			c.Regex = append(c.Regex, p.re)
			return
		}
		c.Regex = append(c.Regex, branches(p)...)
	}
	for _, v := range source.Items(source.Get(n, "regex")) {
		if p, ok := t.regex(f, id, where+".regex", v); ok {
			addRegex(p)
		}
	}
	if g := source.Get(n, "gettext"); g != nil {
		if source.Get(n, "regex") != nil {
			// One block's regex list is one "any of"; gettext patterns
			// joining it would make the two matchers one, against the
			// rule that every matcher given must hold.
			t.errs.Add(f.Errorf(source.Key(n, "gettext"), diag.BadValue,
				"rule %s: %s: gettext and regex cannot be given together; put the message in a rule of its own", id, where))
		}
		srcs, nodes := t.gettextPatterns(f, id, where+".gettext", g)
		for i, src := range srcs {
			if p, ok := t.regexSource(f, id, where+".gettext", nodes[i], src); ok {
				addRegex(p)
			}
		}
	}
	return c
}

func (t *translator) fieldTest(f *source.File, id, name string, v *yaml.Node) tables.FieldTest {
	ft := tables.FieldTest{Name: name}
	switch {
	case source.Get(v, "present") != nil:
		ft.Kind = tables.Present
	case source.Get(v, "regex") != nil:
		ft.Kind = tables.Match
		p, _ := t.regex(f, id, name, source.Get(v, "regex"))
		ft.Re = p.re
	default:
		ft.Kind = tables.Equal
		for _, x := range source.Items(v) {
			ft.Values = append(ft.Values, strings.TrimSpace(x.Value))
		}
	}
	return ft
}

func (t *translator) hintSource(f *source.File, id string, n *yaml.Node) tables.HintSource {
	var h tables.HintSource
	switch scalar(source.Get(n, "unit")) {
	case "ms":
		h.Unit = uint8(hint.Millis)
	case "epoch":
		h.Unit = uint8(hint.Epoch)
	default:
		h.Unit = uint8(hint.Seconds)
	}
	switch {
	case source.Get(n, "header") != nil:
		h.From, h.Key = tables.FromHeader, strings.ToLower(source.Get(n, "header").Value)
	case source.Get(n, "json") != nil:
		h.From, h.Key = tables.FromJSON, source.Get(n, "json").Value
	default:
		h.From = tables.FromText
		rn := source.Get(n, "regex")
		p, ok := t.regex(f, id, "extract.regex", rn)
		h.Re = p.re
		if ok && p.tree.MaxCap() == 0 { // what NumSubexp would count
			t.errs.Add(f.Errorf(rn, diag.BadRegex,
				"rule %s: extract regex needs a capture group (named value, or the first group) around the hint", id))
		}
	}
	return h
}

// tokenSource compiles a tokens source: a regex whose groups named
// requested (summed, when there are several) and limit hold a context
// window's numbers.
func (t *translator) tokenSource(f *source.File, id string, n *yaml.Node) tables.HintSource {
	h := tables.HintSource{From: tables.FromText, Want: tables.WantTokens}
	rn := source.Get(n, "regex")
	p, ok := t.regex(f, id, "extract.tokens.regex", rn)
	h.Re = p.re
	if ok && !slices.ContainsFunc(p.tree.CapNames(), func(s string) bool { return s == "requested" || s == "limit" }) {
		t.errs.Add(f.Errorf(rn, diag.BadRegex,
			"rule %s: extract tokens regex needs a group named requested or limit", id))
	}
	return h
}

// regex checks a pattern, reporting RE2's own explanation at the node.
// A pattern used by many rules (a shared guard, written once as a YAML
// anchor) is parsed once and shared: tables are read-only after Load.
func (t *translator) regex(f *source.File, id, where string, n *yaml.Node) (parsedRegex, bool) {
	return t.regexSource(f, id, where, n, n.Value)
}

// regexSource is regex for a pattern src that node n stands for (a
// gettext reference stands for the patterns it expands to).
func (t *translator) regexSource(f *source.File, id, where string, n *yaml.Node, src string) (parsedRegex, bool) {
	if p, ok := t.regexes[src]; ok {
		return p, true
	}
	re, tree, err := tables.ParseRegex(src)
	if err != nil {
		msg := err.Error()
		var se *syntax.Error
		if e, ok := err.(*syntax.Error); ok {
			se = e
			msg = fmt.Sprintf("%s: %s", se.Code, se.Expr)
		}
		t.errs.Add(f.Errorf(n, diag.BadRegex, "rule %s: %s: invalid regex: %s", id, where, msg))
		return parsedRegex{}, false
	}
	lits := literal.Of(tree)
	re.Alts = altsOf(lits)
	if t.regexes == nil {
		t.regexes = map[string]parsedRegex{}
	}
	p := parsedRegex{re, tree, lits}
	t.regexes[src] = p
	return p, true
}

// tier is the rule's strongest matcher's tier; 0 when it has none that
// counts (provider narrows a rule but is no evidence of the failure). A
// status, exit code or signal alone is a bare number; with a header or a
// JSON field beside it, the rule names more than the number.
func tier(c *tables.Cond) tables.Tier {
	switch {
	case len(c.Headers) > 0 || len(c.JSON) > 0:
		return tables.TierStructured
	case (len(c.Status) > 0 || len(c.ExitCodes) > 0 || len(c.Signals) > 0) && len(c.Exact) == 0 && len(c.Contains) == 0 && len(c.Regex) == 0:
		return tables.TierBare
	case len(c.Status) > 0 || len(c.ExitCodes) > 0 || len(c.Signals) > 0:
		return tables.TierStructured
	case len(c.Exact) > 0:
		return tables.TierExact
	case len(c.Contains) > 0 || len(c.Regex) > 0:
		return tables.TierText
	}
	return 0
}

func statusRange(s string) tables.StatusRange {
	if strings.HasSuffix(s, "xx") {
		d, _ := strconv.Atoi(s[:1])
		return tables.StatusRange{Lo: d * 100, Hi: d*100 + 99}
	}
	n, _ := strconv.Atoi(s)
	return tables.StatusRange{Lo: n, Hi: n}
}

func confidence(s string) tables.Confidence {
	switch s {
	case "high":
		return tables.High
	case "medium":
		return tables.Medium
	}
	return tables.Low
}

func scalar(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	return n.Value
}

func sortedIdx(keys []*yaml.Node) []int {
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return keys[idx[a]].Value < keys[idx[b]].Value })
	return idx
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func intIn(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
