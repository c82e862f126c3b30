package main

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/catalogue"
	"github.com/errcat/errcat/internal/builtin"
	"github.com/errcat/errcat/internal/catcache"
	"github.com/errcat/errcat/internal/collide"
	"github.com/errcat/errcat/internal/match"
	"github.com/errcat/errcat/internal/tables"
)

// catalogueFlag is --catalogue, shared by every command that reads one.
type catalogueFlag struct {
	dir    string
	getenv func(string) string
}

func (c *catalogueFlag) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&c.dir, "catalogue", "", "catalogue directory (default $ERRCAT_CATALOGUE, else the catalogue built into errcat)")
}

// path returns the directory to load, or "" for the embedded catalogue.
func (c *catalogueFlag) path() string {
	if c.dir != "" {
		return c.dir
	}
	return c.getenv("ERRCAT_CATALOGUE")
}

// display is the catalogue directory as positions show it: the path the
// user gave, or "catalogue" for the built-in one.
func (c *catalogueFlag) display() string {
	if dir := c.path(); dir != "" {
		return filepath.ToSlash(filepath.Clean(dir))
	}
	return "catalogue"
}

// files is the file system the chosen catalogue's YAML is read from.
func (c *catalogueFlag) files() fs.FS {
	if dir := c.path(); dir != "" {
		return os.DirFS(dir)
	}
	return catalogue.FS
}

// fixturesDir is where errcat test and errcat fixture add look for the
// fixtures of the chosen catalogue when --fixtures is not given (see
// fixturesOf). It is "" for the built-in catalogue, whose fixtures are
// built in too.
func (c *catalogueFlag) fixturesDir() string {
	if dir := c.path(); dir != "" {
		return fixturesOf(dir)
	}
	return ""
}

// fixturesOf is where the fixtures of catalogue directory dir lie: in
// dir/fixtures, as errcat init lays out a layer, when that exists, else
// beside it in dir/../fixtures, as the shipped catalogue/ and fixtures/
// lie.
func fixturesOf(dir string) string {
	dir = filepath.Clean(dir)
	if st, err := os.Stat(filepath.Join(dir, "fixtures")); err == nil && st.IsDir() {
		return filepath.Join(dir, "fixtures")
	}
	return filepath.Join(filepath.Dir(dir), "fixtures")
}

// load compiles the chosen catalogue, or takes the built-in one compiled
// ahead of time. A broken one is exit status 1 with every problem
// positioned.
func (c *catalogueFlag) load() (*match.Engine, error) {
	var (
		cat *tables.Catalogue
		err error
	)
	if dir := c.path(); dir != "" {
		cat, err = catcache.Default(c.getenv).Load(c.files(), c.display())
	} else {
		cat, err = builtin.Catalogue()
	}
	if err != nil {
		return nil, err
	}
	return match.New(cat)
}

// analyze runs the collision analysis on eng's catalogue with the memo of
// the user's cache, so that a run after an edit searches only the pairs
// the edit touched; budget zero is the default.
func (c *catalogueFlag) analyze(eng *match.Engine, budget int) (*collide.Report, error) {
	opts := collide.Options{Budget: budget, Dir: c.display(), Engine: eng}
	memo := catcache.Default(c.getenv).Memo()
	if memo != nil {
		opts.Memo = memo
	}
	rep, err := collide.Analyze(eng.Catalogue(), opts)
	if err == nil && memo != nil {
		memo.Save()
	}
	return rep, err
}

// pendingAnalysis is an analysis running on a goroutine of its own.
type pendingAnalysis struct {
	done chan struct{}
	rep  *collide.Report
	err  error
}

// analyzeAsync starts an analysis and returns at once. The report comes
// from the user's cache when this errcat analysed the very same catalogue
// files before: errcat test after an edit of fixtures only, the common
// case, does not prove the rules again. Its Stats are then those of the
// run that made it, which is why errcat check, which prints them,
// analyses every time.
func (c *catalogueFlag) analyzeAsync(eng *match.Engine, budget int) *pendingAnalysis {
	p := &pendingAnalysis{done: make(chan struct{})}
	go func() {
		defer close(p.done)
		cache := catcache.Default(c.getenv)
		if rep, ok := cache.Analysis(c.files(), c.display(), budget); ok {
			p.rep = rep
			return
		}
		if p.rep, p.err = c.analyze(eng, budget); p.err == nil {
			cache.KeepAnalysis(c.files(), c.display(), budget, p.rep)
		}
	}()
	return p
}

// wait returns the analysis' report once it has run; any number of calls
// return the same.
func (p *pendingAnalysis) wait() (*collide.Report, error) {
	<-p.done
	return p.rep, p.err
}
