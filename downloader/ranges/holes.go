package ranges

import (
	"strconv"
	"strings"
)

// Span is the bytes from Start up to, not including, End.
type Span struct{ Start, End int64 }

// Len is the number of bytes in the span.
func (s Span) Len() int64 { return s.End - s.Start }

// Holes are the spans of a file still missing, in order, none empty and
// none touching another.
type Holes []Span

// Whole is a file of total bytes of which nothing is there yet.
func Whole(total int64) Holes {
	if total <= 0 {
		return Holes{}
	}
	return Holes{{0, total}}
}

// Missing is how many bytes the holes hold.
func (h Holes) Missing() int64 {
	var n int64
	for _, s := range h {
		n += s.Len()
	}
	return n
}

// Fill is h without the bytes of s, which are now written.
func (h Holes) Fill(s Span) Holes {
	if s.Len() <= 0 {
		return h
	}
	out := make(Holes, 0, len(h)+1)
	for _, hole := range h {
		if hole.End <= s.Start || hole.Start >= s.End {
			out = append(out, hole)
			continue
		}
		if hole.Start < s.Start {
			out = append(out, Span{hole.Start, s.Start})
		}
		if hole.End > s.End {
			out = append(out, Span{s.End, hole.End})
		}
	}
	return out
}

// String is the holes as saved: "START-END" for each, comma-separated.
func (h Holes) String() string {
	var b strings.Builder
	for i, s := range h {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(s.Start, 10))
		b.WriteByte('-')
		b.WriteString(strconv.FormatInt(s.End, 10))
	}
	return b.String()
}

// Parse reads what String wrote; ok is false for text that is not in
// order, overlaps or is not numbers, which a run must not trust.
func Parse(text string) (h Holes, ok bool) {
	if text == "" {
		return Holes{}, true
	}
	var last int64 = -1
	for part := range strings.SplitSeq(text, ",") {
		a, b, found := strings.Cut(part, "-")
		start, err1 := strconv.ParseInt(a, 10, 64)
		end, err2 := strconv.ParseInt(b, 10, 64)
		if !found || err1 != nil || err2 != nil || start <= last || end <= start {
			return nil, false
		}
		h = append(h, Span{start, end})
		last = end
	}
	return h, true
}
