package match

import (
	"strings"

	"github.com/errcat/errcat/internal/match/records"
)

// Evidence is what a failure left behind. Every field is optional; the
// engine reads only what is there.
type Evidence struct {
	Text     string `json:"text,omitempty"`
	HTTP     *HTTP  `json:"http,omitempty"`
	ExitCode *int   `json:"exit_code,omitempty"`
	Signal   string `json:"signal,omitempty"`
	Provider string `json:"provider,omitempty"`
	Model    string `json:"model,omitempty"`
}

// HTTP is the response of a failed call.
type HTTP struct {
	Status  int               `json:"status,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
	Body    string            `json:"body,omitempty"`
}

// Header looks a header up case-insensitively. Header maps are small and
// come from users in any spelling, so a linear scan beats canonicalising.
func (h *HTTP) Header(name string) (string, bool) {
	if h == nil {
		return "", false
	}
	// Header names are case-insensitive, so a map may hold one header
	// under two spellings; the smallest spelling is read, so that the
	// answer never depends on the map's order.
	best, found := "", false
	for k := range h.Headers {
		if strings.EqualFold(k, name) && (!found || k < best) {
			best, found = k, true
		}
	}
	if !found {
		return "", false
	}
	return h.Headers[best], true
}

// CanonicalSignal turns "kill", "SIGKILL" and "9" into "SIGKILL", so rules
// and evidence can name signals either way. Unknown names are upper-cased
// and given the SIG prefix.
func CanonicalSignal(s string) string {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s == "" {
		return ""
	}
	if n, ok := signalNumbers[s]; ok {
		return n
	}
	if !strings.HasPrefix(s, "SIG") {
		s = "SIG" + s
	}
	return s
}

// signalNumbers maps the POSIX numbers that are the same on Linux and macOS.
var signalNumbers = map[string]string{
	"1": "SIGHUP", "2": "SIGINT", "3": "SIGQUIT", "4": "SIGILL", "6": "SIGABRT",
	"8": "SIGFPE", "9": "SIGKILL", "11": "SIGSEGV", "13": "SIGPIPE", "14": "SIGALRM",
	"15": "SIGTERM",
}

// decodeEvidence returns ev with its text and HTTP body as records.DecodeText
// reads them; ev's HTTP is copied only if its body changes.
func decodeEvidence(ev Evidence) Evidence {
	ev.Text = records.DecodeText(ev.Text)
	if ev.HTTP != nil {
		if b := records.DecodeText(ev.HTTP.Body); len(b) != len(ev.HTTP.Body) {
			h := *ev.HTTP
			h.Body = b
			ev.HTTP = &h
		}
	}
	return ev
}
