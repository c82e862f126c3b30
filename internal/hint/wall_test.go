package hint

import (
	"testing"
	"time"
)

// TestWall reads wall-clock resets as usage-limit messages write them and
// places each against a clock: the next occurrence of a time of day, a
// date and time in its zone, and the clock's own zone where none is named.
func TestWall(t *testing.T) {
	lisbon, err := time.LoadLocation("Europe/Lisbon")
	if err != nil {
		t.Fatal(err)
	}
	utcNow := utc("2026-07-12T10:00:00Z")              // 11:00 in Lisbon (WEST, UTC+1)
	lisbonNow := utcNow.In(lisbon)                     // the same instant, Lisbon's clock
	winter := utc("2026-01-12T10:00:00Z")              // Lisbon on UTC+0
	tokyoNow := utcNow.In(time.FixedZone("X", 9*3600)) // 19:00 on a UTC+9 clock
	tests := []struct {
		in      string
		now     time.Time
		wantAt  string
		wantWhy Reason
	}{
		{"3pm (Europe/Lisbon)", utcNow, "2026-07-12T14:00:00Z", OK},
		{"resets 3pm (Europe/Lisbon)", winter, "2026-01-12T15:00:00Z", OK},
		{"3 pm (Europe/Lisbon)", utcNow, "2026-07-12T14:00:00Z", OK},
		{"11am (Europe/Lisbon)", utcNow, "2026-07-13T10:00:00Z", OK}, // 11:00 now: tomorrow's
		{"10:59am (Europe/Lisbon)", utcNow, "2026-07-13T09:59:00Z", OK},
		{"8:30pm (Asia/Tokyo)", utcNow, "2026-07-12T11:30:00Z", OK},
		{"1pm (Etc/GMT+5)", utcNow, "2026-07-12T18:00:00Z", OK}, // POSIX sign: UTC-5
		{"at 9:35 AM", utcNow, "2026-07-13T09:35:00Z", OK},
		{"try again at 9:35 AM", lisbonNow, "2026-07-13T08:35:00Z", OK}, // no zone: the clock's
		{"9:35 p.m.", utcNow, "2026-07-12T21:35:00Z", OK},
		{"12am", utcNow, "2026-07-13T00:00:00Z", OK},
		{"12pm", utcNow, "2026-07-12T12:00:00Z", OK},
		{"resets at 14:00 UTC", utcNow, "2026-07-12T14:00:00Z", OK},
		{"14:00 UTC", tokyoNow, "2026-07-12T14:00:00Z", OK}, // a named zone, not the clock's
		{"14:00", tokyoNow, "2026-07-13T05:00:00Z", OK},
		{"14:00:30 (UTC)", utcNow, "2026-07-12T14:00:30Z", OK},
		{"00:00", utcNow, "2026-07-13T00:00:00Z", OK},
		{"reset at 2026-07-12 04:30:37", utc("2026-07-12T04:00:00Z"), "2026-07-12T04:30:37Z", OK},
		{"2026-07-12 04:30:37", utc("2026-07-12T00:00:00Z").In(lisbon), "2026-07-12T03:30:37Z", OK},
		{"2026-07-12 04:30 (Europe/Lisbon)", utc("2026-07-12T00:00:00Z"), "2026-07-12T03:30:00Z", OK},
		{"2026-07-12T04:30", utc("2026-07-12T00:00:00Z"), "2026-07-12T04:30:00Z", OK},
		{"Jul 12th, 2026 4:30 AM", utc("2026-07-12T00:00:00Z"), "2026-07-12T04:30:00Z", OK},
		{"July 13, 2026 at 4:30 PM", utcNow, "2026-07-13T16:30:00Z", OK},
		{"Mon 9:00am", utcNow, "2026-07-13T09:00:00Z", OK}, // 2026-07-12 is a Sunday
		{"Sunday 11am (Europe/Lisbon)", utcNow, "2026-07-19T10:00:00Z", OK},
		{"sun, 11:30am (Europe/Lisbon)", utcNow, "2026-07-12T10:30:00Z", OK},
		{"Fri 14:00 UTC", utcNow, "2026-07-17T14:00:00Z", OK},
		{"2026-07-12 04:30:37", utcNow, "", Past},
		{"2026-07-30 00:00", utcNow, "", TooFar},
	}
	for _, tt := range tests {
		v, err := Parse(tt.in, Seconds)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if v.Wall == Instant {
			t.Errorf("Parse(%q) = %+v: want a wall-clock value", tt.in, v)
		}
		gotAt, after, why := Resolve(v, tt.now)
		if why != tt.wantWhy {
			t.Errorf("%q at %v: reason %q, want %q", tt.in, tt.now, why, tt.wantWhy)
			continue
		}
		if why != OK {
			continue
		}
		if want := utc(tt.wantAt); !gotAt.Equal(want) || after != want.Sub(tt.now) {
			t.Errorf("%q at %v: %v after %v, want %v", tt.in, tt.now, gotAt, after, want)
		}
	}
}

// TestWallAcrossDST places a time of day on the day the clocks change: the
// next 3pm in Lisbon after the spring change is at UTC+1.
func TestWallAcrossDST(t *testing.T) {
	v, err := Parse("3pm (Europe/Lisbon)", Seconds)
	if err != nil {
		t.Fatal(err)
	}
	// 2026-03-29 01:00 UTC the clocks go forward; at 00:30 UTC it is still winter.
	at, _, why := Resolve(v, utc("2026-03-29T00:30:00Z"))
	if why != OK || !at.Equal(utc("2026-03-29T14:00:00Z")) {
		t.Errorf("got %v, %q; want 2026-03-29T14:00:00Z", at, why)
	}
}

func TestZoneName(t *testing.T) {
	for s, want := range map[string]bool{
		"Europe/Lisbon": true, "America/Argentina/Buenos_Aires": true, "Etc/GMT+5": true,
		"EST": false, "Local": false, "": false, "/etc": false, "Europe//Lisbon": false,
		"Europe/": false, "../x/y": false, "Europe/Lisbon\x00": false,
	} {
		if got := zoneName(s); got != want {
			t.Errorf("zoneName(%q) = %v, want %v", s, got, want)
		}
	}
}

func BenchmarkParseWallZone(b *testing.B) {
	for b.Loop() {
		if _, err := Parse("3pm (Europe/Lisbon)", Seconds); err != nil {
			b.Fatal(err)
		}
	}
}
