package catcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/errcat/errcat/internal/atomicfile"
	"github.com/errcat/errcat/internal/collide"
)

// analysisExt ends the names of the files that keep collision reports;
// pruning keeps as many of them as of compiled catalogues.
const analysisExt = ".check"

// analysisFormat changes when what a report file holds changes shape.
const analysisFormat = "errcat collision report 1"

// analysisEntry is what a report file holds; Key repeats the file's name
// in full, as entry does.
type analysisEntry struct {
	Key    string
	Report *collide.Report
}

// Analysis returns the collision report this errcat made of the very
// files of the catalogue rooted at fsys, named display in positions, at
// the given budget. The report depends on nothing else: the analysis is
// deterministic, and the memo it may have used changes only how fast it
// ran (and the Stats that count that work).
func (c Cache) Analysis(fsys fs.FS, display string, budget int) (*collide.Report, bool) {
	file, key, ok := c.analysisFile(fsys, display, budget)
	if !ok {
		return nil, false
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	var e analysisEntry
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&e); err != nil || e.Key != key || e.Report == nil {
		return nil, false
	}
	now := time.Now()
	os.Chtimes(file, now, now) // recently used: pruned last
	return e.Report, true
}

// KeepAnalysis stores rep as the report of the catalogue rooted at fsys
// at budget. A failure only means the next run analyses again.
func (c Cache) KeepAnalysis(fsys fs.FS, display string, budget int, rep *collide.Report) {
	file, key, ok := c.analysisFile(fsys, display, budget)
	if !ok {
		return
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(analysisEntry{key, rep}); err != nil {
		return
	}
	if err := os.MkdirAll(c.Dir, 0o700); err != nil {
		return
	}
	if err := atomicfile.Write(file, buf.Bytes(), 0o600); err != nil {
		return
	}
	c.prune()
}

// analysisFile is the file of the report of the catalogue at budget, and
// its key: the catalogue entry's key (files, positions, executable) with
// the budget.
func (c Cache) analysisFile(fsys fs.FS, display string, budget int) (file, key string, ok bool) {
	catKey, ok := c.key(fsys, display)
	if !ok {
		return "", "", false
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%d", analysisFormat, catKey, budget))
	key = hex.EncodeToString(sum[:])
	return filepath.Join(c.Dir, key[:32]+analysisExt), key, true
}
