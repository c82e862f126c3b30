// Command gen writes a catalogue's l10n data (l10n/DOMAIN.yaml) from the
// gettext catalogues installed on this machine; make l10n runs it. It
// needs the packages that ship the .mo files of the domains the rules
// name (on Debian: libc-l10n, bash, git, apt, dpkg) and dpkg-query to name
// their versions; nothing else does.
package main

import (
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"

	"github.com/errcat/errcat/internal/compile"
	"github.com/errcat/errcat/internal/l10n"
)

func main() {
	cat := flag.String("catalogue", "catalogue", "the catalogue directory")
	dir := flag.String("locale-dir", "/usr/share/locale", "where the .mo files are installed")
	flag.Parse()
	if err := run(*cat, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "l10n:", err)
		os.Exit(1)
	}
}

func run(cat, dir string) error {
	msgs, err := compile.Messages(os.DirFS(cat))
	if err != nil {
		return err
	}
	out := filepath.Join(cat, compile.L10nDir)
	prev := map[string][]byte{}
	current, _ := filepath.Glob(filepath.Join(out, "*.yaml"))
	for _, p := range current {
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		prev[path.Join(compile.L10nDir, filepath.Base(p))] = data
	}
	files, err := l10n.Generate(msgs, &l10n.System{Dir: dir}, prev)
	if err != nil {
		return err
	}
	// Data of a domain no rule names any more goes.
	for _, p := range current {
		rel, _ := filepath.Rel(cat, p)
		if _, keep := files[filepath.ToSlash(rel)]; !keep {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for p := range files {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		if err := os.WriteFile(filepath.Join(cat, filepath.FromSlash(p)), files[p], 0o644); err != nil {
			return err
		}
		fmt.Println("wrote", filepath.Join(cat, filepath.FromSlash(p)))
	}
	return nil
}
