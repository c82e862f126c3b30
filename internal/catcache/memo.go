package catcache

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/errcat/errcat/internal/atomicfile"
)

// MemoFile names the file of the collision memo in the cache directory;
// it is not a compiled catalogue, so pruning (which reads .gob files)
// leaves it alone.
const MemoFile = "collide.memo"

// memoFormat heads the file; the executable's identity follows it, so a
// rebuilt errcat (whose analysis may prove other things) starts afresh.
const memoFormat = "errcat collide memo 1\n"

// memoMax bounds the keys the file keeps (32 bytes each): the keys this
// run used always, the older ones while the total stays below it.
const memoMax = 1 << 18

// Memo is the collision analysis' memo (collide.Memo) kept in the cache
// directory: what errcat check and errcat test proved of pairs of rules,
// so that after an edit only the pairs the edit touches run
// their automata again. Like the catalogues, a memo that cannot be read
// or written is empty, never an error.
type Memo struct {
	file, id string

	mu   sync.Mutex
	old  map[[32]byte]struct{}
	used map[[32]byte]struct{}
	// learned is set once this run adds a key the file lacks.
	learned bool
}

// Memo returns the cache's memo, read from disk; nil when the cache is
// off or the running executable cannot be identified.
func (c Cache) Memo() *Memo {
	if c.Dir == "" {
		return nil
	}
	id, err := c.identity()
	if err != nil {
		return nil
	}
	m := &Memo{file: filepath.Join(c.Dir, MemoFile), id: id, old: map[[32]byte]struct{}{}, used: map[[32]byte]struct{}{}}
	data, err := os.ReadFile(m.file)
	if err != nil {
		return m
	}
	head := m.header()
	if !bytes.HasPrefix(data, head) || (len(data)-len(head))%32 != 0 {
		return m
	}
	for rest := data[len(head):]; len(rest) > 0; rest = rest[32:] {
		m.old[[32]byte(rest[:32])] = struct{}{}
	}
	return m
}

func (m *Memo) header() []byte { return []byte(memoFormat + m.id + "\n") }

// Known reports whether the memo holds key.
func (m *Memo) Known(key [32]byte) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.used[key]; ok {
		return true
	}
	if _, ok := m.old[key]; ok {
		m.used[key] = struct{}{}
		return true
	}
	return false
}

// Learn records key.
func (m *Memo) Learn(key [32]byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.used[key] = struct{}{}
	if _, ok := m.old[key]; !ok {
		m.learned = true
	}
}

// Save writes the memo back: every key this run used, and the older ones
// while they fit under memoMax. A run that learned nothing leaves the file
// as it is. A failure only means the next run searches again.
func (m *Memo) Save() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.learned {
		return
	}
	keys := make([][32]byte, 0, len(m.used))
	for k := range m.used {
		keys = append(keys, k)
	}
	for k := range m.old {
		if len(keys) >= memoMax {
			break
		}
		if _, ok := m.used[k]; !ok {
			keys = append(keys, k)
		}
	}
	// Sorted, so that the same memo writes the same file.
	slices.SortFunc(keys, func(a, b [32]byte) int { return bytes.Compare(a[:], b[:]) })
	var buf bytes.Buffer
	buf.Write(m.header())
	for _, k := range keys {
		buf.Write(k[:])
	}
	if err := os.MkdirAll(filepath.Dir(m.file), 0o700); err != nil {
		return
	}
	atomicfile.Write(m.file, buf.Bytes(), 0o600)
}
