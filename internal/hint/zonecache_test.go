package hint

import (
	"testing"
	"unsafe"
)

// The engine hands hints views into a record's buffer, which it reuses for
// the next region: a zone name kept as a cache key must be a copy, or the
// key changes under the map (which then panics on a later insert).
func TestZoneCacheKeepsItsOwnNames(t *testing.T) {
	buf := []byte("Europe/Lisbon")
	name := unsafe.String(unsafe.SliceData(buf), len(buf))
	if _, ok := loadZone(name); !ok {
		t.Skip("no zone database on this machine")
	}
	copy(buf, "Europe/Berlin")
	v, ok := zoneCache.Load("Europe/Lisbon")
	if !ok {
		t.Fatal("the zone loaded as Europe/Lisbon is no longer cached under its name")
	}
	if got := v.(interface{ String() string }).String(); got != "Europe/Lisbon" {
		t.Errorf("the cached Europe/Lisbon zone is named %q", got)
	}
}
