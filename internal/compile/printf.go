package compile

import (
	"fmt"
	"strings"
)

// A printf format, as gettext messages are written, is fixed text and
// directives: %s, %d, %lu, %1$s, %.*s, %-10s, %c, %m and %% for a percent
// sign. formatPiece is one of them.
type formatPiece struct {
	text string // fixed text; empty for a directive
	verb byte   // the conversion: 's', 'd', 'u', 'c', ...; 0 for text
	arg  int    // the argument the directive prints, 1-based; 0 for %m
}

// parseFormat splits a C format string into fixed text and directives.
// Arguments are numbered as C numbers them: in order, a '*' width or
// precision taking one of its own, unless the directive names its
// argument ("%2$s", "%3$.*1$s"). %% becomes fixed text; %m (glibc's
// strerror of errno) takes no argument.
func parseFormat(s string) ([]formatPiece, error) {
	var (
		out  []formatPiece
		text strings.Builder
		next = 1 // the next argument a directive without n$ takes
	)
	flush := func() {
		if text.Len() > 0 {
			out = append(out, formatPiece{text: text.String()})
			text.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			text.WriteByte(s[i])
			continue
		}
		start := i
		i++
		if i < len(s) && s[i] == '%' {
			text.WriteByte('%')
			continue
		}
		// %n$: the argument, by number.
		arg := 0
		if n, j := digits(s, i); j < len(s) && j > i && s[j] == '$' {
			arg, i = n, j+1
		}
		for i < len(s) && strings.IndexByte("-+ #0'I", s[i]) >= 0 {
			i++ // flags
		}
		widthOrPrecision := func() error {
			if i < len(s) && s[i] == '*' {
				i++
				if _, j := digits(s, i); j < len(s) && j > i && s[j] == '$' {
					i = j + 1 // a numbered width or precision
					return nil
				}
				if arg != 0 {
					return fmt.Errorf("directive %q mixes numbered and unnumbered arguments", s[start:min(i, len(s))])
				}
				next++ // the width or precision takes an argument first
				return nil
			}
			_, i = digits(s, i)
			return nil
		}
		if err := widthOrPrecision(); err != nil {
			return nil, err
		}
		if i < len(s) && s[i] == '.' {
			i++
			if err := widthOrPrecision(); err != nil {
				return nil, err
			}
		}
		for i < len(s) && strings.IndexByte("hlLqjzZt", s[i]) >= 0 {
			i++ // length modifiers
		}
		if i >= len(s) {
			return nil, fmt.Errorf("directive %q has no conversion", s[start:])
		}
		verb := s[i]
		if strings.IndexByte("diouxXeEfFgGaAcsSCpm", verb) < 0 {
			return nil, fmt.Errorf("directive %q: unknown conversion %q", s[start:i+1], verb)
		}
		flush()
		p := formatPiece{verb: verb}
		if verb != 'm' {
			if arg == 0 {
				arg = next
				next++
			}
			p.arg = arg
		}
		out = append(out, p)
	}
	flush()
	return out, nil
}

// digits reads a run of decimal digits at s[i:]: its value and where it
// ends.
func digits(s string, i int) (int, int) {
	n := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		n = n*10 + int(s[i]-'0')
		i++
	}
	return n, i
}
