package hint

import (
	"strings"
	"time"
)

// zonedLayouts carry their own UTC offset: RFC 3339 (Anthropic's reset headers) and the
// same with a space, as Python's str(datetime) and many logs print it.
var zonedLayouts = []string{
	"2006-01-02T15:04:05Z07:00",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02T15:04:05Z0700",
	"2006-01-02 15:04:05Z0700",
	"2006-01-02T15:04Z07:00",
}

// utcLayouts have a time of day and are read only when a trailing UTC, GMT or Z was cut
// off, because a wall-clock time in an unknown zone is off by up to a day.
var utcLayouts = []string{
	"Mon, 02 Jan 2006 15:04:05",  // IMF-fixdate, the HTTP-date that RFC 9110 senders use
	"Monday, 02-Jan-06 15:04:05", // obsolete RFC 850 date, still to be accepted
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	"2006-01-02T15:04:05",
	"2006-01-02T15:04",
	"Jan 2, 2006 3:04 PM",
	"Jan 2, 2006 3:04PM",
	"Jan 2, 2006 15:04",
	"Jan 2, 2006 15:04:05",
	"January 2, 2006 3:04 PM",
	"January 2, 2006 3:04PM",
	"January 2, 2006 15:04",
	"2 Jan 2006 15:04",
	"2 Jan 2006 15:04:05",
}

// dateLayouts name a day with no time: the reset is at its start, 00:00 UTC, which is
// how usage-limit messages that name only a day are meant.
var dateLayouts = []string{
	"2006-01-02",
	"Jan 2, 2006",
	"January 2, 2006",
	"2 Jan 2006",
	"2 January 2006",
}

// asctime has no zone but RFC 9110 defines it as UTC.
const asctime = "Mon Jan _2 15:04:05 2006"

// parseDate reads the calendar forms, from just after the zero time, which a Value holds
// for no time, to the end of year 9999: beyond it RFC 3339, the form reset_at is written
// in, has no four-digit year, and an offset can carry a time on the first or last day
// of those years out of them.
func parseDate(s string) (time.Time, bool) {
	t, ok := parseCalendar(s)
	if !ok || !t.After(time.Time{}) || t.Year() > 9999 {
		return time.Time{}, false
	}
	return t, true
}

// parseCalendar reads the calendar forms. Case is folded because month and day names are
// matched without case anyway, and "t", "z", "pm" and "utc" turn up in lower case.
func parseCalendar(s string) (time.Time, bool) {
	// "on 2026-12-01 at 00:00 UTC": "at" only joins date and time.
	var fields []string
	for _, f := range strings.Fields(strings.ToUpper(s)) {
		if f != "AT" {
			fields = append(fields, f)
		}
	}
	s = strings.Join(fields, " ")
	for _, l := range zonedLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.UTC(), true
		}
	}
	s, utc := cutZone(s)
	var layouts []string
	if utc {
		layouts = append(utcLayouts[:len(utcLayouts):len(utcLayouts)], dateLayouts...)
	} else {
		layouts = append([]string{asctime}, dateLayouts...)
	}
	for _, l := range layouts {
		if t, err := time.ParseInLocation(l, s, time.UTC); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// cutZone removes a trailing zone that means UTC. Other abbreviations are not honoured:
// time.Parse would silently read an unknown one such as "PST" as UTC.
func cutZone(s string) (string, bool) {
	for _, z := range []string{" UTC", " GMT", "UTC", "GMT", "Z"} {
		if rest, ok := strings.CutSuffix(s, z); ok && rest != "" {
			if z == "Z" || z == "UTC" || z == "GMT" {
				// Glued on only after a digit, as in "00:00:30Z" or "00:00UTC".
				if c := rest[len(rest)-1]; c < '0' || c > '9' {
					continue
				}
			}
			return strings.TrimSpace(rest), true
		}
	}
	return s, false
}
