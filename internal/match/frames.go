package match

import (
	"github.com/errcat/errcat/internal/match/records"
	"github.com/errcat/errcat/internal/tables"
)

// An HTTP body is one JSON document, or a stream of them: a server-sent
// event stream ("event: error" and "data: {...}" lines, as Anthropic and
// OpenAI send errors after a 200), JSON Lines, or an AWS event stream as
// logs print its frames (":exception-type: ..." header lines, then the
// payload). A stream's frames are its records (nextRecord) and a frame's
// JSON is a record's (recordJSON), so a body and the same text given as
// lines are read alike, and JSON matchers see each frame's JSON: the
// fields of a json matcher must all hold in one frame. An SSE event whose
// data spans several "data:" lines is read a line at a time; JSON APIs
// send one line per event.

// frames are the JSON values of a body that is a stream, in order, with
// where each one's record lies in the body.
type frames []frame

type frame struct {
	v          any
	start, end int
}

// maxFrames bounds the frames read from one body. An error event ends a
// stream, and a body is at most MaxRecord bytes, so this is reached only
// by a long stream of small events, whose first maxFrames are kept.
const maxFrames = 4096

// bodyJSON returns the JSON of an HTTP body: the document it is, the
// frames of the stream it is, or nil when it holds no JSON. A body without JSON is
// walked record by record and nothing is decoded or allocated.
func bodyJSON(body string) any {
	v, whole := decodeJSON(body)
	if whole {
		return v
	}
	var fr frames
	w := records.WalkString(body)
	for len(fr) < maxFrames {
		rec, _, _, _, ok := w.Next()
		if !ok {
			break
		}
		if v := recordJSON(records.BytesString(rec)); v != nil {
			fr = append(fr, frame{v, w.Start(), w.Start() + len(rec)})
		}
	}
	if len(fr) == 0 {
		return nil
	}
	return fr
}

// frameSpan returns where in the body the frame lies that a rule's json
// matcher read (see matchedFrame), for an excerpt; 0, 0 for a body that is
// one document.
func (e *Engine) frameSpan(body any, tests []tables.FieldTest) (start, end int) {
	if tables.UsesJSON {
		if fr, ok := body.(frames); ok {
			if i := e.matchedIn(fr, tests); i >= 0 {
				return fr[i].start, fr[i].end
			}
		}
	}
	return 0, 0
}

// matchedFrame returns what a rule's json hints read in a body: in a
// stream, the frame its json matcher holds in, so that a hint is the
// failing event's own; the whole body otherwise.
func (e *Engine) matchedFrame(body any, tests []tables.FieldTest) any {
	if fr, ok := body.(frames); ok {
		if i := e.matchedIn(fr, tests); i >= 0 {
			return fr[i].v
		}
	}
	return body
}

// matchedIn returns the first frame of fr in which every one of tests
// holds, or -1 (also when there are no tests).
func (e *Engine) matchedIn(fr frames, tests []tables.FieldTest) int {
	if len(tests) == 0 {
		return -1
	}
	for i := range fr {
		if e.jsonHolds(tests, fr[i].v) {
			return i
		}
	}
	return -1
}
