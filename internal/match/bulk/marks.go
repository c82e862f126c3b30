package bulk

import (
	"bytes"
	"encoding/binary"
	"slices"

	"github.com/errcat/errcat/internal/match/litscan"
	"github.com/errcat/errcat/internal/match/records"
	"github.com/errcat/errcat/internal/redact"
)

// Marks appends to marks, in order, where in data a record must be
// looked at (see marksOf); a trigger's need is not checked. lits is the
// tables' literal set, perhaps tuned (Tuning).
func (t *Tables) Marks(lits *litscan.Set, data []byte, marks []int) []int {
	marks, _ = marksOf(lits, nil, data, marks, nil)
	return marks
}

// marksOf appends to marks, in order, where in data a record must be
// looked at: where a trigger of lits ends, and where there are bytes the
// scan cannot judge, which the record engine's normalising changes
// (terminal escapes, invisible characters, unusual spaces, the two
// non-ASCII runes that fold to ASCII letters). A record with no mark
// holds no trigger once normalised, so no indexed rule can match it. A
// trigger with a need (needs may be nil) is appended to needed instead,
// in order, to be checked against its record.
func marksOf(lits *litscan.Set, needs []need, data []byte, marks []int, needed []needMark) ([]int, []needMark) {
	if lits != nil {
		lits.FindEnds(records.BytesString(data), func(p int32, end int) bool {
			if needs != nil && needs[p] != nil {
				needed = append(needed, needMark{end - 1, p})
			} else if n := len(marks); n == 0 || marks[n-1] != end-1 {
				marks = append(marks, end-1)
			}
			return true
		})
	}
	marks = appendAll(marks, data, "\x1b")
	if !asciiOnly(data) {
		marks = redact.AppendChanges(marks, records.BytesString(data))
		marks = appendAll(marks, data, "\u212a")
		marks = appendAll(marks, data, "\u017f")
	}
	slices.Sort(marks) // anchors report ends nearly, not quite, in order
	slices.SortFunc(needed, func(a, b needMark) int { return a.end - b.end })
	return marks, needed
}

// asciiOnly reports whether b holds no byte of 0x80 or more, looking at
// 64 bytes at a time: most logs are ASCII throughout, and then nothing
// but escapes needs a mark.
func asciiOnly(b []byte) bool {
	const high = 0x8080808080808080
	i := 0
	for ; i+64 <= len(b); i += 64 {
		x := b[i : i+64 : i+64]
		w := binary.LittleEndian.Uint64(x[0:]) | binary.LittleEndian.Uint64(x[8:]) |
			binary.LittleEndian.Uint64(x[16:]) | binary.LittleEndian.Uint64(x[24:]) |
			binary.LittleEndian.Uint64(x[32:]) | binary.LittleEndian.Uint64(x[40:]) |
			binary.LittleEndian.Uint64(x[48:]) | binary.LittleEndian.Uint64(x[56:])
		if w&high != 0 {
			return false
		}
	}
	for ; i < len(b); i++ {
		if b[i] >= 0x80 {
			return false
		}
	}
	return true
}

// appendAll appends the offset of every occurrence of sep in data.
func appendAll(offs []int, data []byte, sep string) []int {
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte(sep))
		if j < 0 {
			return offs
		}
		offs = append(offs, i+j)
		i += j + 1
	}
}
