package tables

import "testing"

// TestFieldTestKey: the key a record's text holds is the last step of a
// path, unless the lookup may read that step as an array index or an
// encoder may escape it.
func TestFieldTestKey(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"error.code", "code"},
		{"Error.Type", "type"},
		{"error_code", "error_code"},
		{"errors.0", ""},
		{"details.+01", ""}, // strconv.Atoi reads it as 1
		{"tags.-0", ""},
		{"a.b+c", ""}, // System.Text.Json writes + as \u002B
		{"a.x`y", ""},
		{"a.<b>", ""},
		{"a.1e3", "1e3"}, // not an integer: a key
	} {
		ft := FieldTest{Name: tt.name}
		if got := ft.Key(); got != tt.want {
			t.Errorf("Key(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}
