package compile

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/diag"
	"github.com/errcat/errcat/internal/source"
	"github.com/errcat/errcat/internal/tables"
)

// A layered catalogue is a catalogue.yaml with extends: the catalogue
// built into errcat (Builtin), or other catalogue directories named
// relative to it, in order. The layers are compiled as one catalogue, in
// the order they apply: each extended catalogue (with what it extends,
// first) before the layer that extends it, each directory once. A layer
// adds codes and rules, and may set the priority of, or disable, a rule
// it inherits; it shares the inherited classes, and cannot change the
// class of an inherited code, which would change the meaning of every
// inherited rule of that code.

// Builtin is what extends says for the catalogue built into errcat;
// BuiltinDir is how positions name that catalogue's directory.
const (
	Builtin    = "builtin"
	BuiltinDir = "catalogue"
)

// layer is one catalogue of a combination, read.
type layer struct {
	layerFiles
	rel     string // its directory relative to the top layer's; "" for the top and the built-in one
	osDir   string // where it is on disk; "" for the built-in one
	builtin bool
	key     string // what tells two layers apart: "builtin", or the absolute directory
}

// layerKey is the identity of the catalogue in directory dir.
func layerKey(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return filepath.Clean(dir)
}

// topLayer is the layer display names, read as l.
func topLayer(l layerFiles) *layer {
	dir := l.display
	if dir == "" {
		dir = "."
	}
	return &layer{layerFiles: l, osDir: dir, key: layerKey(dir)}
}

// resolver walks extends from the top layer, collecting the layers in the
// order they apply.
type resolver struct {
	errs  diag.List
	order []*layer
	done  map[string]bool
	stack []*layer // the layers whose extends are being walked
}

func (r *resolver) visit(l *layer) {
	r.stack = append(r.stack, l)
	for _, ref := range extendsOf(l.cat) {
		if next := r.open(l, ref); next != nil {
			r.visit(next)
		}
	}
	r.stack = r.stack[:len(r.stack)-1]
	r.done[l.key] = true
	r.order = append(r.order, l)
}

// extendsOf lists the items of catalogue.yaml's extends: one name or a list.
func extendsOf(f *source.File) []*yaml.Node {
	return source.Items(source.Get(f.Root, "extends"))
}

// open reads the catalogue that ref, an item of from's extends, names; nil
// when it is one already read, or when it cannot be (the reason is in
// r.errs).
func (r *resolver) open(from *layer, ref *yaml.Node) *layer {
	var l *layer
	switch {
	case ref.Value == Builtin:
		l = &layer{builtin: true, key: Builtin}
	case from.builtin:
		r.errs.Add(from.cat.Errorf(ref, diag.BadValue, "extends: the built-in catalogue extends no directory"))
		return nil
	case path.IsAbs(ref.Value) || filepath.IsAbs(ref.Value):
		r.errs.Add(from.cat.Errorf(ref, diag.BadValue,
			"extends %q: an absolute path; name the directory relative to this %s", ref.Value, CatalogueFile))
		return nil
	default:
		dir := filepath.Join(from.osDir, filepath.FromSlash(ref.Value))
		l = &layer{
			rel:   path.Clean(path.Join(from.rel, ref.Value)),
			osDir: dir,
			key:   layerKey(dir),
		}
	}
	for i, s := range r.stack {
		if s.key == l.key {
			var names []string
			for _, s := range r.stack[i:] {
				names = append(names, layerLabel(s))
			}
			r.errs.Add(from.cat.Errorf(ref, diag.BadValue, "extends %q: a cycle: %s -> %s",
				ref.Value, strings.Join(names, " -> "), layerLabel(s)))
			return nil
		}
	}
	if r.done[l.key] {
		return nil // extended twice: it applies once, where it was first reached
	}
	var errs diag.List
	if l.builtin {
		l.layerFiles, errs = readLayer(catalogue.FS, BuiltinDir)
	} else {
		display := path.Clean(path.Join(from.display, ref.Value))
		if st, err := os.Stat(l.osDir); err != nil || !st.IsDir() {
			r.errs.Add(from.cat.Errorf(ref, diag.Read, "extends %q: no catalogue directory %s", ref.Value, display))
			return nil
		}
		if _, err := os.Stat(filepath.Join(l.osDir, CatalogueFile)); err != nil {
			r.errs.Add(from.cat.Errorf(ref, diag.Read, "extends %q: %s has no %s", ref.Value, display, CatalogueFile))
			return nil
		}
		l.layerFiles, errs = readLayer(os.DirFS(l.osDir), display)
	}
	r.errs = append(r.errs, errs...)
	if l.cat == nil {
		return nil
	}
	return l
}

// layerLabel names a layer in messages: its directory, or builtin.
func layerLabel(l *layer) string {
	if l.builtin {
		return Builtin
	}
	if l.display == "" {
		return "."
	}
	return l.display
}

// layerName is a layer's catalogue name.
func layerName(l *layer) string { return source.Get(l.cat.Root, "name").Value }

// loadLayered compiles top with every catalogue it extends; errs are the
// problems reading top found.
func loadLayered(top layerFiles, errs diag.List) (*tables.Catalogue, error) {
	r := &resolver{done: map[string]bool{}}
	r.visit(topLayer(top))
	errs = append(errs, r.errs...)
	if len(r.errs) > 0 {
		// A layer missing or unsound leaves the others' names dangling:
		// what they would report is noise.
		return nil, errs.Err()
	}
	t := &translator{l10n: mergeL10n(r.order)}
	cat := t.layers(r.order)
	errs = append(errs, t.errs...)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return cat, nil
}

// mergeL10n joins the layers' translation data; a later layer's message
// replaces an earlier one's of the same domain and msgid.
func mergeL10n(order []*layer) map[string]map[string]*l10nMessage {
	out := map[string]map[string]*l10nMessage{}
	for _, l := range order {
		for domain, msgs := range l.l10n {
			if out[domain] == nil {
				out[domain] = map[string]*l10nMessage{}
			}
			for id, m := range msgs {
				out[domain][id] = m
			}
		}
	}
	return out
}

// origin is where a code or a shared definition was first declared.
type origin struct {
	layer string
	pos   diag.Pos
}

// layers translates the layers in order into one catalogue.
func (t *translator) layers(order []*layer) *tables.Catalogue {
	cat := t.catalogue(order[0].cat)
	codeFrom := map[string]origin{}
	keys, _ := source.Pairs(source.Get(order[0].cat.Root, "codes"))
	for _, k := range keys {
		codeFrom[k.Value] = origin{layerName(order[0]), order[0].cat.Pos(k)}
	}
	for _, l := range order[1:] {
		t.layerClasses(l, cat)
		t.layerCodes(l, cat, codeFrom)
	}
	sort.Slice(cat.Codes, func(i, j int) bool { return cat.Codes[i].Name < cat.Codes[j].Name })
	for i, c := range cat.Codes {
		t.codes[c.Name] = i
	}

	ruleLayer := map[string]int{}
	for i, l := range order {
		if i > 0 {
			t.layerShared(l)
		}
		before := len(t.pending)
		for j, f := range l.files {
			t.rules(f, path.Join(l.rel, l.paths[j]))
		}
		for _, p := range t.pending[before:] {
			p.rule.Layer = i
			ruleLayer[p.rule.ID] = i
		}
	}

	cat.Layers = make([]tables.Layer, len(order))
	disabled := map[string]bool{}
	for i, l := range order {
		tl := &cat.Layers[i]
		tl.Name = layerName(l)
		tl.Version = source.Get(l.cat.Root, "version").Value
		tl.Dir, tl.Builtin = l.rel, l.builtin
		if l.builtin {
			tl.Dir = BuiltinDir
		}
		t.layerPriorities(l, i, ruleLayer)
		tl.Disabled = t.layerDisables(l, i, ruleLayer, disabled)
	}
	t.dropDisabled(disabled)

	top := cat.Layers[len(cat.Layers)-1]
	cat.Name, cat.Version = top.Name, top.Version
	t.finish(cat)
	names := make([]string, 0, len(cat.Layers))
	for i := len(cat.Layers) - 1; i >= 0; i-- {
		names = append(names, cat.Layers[i].Name+" "+cat.Layers[i].Version)
	}
	cat.ID = strings.Join(names, " + ") + strings.TrimPrefix(cat.ID, cat.Version)
	return cat
}

// layerClasses checks the classes a layer declares, if any, against the
// inherited ones: a layer shares its classes with what it extends, since
// each class is a promise to every caller about what to do.
func (t *translator) layerClasses(l *layer, cat *tables.Catalogue) {
	keys, vals := source.Pairs(source.Get(l.cat.Root, "classes"))
	for i, k := range keys {
		idx, ok := t.classes[k.Value]
		if !ok {
			t.errs.Add(l.cat.Errorf(k, diag.BadValue, "class %q: a layer cannot add a class (inherited: %s)",
				k.Value, strings.Join(sortedKeys(t.classes), ", ")))
			continue
		}
		exitNode := source.Get(vals[i], "exit_code")
		if exit, _ := strconv.Atoi(exitNode.Value); exit != cat.Classes[idx].ExitCode {
			t.errs.Add(l.cat.Errorf(exitNode, diag.BadValue, "class %q: exit code %d differs from the inherited %d",
				k.Value, exit, cat.Classes[idx].ExitCode))
		}
	}
}

// layerCodes adds a layer's codes. A code it inherits may be declared
// again with the same class, to give it the layer's own description,
// unblock or scope; with another class it is an error.
func (t *translator) layerCodes(l *layer, cat *tables.Catalogue, from map[string]origin) {
	keys, vals := source.Pairs(source.Get(l.cat.Root, "codes"))
	for _, i := range sortedIdx(keys) {
		name := keys[i].Value
		classNode := source.Get(vals[i], "class")
		class, ok := t.classes[classNode.Value]
		if !ok {
			t.errs.Add(l.cat.Errorf(classNode, diag.UnknownClass, "code %q: unknown class %q (declared: %s)",
				name, classNode.Value, strings.Join(sortedKeys(t.classes), ", ")))
			continue
		}
		code := tables.Code{
			Name:        name,
			Class:       class,
			Description: source.Get(vals[i], "description").Value,
			Unblock:     scalar(source.Get(vals[i], "unblock")),
			Scope:       scalar(source.Get(vals[i], "scope")),
		}
		j, inherited := t.codes[name]
		if !inherited {
			t.codes[name] = len(cat.Codes)
			cat.Codes = append(cat.Codes, code)
			from[name] = origin{layerName(l), l.cat.Pos(keys[i])}
			continue
		}
		old := &cat.Codes[j]
		if old.Class != class {
			o := from[name]
			t.errs.Add(l.cat.Errorf(classNode, diag.BadValue,
				"code %q: class %s redefines the inherited code's class %s (layer %s, %s); name a new code instead",
				name, classNode.Value, cat.Classes[old.Class].Name, o.layer, o.pos))
			continue
		}
		if code.Unblock == "" {
			code.Unblock = old.Unblock
		}
		if code.Scope == "" {
			code.Scope = old.Scope
		}
		*old = code
	}
}

// layerShared reads a layer's guards and extract sources on top of the
// inherited ones, which its rules may name too. An inherited name cannot
// be defined again: inherited rules that name it would change meaning.
func (t *translator) layerShared(l *layer) {
	parent := t.shared
	sh := t.sharedDefs(l.cat)
	sh.parent = &parent
	for _, kind := range []struct {
		key, word string
		defs      func(*shared) map[string]*yaml.Node
	}{
		{"guards", "guard", func(s *shared) map[string]*yaml.Node { return s.guards }},
		{"extract", "extract source", func(s *shared) map[string]*yaml.Node { return s.extract }},
	} {
		keys, _ := source.Pairs(source.Get(l.cat.Root, kind.key))
		for _, k := range keys {
			if owner, def, ok := parent.lookup(kind.defs, k.Value); ok {
				t.errs.Add(l.cat.Errorf(k, diag.BadValue, "%s %q is inherited (%s); name a new one instead",
					kind.word, k.Value, owner.file.Pos(def)))
			}
		}
	}
	t.shared = sh
}

// unlayered reports the keys only a layer may have in a catalogue.yaml
// without extends: there is no inherited rule to give a priority or
// disable.
func (t *translator) unlayered(f *source.File) {
	for _, key := range []string{"priorities", "disable"} {
		if k := source.Key(f.Root, key); k != nil {
			t.errs.Add(f.Errorf(k, diag.BadValue, "%s: only a layer inherits rules to change; add extends", key))
		}
	}
}

// lookup finds the definition of name in sh or what it inherits, and the
// shared set that holds it.
func (sh *shared) lookup(defs func(*shared) map[string]*yaml.Node, name string) (*shared, *yaml.Node, bool) {
	for s := sh; s != nil; s = s.parent {
		if def, ok := defs(s)[name]; ok {
			return s, def, true
		}
	}
	return nil, nil, false
}

// inheritedRule reports whether rule id, as layer i names it, is one the
// layer inherits, and says why not at n when it is not.
func (t *translator) inheritedRule(l *layer, i int, ruleLayer map[string]int, n *yaml.Node, key string) bool {
	li, ok := ruleLayer[n.Value]
	switch {
	case !ok:
		t.errs.Add(l.cat.Errorf(n, diag.UnknownRule, "%s: no inherited rule %q", key, n.Value))
	case li == i:
		t.errs.Add(l.cat.Errorf(n, diag.BadValue, "%s: rule %s is this layer's own; change it in its rule file", key, n.Value))
	case li > i:
		t.errs.Add(l.cat.Errorf(n, diag.BadValue, "%s: rule %s comes from a layer applied later", key, n.Value))
	default:
		return true
	}
	return false
}

// layerPriorities sets the priorities a layer gives inherited rules.
func (t *translator) layerPriorities(l *layer, i int, ruleLayer map[string]int) {
	keys, vals := source.Pairs(source.Get(l.cat.Root, "priorities"))
	for j, k := range keys {
		if !t.inheritedRule(l, i, ruleLayer, k, "priorities") {
			continue
		}
		if p := t.byID[k.Value]; p != nil {
			p.rule.Priority, _ = strconv.Atoi(vals[j].Value)
		}
	}
}

// layerDisables reads a layer's disable list.
func (t *translator) layerDisables(l *layer, i int, ruleLayer map[string]int, disabled map[string]bool) []tables.Disabled {
	var out []tables.Disabled
	for _, n := range source.Items(source.Get(l.cat.Root, "disable")) {
		id := source.Get(n, "rule")
		if !t.inheritedRule(l, i, ruleLayer, id, "disable") {
			continue
		}
		if disabled[id.Value] {
			t.errs.Add(l.cat.Errorf(id, diag.BadValue, "disable: rule %s is already disabled", id.Value))
			continue
		}
		disabled[id.Value] = true
		code := ""
		if p := t.byID[id.Value]; p != nil {
			code = source.Get(p.node, "code").Value
		}
		out = append(out, tables.Disabled{
			Rule:   id.Value,
			Code:   code,
			Reason: source.Get(n, "reason").Value,
			File:   path.Join(l.rel, CatalogueFile),
			Line:   id.Line,
		})
	}
	return out
}

// dropDisabled removes the disabled rules before overrides are resolved:
// an override of a disabled rule has nothing left to beat.
func (t *translator) dropDisabled(disabled map[string]bool) {
	if len(disabled) == 0 {
		return
	}
	t.pending = slices.DeleteFunc(t.pending, func(p *pendingRule) bool { return disabled[p.rule.ID] })
	for id := range disabled {
		delete(t.byID, id)
	}
	for _, p := range t.pending {
		p.overrides = slices.DeleteFunc(p.overrides, func(o *yaml.Node) bool { return disabled[o.Value] })
	}
}

// FingerprintLayers is Fingerprint for a catalogue and every catalogue it
// extends, as Load finds them from display: a change to any layer changes
// it. An extends that cannot be followed is an error, as it is for Load.
func FingerprintLayers(fsys fs.FS, display string) (string, error) {
	dir := display
	if dir == "" {
		dir = "."
	}
	return fingerprintLayer(fsys, dir, nil)
}

func fingerprintLayer(fsys fs.FS, dir string, stack []string) (string, error) {
	own, err := Fingerprint(fsys)
	if err != nil {
		return "", err
	}
	data, err := fs.ReadFile(fsys, CatalogueFile)
	if err != nil {
		return "", err
	}
	var head struct {
		Extends yaml.Node `yaml:"extends"`
	}
	if err := yaml.Unmarshal(data, &head); err != nil {
		return "", err
	}
	refs := source.Items(&head.Extends)
	if head.Extends.Kind == 0 {
		return own, nil
	}
	key := layerKey(dir)
	if slices.Contains(stack, key) {
		return "", fmt.Errorf("%s: extends a cycle", dir)
	}
	stack = append(stack, key)
	parts := []string{own}
	for _, ref := range refs {
		var fp string
		if ref.Value == Builtin {
			fp, err = Fingerprint(catalogue.FS)
		} else {
			sub := filepath.Join(dir, filepath.FromSlash(ref.Value))
			fp, err = fingerprintLayer(os.DirFS(sub), sub, stack)
		}
		if err != nil {
			return "", err
		}
		parts = append(parts, ref.Value, fp)
	}
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
