package redact

import (
	"math/rand/v2"
	"testing"
)

// TestExcerptAll holds ExcerptAll to Excerpt: when it answers, Excerpt
// gives that answer for every span, on texts around the length where
// the excerpt stops being the whole text (secrets and escapes included).
func TestExcerptAll(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	texts := append([]string(nil), fuzzSeeds...)
	// Invalid bytes beside an e-mail address: masking the raw text makes
	// the sanitised record longer than max, which Excerpt then cuts.
	texts = append(texts, "ab1ERROR: (gcloud.storage.cp) [ci-runner@example.com\x8e does not have permission to access b instance [reports] \xf8or it may not exist): ci-runner@\xb6xample.com does not have storage.objects.get access to the Google Cloud Storage object.K")
	log := logText(4000)
	for i := 0; i < 300; i++ {
		a := r.IntN(len(log))
		texts = append(texts, log[a:min(len(log), a+r.IntN(400))])
	}
	answered := 0
	for _, s := range texts {
		for _, max := range []int{0, 16, 80, 240} {
			all, ok := ExcerptAll(s, max)
			if !ok {
				continue
			}
			answered++
			for k := 0; k < 20; k++ {
				start := r.IntN(len(s) + 1)
				end := start + r.IntN(len(s)-start+1)
				if got := Excerpt(s, start, end, max); got != all {
					t.Fatalf("ExcerptAll(%q, %d) = %q, but Excerpt(%d, %d) = %q", s, max, all, start, end, got)
				}
			}
		}
	}
	if answered == 0 {
		t.Fatal("ExcerptAll never answered")
	}
}
