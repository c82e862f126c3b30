package compile_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/tables"
)

// writeTree writes files (slash paths) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// layeredTree is a team layer over a base layer, both over the built-in
// catalogue: builtin is reached twice and must apply once, first.
var layeredTree = map[string]string{
	"team/catalogue.yaml": `name: team
version: 0.2.0
extends: [builtin, ../base]
codes:
  runner_lost: {class: transient, description: The runner went away.}
priorities:
  base.lock: 7
disable:
  - {rule: net.dns_failure, reason: never fails here}
  - {rule: base.old, reason: replaced}
`,
	"team/rules/team.yaml": `rules:
  - id: team.runner_lost
    code: runner_lost
    confidence: high
    priority: 100
    match: {contains: "runner agent lost contact"}
    overrides: [base.old]
`,
	"base/catalogue.yaml": `name: base
version: 1.0.0
extends: builtin
codes:
  deploy_locked: {class: transient, description: Locked.}
`,
	"base/rules/base.yaml": `rules:
  - id: base.lock
    code: deploy_locked
    confidence: high
    priority: 100
    match: {contains: "deploy lock is held by"}
  - id: base.old
    code: deploy_locked
    confidence: high
    priority: 100
    match: {contains: "old deploy lock"}
`,
}

func loadTeam(t *testing.T, dir string) *tables.Catalogue {
	t.Helper()
	t.Chdir(dir)
	cat, err := compile.Load(os.DirFS("team"), "team")
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func TestLayers(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, layeredTree)
	cat := loadTeam(t, dir)

	var names []string
	for _, l := range cat.Layers {
		names = append(names, l.Name)
	}
	if want := []string{"default", "base", "team"}; !slices.Equal(names, want) {
		t.Fatalf("layers %v, want %v (builtin once, first)", names, want)
	}
	if !cat.Layers[0].Builtin || cat.Layers[1].Dir != "../base" || cat.Layers[2].Dir != "" {
		t.Errorf("layer dirs: %+v", cat.Layers)
	}
	if !regexp.MustCompile(`^team 0\.2\.0 \+ base 1\.0\.0 \+ default \d+\.\d+\.\d+\+[0-9a-f]{12}$`).MatchString(cat.ID) {
		t.Errorf("ID %q does not name every layer", cat.ID)
	}
	if cat.Name != "team" || cat.Version != "0.2.0" {
		t.Errorf("name %q version %q, want the top layer's", cat.Name, cat.Version)
	}

	rule := func(id string) *tables.Rule {
		for i := range cat.Rules {
			if cat.Rules[i].ID == id {
				return &cat.Rules[i]
			}
		}
		return nil
	}
	for _, id := range []string{"net.dns_failure", "base.old"} {
		if rule(id) != nil {
			t.Errorf("disabled rule %s is still in the tables", id)
		}
	}
	if r := rule("team.runner_lost"); r == nil || len(r.Overrides) != 0 || cat.LayerName(r) != "team" || cat.Path(r, "team") != "team/rules/team.yaml" {
		t.Errorf("team.runner_lost: %+v (an override of a disabled rule is dropped)", r)
	}
	if r := rule("base.lock"); r == nil || r.Priority != 7 || cat.LayerName(r) != "base" || cat.Path(r, "team") != "base/rules/base.yaml" {
		t.Errorf("base.lock: %+v, want priority 7 from team, in base", r)
	}
	if r := rule("net.connection_refused"); r == nil || cat.Path(r, "team") != "catalogue/rules/network.yaml" || cat.LayerName(r) != "default" {
		t.Errorf("a built-in rule is placed in the built-in catalogue: %+v", r)
	}
	if d := cat.Layers[2].Disabled; len(d) != 2 || d[0].Rule != "net.dns_failure" || d[0].Code != "network_unavailable" || d[0].Reason != "never fails here" {
		t.Errorf("disabled: %+v", d)
	}
}

// TestLayersChange holds that an edit in an extended layer changes both
// the fingerprint the cache keys on and the version.
func TestLayersChange(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, layeredTree)
	before := loadTeam(t, dir).ID
	fp1, err := compile.FingerprintLayers(os.DirFS("team"), "team")
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, dir, map[string]string{"base/catalogue.yaml": layeredTree["base/catalogue.yaml"] + "  extra_code: {class: hard, description: New.}\n"})
	fp2, err := compile.FingerprintLayers(os.DirFS("team"), "team")
	if err != nil {
		t.Fatal(err)
	}
	if fp1 == fp2 {
		t.Error("the fingerprint stays when an extended layer changes")
	}
	// extra_code has no rule, which compiles; only errcat test minds.
	if after := loadTeam(t, dir).ID; after == before {
		t.Errorf("the version %q stays when an extended layer changes", after)
	}
}
