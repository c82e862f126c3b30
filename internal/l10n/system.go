package l10n

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/errcat/errcat/internal/l10n/mo"
)

// System reads the catalogues installed under a locale directory
// (/usr/share/locale) and names their packages with dpkg-query.
type System struct {
	Dir string
	// Owner names the package (name and version) that installed a file;
	// when nil, dpkg-query does (see Dpkg).
	Owner func(path string) (string, error)
}

// Catalogue implements Source: the first of LOCALE and its language that
// has LC_MESSAGES/DOMAIN.mo, as gettext searches them.
func (s *System) Catalogue(domain, locale string) (*mo.File, string, error) {
	for _, dir := range lookupOrder(locale) {
		p := filepath.Join(s.Dir, dir, "LC_MESSAGES", domain+".mo")
		data, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, "", err
		}
		f, err := mo.Parse(data)
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", p, err)
		}
		if s.Owner == nil {
			s.Owner = (&Dpkg{}).Owner
		}
		pkg, err := s.Owner(p)
		if err != nil {
			return nil, "", err
		}
		return f, pkg, nil
	}
	return nil, "", nil
}

// lookupOrder is where gettext looks for a locale's messages: the locale,
// then its language alone.
func lookupOrder(locale string) []string {
	if lang, _, ok := strings.Cut(locale, "_"); ok {
		return []string{locale, lang}
	}
	return []string{locale}
}

// Dpkg names the Debian packages that installed files, with their
// versions, as dpkg-query reports them. It asks for every locale's copy
// of a catalogue at once (the locale directory as a wildcard), and for
// each package's version once, since a domain's catalogues come from one
// package.
type Dpkg struct {
	owners   map[string]string // path → package name
	versions map[string]string // package name → version
}

// Owner returns the package that installed path and its version
// ("libc-l10n 2.36-9+deb12u14").
func (d *Dpkg) Owner(path string) (string, error) {
	if d.owners == nil {
		d.owners, d.versions = map[string]string{}, map[string]string{}
	}
	if _, ok := d.owners[path]; !ok {
		// .../LOCALE/LC_MESSAGES/DOMAIN.mo → .../*/LC_MESSAGES/DOMAIN.mo
		msgs := filepath.Dir(path)
		pattern := filepath.Join(filepath.Dir(filepath.Dir(msgs)), "*", filepath.Base(msgs), filepath.Base(path))
		if err := d.search(pattern); err != nil {
			return "", err
		}
	}
	name, ok := d.owners[path]
	if !ok {
		if err := d.search(path); err != nil {
			return "", err
		}
		name = d.owners[path]
	}
	ver, ok := d.versions[name]
	if !ok {
		out, err := exec.Command("dpkg-query", "-W", "-f", "${Version}", name).Output()
		if err != nil {
			return "", fmt.Errorf("dpkg-query -W %s: %w", name, err)
		}
		ver = strings.TrimSpace(string(out))
		d.versions[name] = ver
	}
	name, _, _ = strings.Cut(name, ":") // the architecture says nothing of the text
	return name + " " + ver, nil
}

// search records the owners of the files dpkg-query -S finds for pattern.
func (d *Dpkg) search(pattern string) error {
	out, err := exec.Command("dpkg-query", "-S", pattern).Output()
	if err != nil {
		return fmt.Errorf("dpkg-query -S %s: %w", pattern, err)
	}
	// "libapt-pkg6.0:amd64: /usr/share/locale/de/LC_MESSAGES/libapt-pkg6.0.mo"
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.HasPrefix(line, "diversion by ") {
			continue
		}
		names, file, ok := strings.Cut(line, ": ")
		if !ok {
			return fmt.Errorf("dpkg-query -S %s: unexpected output %q", pattern, line)
		}
		d.owners[file] = strings.Split(names, ", ")[0] // a file several packages share
	}
	return nil
}
