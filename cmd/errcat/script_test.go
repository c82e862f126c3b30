package main

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the cmp files of testdata/script/*.txtar with the output got")

// TestMain lets the test binary double as the errcat command, so scripts
// run the real main with real exit codes.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"errcat": main,
	})
}

// TestScript runs the end-to-end scenarios in testdata/script, one
// scenario per file, named <command>_<topic>.txtar.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("ERRCAT_CATALOGUE", "")
			// Compiled catalogues are kept in the scenario's own
			// directory: HOME is /no-home, which a test run as root
			// would otherwise create.
			env.Setenv("ERRCAT_CACHE", filepath.Join(env.WorkDir, ".errcat-cache"))
			return nil
		},
	})
}
