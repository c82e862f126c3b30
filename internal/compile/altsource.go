package compile

import "strings"

// sourceAlternatives cuts an RE2 pattern's source at its top-level '|':
// the text of each alternative, with the flags the pattern opens with
// ("(?i)") put in front of each, and groups that wrap the whole pattern
// taken off. ok is false for a pattern it cannot cut with certainty
// (flags set part way, an unbalanced group), and for one with no
// top-level alternation.
//
// Branches are sliced from the source, not printed from their syntax
// trees: syntax.Regexp.String folds every rune of a negated class to
// decide how to print it, which would be most of a catalogue's load
// time. Slicing costs nothing and keeps each branch as its author wrote
// it.
func sourceAlternatives(src string) (alts []string, ok bool) {
	prefix := ""
	if strings.HasPrefix(src, "(?") {
		end := strings.IndexByte(src, ')')
		if end > 2 && strings.Trim(src[2:end], "imsU-") == "" {
			prefix, src = src[:end+1], src[end+1:]
		}
	}
	for {
		inner, wrapped := unwrapGroup(src)
		if !wrapped {
			break
		}
		src = inner
	}
	var cuts []int
	depth := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			if strings.HasPrefix(src[i:], `\Q`) {
				end := strings.Index(src[i:], `\E`)
				if end < 0 {
					i = len(src)
				} else {
					i += end + 1
				}
				continue
			}
			i++
		case '[':
			end := classEnd(src, i)
			if end < 0 {
				return nil, false
			}
			i = end
		case '(':
			if strings.HasPrefix(src[i:], "(?") && !groupHasBody(src[i:]) {
				return nil, false // flags set part way apply across '|'
			}
			depth++
		case ')':
			depth--
			if depth < 0 {
				return nil, false
			}
		case '|':
			if depth == 0 {
				cuts = append(cuts, i)
			}
		}
	}
	if depth != 0 || len(cuts) == 0 {
		return nil, false
	}
	start := 0
	for _, c := range append(cuts, len(src)) {
		alts = append(alts, prefix+src[start:c])
		start = c + 1
	}
	return alts, true
}

// unwrapGroup returns the inside of src when one group, capturing or not,
// spans all of it.
func unwrapGroup(src string) (string, bool) {
	if len(src) < 2 || src[0] != '(' || src[len(src)-1] != ')' {
		return "", false
	}
	body := 1
	if strings.HasPrefix(src, "(?:") {
		body = 3
	} else if strings.HasPrefix(src, "(?P<") || strings.HasPrefix(src, "(?<") {
		body = strings.IndexByte(src, '>') + 1
		if body == 0 {
			return "", false
		}
	} else if strings.HasPrefix(src, "(?") {
		return "", false // a group with flags: (?i:...)
	}
	depth := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			if strings.HasPrefix(src[i:], `\Q`) {
				return "", false
			}
			i++
		case '[':
			end := classEnd(src, i)
			if end < 0 {
				return "", false
			}
			i = end
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 && i != len(src)-1 {
				return "", false // the first group closes early: (a)|(b)
			}
		}
	}
	return src[body : len(src)-1], depth == 0
}

// classEnd returns the offset of the ']' that closes the class opening at
// src[i], or -1.
func classEnd(src string, i int) int {
	j := i + 1
	if j < len(src) && src[j] == '^' {
		j++
	}
	if j < len(src) && src[j] == ']' {
		j++ // a ']' first is a member
	}
	for ; j < len(src); j++ {
		switch {
		case src[j] == '\\':
			j++
		case strings.HasPrefix(src[j:], "[:"):
			if end := strings.Index(src[j+2:], ":]"); end >= 0 {
				j += end + 3
			}
		case src[j] == ']':
			return j
		}
	}
	return -1
}

// groupHasBody reports whether a group that opens with "(?" has a body,
// as (?:x), (?i:x) and (?P<n>x) do, rather than only setting flags.
func groupHasBody(s string) bool {
	for i := 2; i < len(s); i++ {
		switch s[i] {
		case ':', '<', 'P':
			return true
		case ')':
			return false
		}
	}
	return false
}
