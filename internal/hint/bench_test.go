package hint

import "testing"

// BenchmarkParse reads the values hint extractors capture most: a delay
// with its unit, a bare number, and prose around a delay.
func BenchmarkParse(b *testing.B) {
	for _, s := range []string{"2.5s", "20", "Please try again in 21.5s.", `"retryDelay": "21s"`} {
		b.Run(s, func(b *testing.B) {
			for b.Loop() {
				Parse(s, Seconds)
			}
		})
	}
}
