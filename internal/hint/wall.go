package hint

import (
	"strings"
	"sync"
	"time"

	// The zone database is built in, so that "resets 3pm (Europe/Lisbon)"
	// reads the same on a machine without /usr/share/zoneinfo (Windows,
	// scratch containers). time.LoadLocation still prefers the system's
	// copy where there is one.
	_ "time/tzdata"
)

// Wall says which parts of a Value's At are a wall-clock reading rather
// than an instant.
type Wall uint8

const (
	// Instant: At is the instant itself.
	Instant Wall = iota
	// WallDate: At's date and time of day, read in the Value's zone
	// ("reset at 2026-07-12 04:30:37").
	WallDate
	// WallClock: At's time of day only, at its next occurrence after the
	// clock Resolve is given ("resets 3pm (Europe/Lisbon)", "try again at
	// 9:35 AM").
	WallClock
	// WallWeekday: At's weekday and time of day, at their next occurrence
	// after the clock ("resets Mon 9:00am").
	WallWeekday
)

// zoneCache holds the zones loaded so far by name. Only names that load
// are kept, and there are a few hundred of them, so it stays small
// whatever text is parsed; loading one reads and parses a zone file.
var zoneCache sync.Map // string -> *time.Location

// loadZone returns the IANA zone of that name. Only Area/Location names
// ("Europe/Lisbon", "Etc/GMT+5") and UTC and GMT are read: the bare names
// the database also holds ("EST", "CET", "MST7MDT") are the abbreviations
// people write for a zone whose offset changes with the season, and
// reading "EST" as a fixed UTC-5 in July would shift a reset by an hour.
// "Local" is never a name here: the machine's zone is not the message's.
// A generated package keeps only the imports its code uses, so it reads
// the system's zone database or the one its program imports; where
// neither holds the zone, the time is not read and stays reset_text.
func loadZone(name string) (*time.Location, bool) {
	switch name {
	case "UTC", "GMT", "Etc/UTC", "Etc/GMT":
		return time.UTC, true
	}
	if !zoneName(name) {
		return nil, false
	}
	if l, ok := zoneCache.Load(name); ok {
		return l.(*time.Location), true
	}
	// name may be a view into a record's buffer, which the engine reuses:
	// the cache key and the zone's name must be copies.
	name = strings.Clone(name)
	l, err := time.LoadLocation(name)
	if err != nil {
		return nil, false
	}
	zoneCache.Store(name, l)
	return l, true
}

// zoneName reports whether s is spelled as an Area/Location zone name:
// ASCII letters, digits and "_+-", in parts joined by slashes, the first
// a word.
func zoneName(s string) bool {
	if len(s) < 3 || len(s) > 40 || !strings.Contains(s, "/") || !isLetterASCII(s[0]) {
		return false
	}
	prev := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isLetterASCII(c), '0' <= c && c <= '9', c == '_', c == '+', c == '-':
		case c == '/' && prev != '/' && prev != 0:
		default:
			return false
		}
		prev = c
	}
	return prev != '/'
}

// cutWallZone removes the zone written after a wall-clock time: a zone
// name in parentheses ("3pm (Europe/Lisbon)") or after a space
// ("14:00 Europe/Berlin", "14:00 UTC"). named says a zone was written;
// ok is false when one was written but is not a zone this package reads
// (an abbreviation such as "PST" or "IST", which name several offsets), so
// that the time is not read in a zone it is not in.
func cutWallZone(s string) (rest string, loc *time.Location, named, ok bool) {
	s = strings.TrimSpace(s)
	var name string
	switch {
	case strings.HasSuffix(s, ")"):
		open := strings.LastIndexByte(s, '(')
		if open < 0 {
			return s, nil, false, false
		}
		name, rest = strings.TrimSpace(s[open+1:len(s)-1]), strings.TrimSpace(s[:open])
	default:
		sp := strings.LastIndexAny(s, " \t")
		if sp < 0 {
			return s, nil, false, true
		}
		last := s[sp+1:]
		if !zoneWord(last) {
			return s, nil, false, true
		}
		name, rest = last, strings.TrimSpace(s[:sp])
	}
	loc, ok = loadZone(name)
	return rest, loc, true, ok
}

// zoneWord reports whether a word after a time is meant as its zone: a
// zone name, or a run of two to five capital letters (UTC, PST, AEST),
// which is an abbreviation whether or not this package reads it. AM and PM
// belong to the time.
func zoneWord(w string) bool {
	if strings.Contains(w, "/") {
		return true
	}
	if len(w) < 2 || len(w) > 5 || w == "AM" || w == "PM" {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return true
}

// wallLayouts are the date-and-time forms read as a wall-clock reading
// in a zone written beside them, or in the clock's: ISO forms as logs print
// them, and the month-name forms usage-limit messages use.
var wallLayouts = []string{
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	"2006-01-02T15:04:05",
	"2006-01-02T15:04",
	"Jan 2, 2006 3:04 PM",
	"Jan 2, 2006 3:04PM",
	"Jan 2, 2006 3PM",
	"Jan 2, 2006 15:04",
	"January 2, 2006 3:04 PM",
	"January 2, 2006 3:04PM",
	"January 2, 2006 15:04",
	"2 Jan 2006 15:04",
	"2 Jan 2006 15:04:05",
}

// parseWall reads a wall-clock reset: a time of day ("3pm", "9:35 AM",
// "14:00") or a date and time without a UTC offset, each optionally
// followed by its zone. A zone that is written but not read makes the
// whole text unreadable rather than a time in the wrong zone.
func parseWall(s string) (Value, bool) {
	rest, loc, named, ok := cutWallZone(s)
	if named && !ok {
		return Value{}, false
	}
	if h, m, sec, ok := parseClock(rest); ok {
		return Value{At: time.Date(1, 1, 1, h, m, sec, 0, time.UTC), Absolute: true, Wall: WallClock, Loc: loc}, true
	}
	if day, clock, found := strings.Cut(rest, " "); found {
		if wd, ok := weekdayNamed(strings.TrimSuffix(day, ",")); ok {
			if h, m, sec, ok := parseClock(clock); ok {
				// 0001-01-01 is a Monday: the day of the month holds the weekday.
				d := 1 + (int(wd)+6)%7
				return Value{At: time.Date(1, 1, d, h, m, sec, 0, time.UTC), Absolute: true, Wall: WallWeekday, Loc: loc}, true
			}
		}
	}
	norm := strings.Join(strings.Fields(dropOrdinals(strings.ToUpper(rest))), " ")
	norm = strings.ReplaceAll(norm, " AT ", " ")
	for _, l := range wallLayouts {
		if t, err := time.ParseInLocation(l, norm, time.UTC); err == nil {
			if t.Year() < 1 || t.Year() > 9999 {
				return Value{}, false
			}
			return Value{At: t, Absolute: true, Wall: WallDate, Loc: loc}, true
		}
	}
	return Value{}, false
}

// parseClock reads a time of day: H[:MM[:SS]] with am or pm ("3pm",
// "3 p.m.", "9:35 AM", "12am"), or HH:MM[:SS] on a 24-hour clock
// ("14:00"). A bare hour without am or pm is not a time: it is a number.
func parseClock(s string) (h, m, sec int, ok bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	meridiem := ""
	for _, suffix := range []string{"a.m.", "p.m.", "a.m", "p.m", "am", "pm"} {
		if rest, found := strings.CutSuffix(s, suffix); found {
			meridiem, s = suffix[:1], strings.TrimSpace(rest)
			break
		}
	}
	parts := strings.Split(s, ":")
	if len(parts) > 3 || meridiem == "" && len(parts) < 2 {
		return 0, 0, 0, false
	}
	var v [3]int
	for i, p := range parts {
		if len(p) == 0 || len(p) > 2 || i > 0 && len(p) != 2 {
			return 0, 0, 0, false
		}
		for j := 0; j < len(p); j++ {
			if p[j] < '0' || p[j] > '9' {
				return 0, 0, 0, false
			}
			v[i] = v[i]*10 + int(p[j]-'0')
		}
	}
	h, m, sec = v[0], v[1], v[2]
	if m > 59 || sec > 59 {
		return 0, 0, 0, false
	}
	switch meridiem {
	case "":
		if h > 23 {
			return 0, 0, 0, false
		}
	default:
		if h < 1 || h > 12 {
			return 0, 0, 0, false
		}
		h %= 12
		if meridiem == "p" {
			h += 12
		}
	}
	return h, m, sec, true
}

// weekdayNamed reads an English day name, whole or in three letters.
func weekdayNamed(s string) (time.Weekday, bool) {
	if len(s) < 3 {
		return 0, false
	}
	for d := time.Sunday; d <= time.Saturday; d++ {
		name := d.String()
		if strings.EqualFold(s, name) || strings.EqualFold(s, name[:3]) {
			return d, true
		}
	}
	return 0, false
}

// dropOrdinals removes the English ordinal suffix after a day number
// ("Jul 12th, 2026" is "Jul 12, 2026"); s is in upper case.
func dropOrdinals(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		if i > 0 && i+1 < len(s) && '0' <= s[i-1] && s[i-1] <= '9' {
			if two := s[i : i+2]; two == "ST" || two == "ND" || two == "RD" || two == "TH" {
				if i+2 == len(s) || !isLetterASCII(s[i+2]) {
					if b == nil {
						b = append([]byte(nil), s[:i]...)
					}
					i++
					continue
				}
			}
		}
		if b != nil {
			b = append(b, s[i])
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// place returns the instant a wall-clock Value names, seen at now: its
// date and time in its zone, or the next occurrence of its time of day
// after now, on its weekday for WallWeekday. Without a zone of its own, the
// zone is now's.
func (v Value) place(now time.Time) time.Time {
	loc := v.Loc
	if loc == nil {
		loc = now.Location()
	}
	h, m, s := v.At.Clock()
	if v.Wall == WallDate {
		y, mo, d := v.At.Date()
		return time.Date(y, mo, d, h, m, s, v.At.Nanosecond(), loc)
	}
	y, mo, d := now.In(loc).Date()
	for i := 0; ; i++ {
		t := time.Date(y, mo, d+i, h, m, s, 0, loc)
		if t.After(now) && (v.Wall != WallWeekday || t.Weekday() == v.At.Weekday()) {
			return t
		}
	}
}
