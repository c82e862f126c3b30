package collide

import (
	"testing"

	"github.com/errcat/errcat/internal/tables"
)

// TestIsUnindexed holds the warning to the rules the engine must try on
// every record: text or JSON matchers without triggers.
func TestIsUnindexed(t *testing.T) {
	re := &tables.Regex{Src: `\d+`}
	tests := []struct {
		name string
		rule tables.Rule
		want bool
	}{
		{"text without triggers", tables.Rule{Match: tables.Cond{Regex: []*tables.Regex{re}}}, true},
		{"text with triggers", tables.Rule{Match: tables.Cond{Regex: []*tables.Regex{re}}, Triggers: []string{"quota"}}, false},
		{"json without triggers", tables.Rule{Match: tables.Cond{JSON: []tables.FieldTest{{Name: "details.0", Kind: tables.Present}}}}, true},
		{"json with triggers", tables.Rule{Match: tables.Cond{JSON: []tables.FieldTest{{Name: "error_msg", Kind: tables.Present}}}, Triggers: []string{`"error_msg"`}}, false},
		{"status only", tables.Rule{Match: tables.Cond{Status: []tables.StatusRange{{Lo: 429, Hi: 429}}}}, false},
	}
	for _, tt := range tests {
		if got := IsUnindexed(&tt.rule); got != tt.want {
			t.Errorf("%s: IsUnindexed = %v, want %v", tt.name, got, tt.want)
		}
	}
	r := tables.Rule{ID: "j.x", Match: tables.Cond{JSON: []tables.FieldTest{{Name: "details.0", Kind: tables.Present}}}}
	if msg := unindexedMessage(&r); msg == unindexedMessage(&tables.Rule{ID: "j.x", Match: tables.Cond{Regex: []*tables.Regex{re}}}) {
		t.Errorf("a JSON rule's warning reads as a text rule's: %s", msg)
	}
}
