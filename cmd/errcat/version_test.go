package main

import (
	"runtime/debug"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/version"
)

func TestVersionText(t *testing.T) {
	bi := &debug.BuildInfo{
		Main: debug.Module{Path: "github.com/errcat/errcat", Version: "v0.1.0"},
		Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
			{Key: "vcs.time", Value: "2026-01-01T00:00:00Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	want := "errcat " + version.Version + "\n" +
		"module: v0.1.0\n" +
		"revision: 0123456789abcdef0123456789abcdef01234567 2026-01-01T00:00:00Z (modified)\n" +
		"catalogue: default 0.1.0+abc\n"
	if diff := cmp.Diff(want, versionText(bi, "default 0.1.0+abc")); diff != "" {
		t.Errorf("versionText (-want +got):\n%s", diff)
	}
	want = "errcat " + version.Version + "\nmodule: unknown\nrevision: unknown\ncatalogue: x\n"
	if diff := cmp.Diff(want, versionText(nil, "x")); diff != "" {
		t.Errorf("versionText without build info (-want +got):\n%s", diff)
	}
}
