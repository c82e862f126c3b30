package tables

import (
	"fmt"
	"strconv"
)

// StatusRange is an inclusive range of HTTP statuses: 429 is {429, 429},
// "5xx" is {500, 599}.
type StatusRange struct{ Lo, Hi int }

// String is the range as a catalogue writes it: "429", "5xx", "500-503".
func (s StatusRange) String() string {
	if s.Lo == s.Hi {
		return strconv.Itoa(s.Lo)
	}
	if s.Lo%100 == 0 && s.Hi == s.Lo+99 {
		return fmt.Sprintf("%dxx", s.Lo/100)
	}
	return fmt.Sprintf("%d-%d", s.Lo, s.Hi)
}
