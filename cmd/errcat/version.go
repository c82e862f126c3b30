package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/builtin"
	"github.com/errcat/errcat/internal/version"
)

// The version template calls errcatVersion only when --version is given,
// so no other command pays for reading the built-in catalogue.
func init() {
	cobra.AddTemplateFunc("errcatVersion", func() string {
		bi, _ := debug.ReadBuildInfo()
		catalogue := "unreadable"
		if cat, err := builtin.Catalogue(); err == nil {
			catalogue = cat.Name + " " + cat.ID
		}
		return versionText(bi, catalogue)
	})
}

// versionText is what --version prints: errcat's release, the module
// version and VCS revision the binary was built from (go install at a tag
// gives the tag; a build in a checkout, the commit), and the built-in
// catalogue's version.
func versionText(bi *debug.BuildInfo, catalogue string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "errcat %s\n", version.Version)
	module, revision := "unknown", "unknown"
	var when, modified string
	if bi != nil {
		if bi.Main.Version != "" {
			module = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.time":
				when = " " + s.Value
			case "vcs.modified":
				if s.Value == "true" {
					modified = " (modified)"
				}
			}
		}
	}
	fmt.Fprintf(&b, "module: %s\n", module)
	fmt.Fprintf(&b, "revision: %s%s%s\n", revision, when, modified)
	fmt.Fprintf(&b, "catalogue: %s\n", catalogue)
	return b.String()
}
