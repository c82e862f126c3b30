package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/atomicfile"
	"github.com/errcat/errcat/schema"
)

func newInitCmd(io stdio) *cobra.Command {
	return &cobra.Command{
		Use:   "init [DIR]",
		Short: "Write a starter catalogue layer over the built-in catalogue",
		Long: `Init writes a catalogue layer into DIR (default: the current directory):
catalogue.yaml, which extends the catalogue built into errcat, a rules file
with one example rule in comments, an empty fixtures file, a README, and
the JSON Schemas the files name for editors (schema/). As written, the layer
adds nothing and passes errcat test --catalogue DIR; every command takes it
with --catalogue DIR and classifies with its rules and the built-in ones.

Init refuses to overwrite: when any of the files exists it writes none.`,
		Args: usageArgs(cobra.MaximumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := "."
			if len(args) == 1 {
				dir = args[0]
			}
			return runInit(io, dir)
		},
	}
}

// starterFile is one file errcat init writes.
type starterFile struct {
	path string // slash-separated, inside the layer's directory
	data string
}

func runInit(io stdio, dir string) error {
	name := layerNameFor(dir)
	files := []starterFile{
		{"catalogue.yaml", strings.ReplaceAll(starterCatalogue, "NAME", name)},
		{"rules/" + name + ".yaml", starterRules},
		{"fixtures/" + name + ".yaml", starterFixtures},
		{"README.md", strings.ReplaceAll(strings.ReplaceAll(starterReadme, "NAME", name), "DIR", filepath.ToSlash(filepath.Clean(dir)))},
	}
	for _, s := range []string{schema.Catalogue, schema.Rules, schema.Fixtures} {
		files = append(files, starterFile{"schema/" + s + ".schema.json", string(schema.Source(s))})
	}
	var exist []string
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.path))
		if _, err := os.Lstat(p); err == nil {
			exist = append(exist, filepath.ToSlash(p))
		}
	}
	if len(exist) > 0 {
		return fmt.Errorf("init: %s already exist%s; nothing written", strings.Join(exist, ", "), plural(len(exist), "s", ""))
	}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := atomicfile.Write(p, []byte(f.data), 0o644); err != nil {
			return err
		}
	}
	shown := filepath.ToSlash(filepath.Clean(dir))
	fmt.Fprintf(io.out, "wrote catalogue layer %s in %s: catalogue.yaml, rules/%s.yaml, fixtures/%s.yaml, README.md, schema/\n", name, shown, name, name)
	fmt.Fprintf(io.out, "next: errcat test --catalogue %s\n", shown)
	return nil
}

var nonName = regexp.MustCompile(`[^a-z0-9_.-]+`)

// layerNameFor is a catalogue name made of dir's last element, or "team"
// when that spells none.
func layerNameFor(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	name := strings.Trim(nonName.ReplaceAllString(strings.ToLower(filepath.Base(abs)), "-"), "-._")
	if name == "" {
		return "team"
	}
	return name
}

const starterCatalogue = `# yaml-language-server: $schema=schema/catalogue.schema.json
# A catalogue layer: its codes and rules are added to those of the catalogue
# built into errcat, and its fixtures are replayed together with the built-in
# ones. Run every command on it with --catalogue (errcat test, check,
# classify, generate). docs/format.md of errcat says what each key means.
name: NAME
version: 0.1.0
extends: builtin

# Codes of your own, each with its class (transient, hard or request). A
# built-in code keeps its class; errcat codes lists them.
#
# codes:
#   deploy_locked:
#     class: transient
#     description: Another deploy holds the environment's lock; retry when it is released.
#     scope: tool

# A built-in rule that answers wrongly for you can be given another
# priority, or turned off with the reason (its fixtures are then skipped):
#
# priorities:
#   net.connection_refused: 10
# disable:
#   - rule: net.dns_failure
#     reason: our runners resolve names through a local cache that never fails
`

const starterRules = `# yaml-language-server: $schema=../schema/rules.schema.json
# This layer's rules. Each names a code of catalogue.yaml (or a built-in
# one) and is tried together with the built-in rules. Priority 100 ranks a
# rule above every built-in rule of its tier, so that where a phrase of
# yours and a built-in one meet in a message, yours decides and errcat
# check finds no tie between them. To add a rule, replace "rules: []" with
# a list like this example, and add a fixture it wins to ../fixtures/
# (errcat fixture add writes one):
#
# rules:
#   - id: deploy.lock_held
#     code: deploy_locked
#     confidence: high
#     priority: 100
#     description: the deploy tool's lock is held by another run
#     match:
#       contains: "deploy lock is held by"
rules: []
`

const starterFixtures = `# yaml-language-server: $schema=../schema/fixtures.schema.json
# Sanitised samples of your failures with the answer each must get; errcat
# test replays them. Give each rule a fixture it wins, and a fixture it must
# not match, worded differently. To add one, replace "[]" with a list like
# this example, or run: errcat fixture add --catalogue . --code CODE < sample
#
# - name: deploy lock held by another run
#   evidence: {text: "error: deploy lock is held by run 4711 since 09:12"}
#   expect: {code: deploy_locked, rule: deploy.lock_held}
# - name: neg deploy lock released
#   evidence: {text: "deploy lock released by run 4711"}
#   expect: unclassified
[]
`

const starterReadme = "# NAME: an errcat catalogue layer\n\n" +
	"This directory is a layer over the catalogue built into errcat (`extends: builtin` in\n" +
	"`catalogue.yaml`): errcat classifies with its rules and the built-in ones together.\n\n" +
	"```sh\n" +
	"errcat test --catalogue DIR                  # replay this layer's fixtures and the built-in ones\n" +
	"errcat check --catalogue DIR                 # prove no two rules of the combination collide\n" +
	"errcat classify --catalogue DIR < err.log    # classify with the combination\n" +
	"errcat generate --catalogue DIR --package errcatgen --out errcatgen/errcat_gen.go  # embed it in Go\n" +
	"```\n\n" +
	"To add a failure: declare its code in `catalogue.yaml` (if no built-in code fits), add a rule\n" +
	"to `rules/`, and add a fixture it wins and one it must not match to `fixtures/`.\n" +
	"`schema/` holds the JSON Schemas the files name for editors; `errcat schema NAME` prints the\n" +
	"current ones after an upgrade.\n"
