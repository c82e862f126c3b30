package codegen

import "testing"

func TestUnexported(t *testing.T) {
	for in, want := range map[string]string{
		"Engine":     "engine",
		"HTTP":       "http",
		"HTTPStatus": "httpStatus",
		"ID":         "id",
		"IDs":        "ids",
		"TierText":   "tierText",
		"X":          "x",
		"Ünicode":    "ünicode",
	} {
		if got := unexported(in); got != want {
			t.Errorf("unexported(%q) = %q, want %q", in, got, want)
		}
	}
}
