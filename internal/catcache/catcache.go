// Package catcache keeps compiled catalogues on disk, so that a command
// run on the same catalogue again does not compile its YAML again, and
// beside them the collision analysis' memo (memo.go), so that errcat check
// does not search again the pairs of rules it proved before, and the
// reports of whole analyses (analysis.go), so that errcat test on a
// catalogue whose rules did not change does not analyse it again.
//
// Compiling is most of what errcat does before it reads its input:
// schema validation, YAML parsing and pattern analysis cost far more than
// decoding the compiled tables does. That is paid at every start of `errcat classify`, which CI jobs and agent
// loops run once per failure. The built-in catalogue is compiled ahead of
// time (package builtin); this does the same for a catalogue directory,
// the first time it is used.
//
// An entry is used only for the very files it was compiled from, by the
// very errcat binary that compiled them: its key hashes the catalogue's
// compile.FingerprintLayers (its files and those of every catalogue it
// extends), the name positions give its files, and the
// executable's path, size and modification time. An edited rule, or a
// rebuilt errcat, misses, and compiles afresh. Everything that goes
// wrong with the cache itself (no cache directory, a full disk, a
// truncated or foreign entry) is a miss and never an error: a catalogue
// that compiles is never refused because of its cache.
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
	"slices"
	"strings"
	"time"

	"github.com/errcat/errcat/internal/atomicfile"
	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/tables"
)

// Env names the variable that moves the cache, or turns it off with
// "off".
const Env = "ERRCAT_CACHE"

// maxEntries bounds how many compiled catalogues the cache keeps; the
// least recently used go first. A catalogue being edited leaves one entry
// per version tried, which must not pile up.
const maxEntries = 16

// format changes when what an entry holds changes shape; the executable's
// identity in the key already separates builds.
const format = "errcat compiled catalogue 2"

// Cache is a directory of compiled catalogues; the zero Cache keeps
// nothing and compiles every time.
type Cache struct {
	Dir string
	// exe identifies the program compiling: the running executable
	// unless a test says otherwise.
	exe func() (string, error)
}

// Default is the cache errcat uses: $ERRCAT_CACHE, or errcat's directory
// in the user's cache directory; none if $ERRCAT_CACHE is "off" or the
// user has no cache directory.
func Default(getenv func(string) string) Cache {
	switch dir := getenv(Env); dir {
	case "off":
		return Cache{}
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return Cache{}
		}
		return Cache{Dir: filepath.Join(base, "errcat", "catalogues")}
	default:
		return Cache{Dir: dir}
	}
}

// entry is what a cache file holds. Key repeats the file's name in full,
// so a file renamed, truncated or written by something else is told
// apart.
type entry struct {
	Key       string
	Catalogue *tables.Catalogue
}

// Load returns the catalogue rooted at fsys compiled, as compile.Load
// does (display names its files in positions), from the cache when this
// errcat compiled the same files before.
func (c Cache) Load(fsys fs.FS, display string) (*tables.Catalogue, error) {
	key, ok := c.key(fsys, display)
	if !ok {
		return compile.Load(fsys, display)
	}
	file := filepath.Join(c.Dir, key[:32]+".gob")
	if cat, ok := read(file, key); ok {
		now := time.Now()
		os.Chtimes(file, now, now) // recently used: pruned last
		return cat, nil
	}
	cat, err := compile.Load(fsys, display)
	if err != nil {
		return nil, err
	}
	c.write(file, key, cat)
	return cat, nil
}

// key hashes what the compiled tables depend on; ok is false when the
// cache is off or the catalogue cannot be read (compiling it reports
// why).
func (c Cache) key(fsys fs.FS, display string) (string, bool) {
	if c.Dir == "" {
		return "", false
	}
	id, err := c.identity()
	if err != nil {
		return "", false
	}
	fp, err := compile.FingerprintLayers(fsys, display)
	if err != nil {
		return "", false
	}
	h := sha256.New()
	for _, part := range []string{format, id, display, fp} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

// identity is the compiling program's: the running executable unless a
// test says otherwise.
func (c Cache) identity() (string, error) {
	if c.exe != nil {
		return c.exe()
	}
	return executable()
}

// executable identifies the running program by its path, size and
// modification time: a rebuild changes the last two.
func executable() (string, error) {
	path, err := os.Executable()
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s\x00%d\x00%d", path, fi.Size(), fi.ModTime().UnixNano()), nil
}

// read returns the catalogue file holds if it is the entry for key.
func read(file, key string) (*tables.Catalogue, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	var e entry
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&e); err != nil || e.Key != key || e.Catalogue == nil {
		return nil, false
	}
	return e.Catalogue, true
}

// write stores cat under key, then prunes the oldest entries. A failure
// only means the next run compiles again.
func (c Cache) write(file, key string, cat *tables.Catalogue) {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(entry{key, cat}); err != nil {
		return
	}
	// The cache holds what the user's catalogues say: theirs alone to
	// read.
	if err := os.MkdirAll(c.Dir, 0o700); err != nil {
		return
	}
	if err := atomicfile.Write(file, buf.Bytes(), 0o600); err != nil {
		return
	}
	c.prune()
}

// prune removes the least recently used compiled catalogues past
// maxEntries, and as many of the collision reports.
func (c Cache) prune() {
	des, err := os.ReadDir(c.Dir)
	if err != nil {
		return
	}
	for _, ext := range []string{".gob", analysisExt} {
		c.pruneExt(des, ext)
	}
}

// pruneExt removes the least recently used of the files of des whose
// names end in ext, past maxEntries.
func (c Cache) pruneExt(des []os.DirEntry, ext string) {
	type aged struct {
		name string
		used time.Time
	}
	var entries []aged
	for _, de := range des {
		if de.IsDir() || !strings.HasSuffix(de.Name(), ext) {
			continue
		}
		fi, err := de.Info()
		if err != nil {
			continue
		}
		entries = append(entries, aged{de.Name(), fi.ModTime()})
	}
	if len(entries) <= maxEntries {
		return
	}
	slices.SortFunc(entries, func(a, b aged) int { return b.used.Compare(a.used) })
	for _, e := range entries[maxEntries:] {
		os.Remove(filepath.Join(c.Dir, e.name))
	}
}
