package hint

import "strings"

// RateLimit reads the reset that the IETF RateLimit header field
// (draft-ietf-httpapi-ratelimit-headers) gives for an exhausted quota.
// Each list member is a quota policy with parameters, r the units remaining
// and t the seconds until the quota resets:
//
//	RateLimit: "default";r=0;t=30
//	RateLimit: "day";r=100;t=3600, "minute";r=0;t=30
//
// Only a policy with nothing remaining says when to retry, and when
// several are exhausted the request waits for all of them, so the longest
// of their resets is returned. The earlier drafts' single dictionary form
// ("limit=100, remaining=0, reset=30") is read the same way. ok is false
// when no policy is exhausted or a reset is not a number of seconds.
// RateLimit-Policy, the quotas' definitions, says nothing about when.
func RateLimit(field string) (v Value, ok bool) {
	if len(field) > maxInput {
		return Value{}, false
	}
	var flatRemaining, flatReset string
	for member := range splitOutsideQuotes(field, ',') {
		var r, t string
		first := true
		for part := range splitOutsideQuotes(member, ';') {
			key, val, isParam := strings.Cut(strings.TrimSpace(part), "=")
			if first {
				first = false
				if !isParam {
					continue // the policy's name
				}
				switch strings.ToLower(key) { // the earlier drafts' dictionary
				case "remaining":
					flatRemaining = val
				case "reset":
					flatReset = val
				}
				continue
			}
			switch key {
			case "r":
				r = val
			case "t":
				t = val
			}
		}
		if d, exhausted := exhaustedFor(r, t); exhausted && (!ok || d.Delay > v.Delay) {
			v, ok = d, true
		}
	}
	if !ok && flatRemaining != "" {
		v, ok = exhaustedFor(flatRemaining, flatReset)
	}
	return v, ok
}

// RateLimitFields reads the earlier drafts' separate fields,
// RateLimit-Remaining and RateLimit-Reset: a reset in seconds when nothing
// remains.
func RateLimitFields(remaining, reset string) (Value, bool) {
	return exhaustedFor(remaining, reset)
}

// exhaustedFor returns the delay t when remaining r is zero. t is
// delay-seconds, a whole number; a Unix time written there instead (as
// some servers do) is read as one.
func exhaustedFor(r, t string) (Value, bool) {
	r, t = strings.TrimSpace(r), strings.TrimSpace(t)
	if r != "0" || t == "" {
		return Value{}, false
	}
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return Value{}, false
		}
	}
	n, _, _ := scanNumber(t)
	v, err := bare(n, Seconds)
	return v, err == nil
}
