package hint

import (
	"testing"
	"time"
)

func TestRateLimit(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{`"default";r=0;t=30`, 30 * time.Second, true},
		{`"default";r=5;t=30`, 0, false},
		{`"day";r=100;t=3600, "minute";r=0;t=30`, 30 * time.Second, true},
		{`"day";r=0;t=3600, "minute";r=0;t=30`, time.Hour, true},
		{`"a,b";r=0;t=7`, 7 * time.Second, true}, // a comma inside the name
		{`default;r=0;t=12;pk=:Zm9v:`, 12 * time.Second, true},
		{`"default";t=30;r=0`, 30 * time.Second, true},
		{`"default";r=0`, 0, false},
		{`"default";r=0;t=-1`, 0, false},
		{`"default";r=0;t=1.5`, 0, false},
		{`"default";r=0;t=abc`, 0, false},
		{`limit=100, remaining=0, reset=30`, 30 * time.Second, true},
		{`limit=100, remaining=3, reset=30`, 0, false},
		{``, 0, false},
		{`garbage`, 0, false},
	}
	for _, tt := range tests {
		v, ok := RateLimit(tt.in)
		if ok != tt.ok || ok && (v.Absolute || v.Delay != tt.want) {
			t.Errorf("RateLimit(%q) = %+v, %v; want %v, %v", tt.in, v, ok, tt.want, tt.ok)
		}
	}
}

func TestRateLimitFields(t *testing.T) {
	if v, ok := RateLimitFields("0", "30"); !ok || v.Delay != 30*time.Second {
		t.Errorf("remaining 0, reset 30: %+v, %v", v, ok)
	}
	if _, ok := RateLimitFields("1", "30"); ok {
		t.Error("remaining 1 gave a reset")
	}
	// A Unix time where seconds belong is read as one.
	if v, ok := RateLimitFields("0", "1780315260"); !ok || !v.Absolute || !v.At.Equal(utc("2026-06-01T12:01:00Z")) {
		t.Errorf("epoch reset: %+v, %v", v, ok)
	}
}

func TestFirstMember(t *testing.T) {
	for in, want := range map[string]string{
		"120":                           "120",
		"120, 30":                       "120",
		" 120 ,30":                      "120",
		"Wed, 21 Oct 2015 07:28:00 GMT": "Wed, 21 Oct 2015 07:28:00 GMT",
		"Wed, 21 Oct 2015 07:28:00 GMT, Thu, 22 Oct 2015 07:28:00 GMT": "Wed, 21 Oct 2015 07:28:00 GMT",
		"Wed, 21 Oct 2015 07:28:00 GMT, 30":                            "Wed, 21 Oct 2015 07:28:00 GMT",
		"30, Wed, 21 Oct 2015 07:28:00 GMT":                            "30",
		"":                                                             "",
	} {
		if got := FirstMember(in); got != want {
			t.Errorf("FirstMember(%q) = %q, want %q", in, got, want)
		}
	}
}
