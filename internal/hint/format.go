package hint

import (
	"strconv"
	"time"
)

// FormatSeconds renders a delay in seconds for JSON output as a float with at most 3 decimals, no exponent, deterministic ("20", "21.5", "0.02").
//
// It rounds to the millisecond (halves away from zero) and works in integers, because
// strconv's float formatting switches to exponents for small values and a float64
// cannot hold every millisecond count exactly.
func FormatSeconds(d time.Duration) string {
	ms := int64(d.Round(time.Millisecond) / time.Millisecond)
	var buf [24]byte
	b := buf[:0]
	u := uint64(ms)
	if ms < 0 {
		b = append(b, '-')
		u = uint64(-ms) // |ms| <= 2^63/1e6, so negation cannot overflow
	}
	b = strconv.AppendUint(b, u/1000, 10)
	if f := u % 1000; f != 0 {
		b = append(b, '.', byte('0'+f/100), byte('0'+f/10%10), byte('0'+f%10))
		for b[len(b)-1] == '0' {
			b = b[:len(b)-1]
		}
	}
	return string(b)
}
