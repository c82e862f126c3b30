package diag_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/diag"
)

func TestPosString(t *testing.T) {
	tests := []struct {
		pos  diag.Pos
		want string
	}{
		{diag.Pos{}, ""},
		{diag.Pos{File: "a.yaml"}, "a.yaml"},
		{diag.Pos{File: "a.yaml", Line: 3}, "a.yaml:3"},
		{diag.Pos{File: "a.yaml", Line: 3, Col: 7}, "a.yaml:3:7"},
	}
	for _, tt := range tests {
		if got := tt.pos.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.pos, got, tt.want)
		}
	}
}

func TestListSortsAndDedupes(t *testing.T) {
	var l diag.List
	l.Add(diag.Errorf(diag.Pos{File: "b.yaml", Line: 1, Col: 1}, diag.Schema, "late file"))
	l.Add(diag.Errorf(diag.Pos{File: "a.yaml", Line: 9, Col: 1}, diag.Schema, "late line"))
	l.Add(diag.Errorf(diag.Pos{File: "a.yaml", Line: 2, Col: 5}, diag.Schema, "same"))
	l.Add(diag.Errorf(diag.Pos{File: "a.yaml", Line: 2, Col: 5}, diag.Schema, "same"))
	l.Add(diag.Errorf(diag.Pos{File: "a.yaml", Line: 2, Col: 1}, diag.BadRegex, "early column"))
	err := l.Err()
	want := "a.yaml:2:1: early column\na.yaml:2:5: same\na.yaml:9:1: late line\nb.yaml:1:1: late file"
	if diff := cmp.Diff(want, err.Error()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestEmptyListIsNil(t *testing.T) {
	var l diag.List
	if err := l.Err(); err != nil {
		t.Errorf("empty list Err() = %v, want nil", err)
	}
}

func TestAs(t *testing.T) {
	e := diag.Errorf(diag.Pos{File: "x", Line: 1}, diag.UnknownCode, "boom")
	wrapped := fmt.Errorf("loading: %w", e)
	got := diag.As(wrapped)
	if len(got) != 1 || got[0].Code != diag.UnknownCode {
		t.Errorf("As(wrapped Error) = %v", got)
	}
	if diag.As(errors.New("plain")) != nil {
		t.Error("As(plain error) is not nil")
	}
	var target *diag.Error
	if !errors.As(diag.List{e}.Err(), &target) && diag.As(diag.List{e}.Err()) == nil {
		t.Error("a List does not yield its errors")
	}
}
