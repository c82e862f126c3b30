package termcolor

import (
	"bytes"
	"io"
	"os"
	"testing"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// said is a writer that says whether it is a terminal.
type said struct {
	io.Writer
	terminal bool
}

func (s said) IsTerminal() bool { return s.terminal }

func TestEnabled(t *testing.T) {
	// /dev/null is a character device, as a terminal is; a pipe is not.
	dev, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer dev.Close()
	r, pipe, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer pipe.Close()
	var buf bytes.Buffer
	tests := []struct {
		name string
		mode string
		env  map[string]string
		w    io.Writer
		want bool
	}{
		{"auto on a character device", Auto, nil, dev, true},
		{"auto on a pipe", Auto, nil, pipe, false},
		{"auto on a buffer", Auto, nil, &buf, false},
		{"auto with NO_COLOR", Auto, map[string]string{"NO_COLOR": "1"}, dev, false},
		{"auto with an empty NO_COLOR", Auto, map[string]string{"NO_COLOR": ""}, dev, true},
		{"auto on a dumb terminal", Auto, map[string]string{"TERM": "dumb"}, dev, false},
		{"always on a pipe", Always, nil, pipe, true},
		{"always with NO_COLOR", Always, map[string]string{"NO_COLOR": "1"}, &buf, true},
		{"never on a character device", Never, nil, dev, false},
		{"auto on a writer that says it is a terminal", Auto, nil, said{&buf, true}, true},
		{"auto on a writer that says it is not", Auto, nil, said{dev, false}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Enabled(tt.mode, env(tt.env), tt.w); got != tt.want {
				t.Errorf("Enabled(%q) = %v, want %v", tt.mode, got, tt.want)
			}
		})
	}
}

func TestClass(t *testing.T) {
	if got, want := Class("hard", "hard"), "\x1b[31mhard\x1b[0m"; got != want {
		t.Errorf("Class(hard) = %q, want %q", got, want)
	}
	if got := Class("mine", "mine"); got != "mine" {
		t.Errorf("a class of a catalogue's own is coloured: %q", got)
	}
	if err := Check("sometimes"); err == nil {
		t.Error("Check accepts sometimes")
	}
	for _, m := range []string{Auto, Always, Never} {
		if err := Check(m); err != nil {
			t.Errorf("Check(%q): %v", m, err)
		}
	}
}
