package queue

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"
)

// appendLine appends l as one line of JSON, byte for byte what
// json.Encoder writes for it, without reflection: a batch of 10,000 small
// files writes about 20,000 lines, and encoding/json spent more time
// finding its way through the record's fields than writing them. A line
// with a failure, a note or a time JSON cannot hold goes through
// encoding/json.
func appendLine(dst []byte, l line) ([]byte, error) {
	r := &l.Record
	if r.Failure != nil || !r.Note.IsZero() || !plainTime(r.Started) || !plainTime(r.Finished) {
		return appendByReflection(dst, l)
	}
	dst = append(dst, `{"url":`...)
	dst = appendString(dst, r.URL)
	dst = appendStringField(dst, "dir", r.Dir)
	dst = appendStringField(dst, "name", r.Name)
	dst = append(dst, `,"state":`...)
	dst = appendString(dst, r.State)
	dst = appendBoolField(dst, "part", r.OwnsPart)
	dst = appendStringField(dst, "etag", r.ETag)
	dst = appendStringField(dst, "modified", r.LastModified)
	dst = appendIntField(dst, "total", r.Total)
	dst = appendIntField(dst, "attempts", int64(r.Attempts))
	dst = appendIntField(dst, "status", int64(r.Status))
	dst = appendIntField(dst, "err_kind", int64(r.LegacyErrKind))
	dst = appendStringField(dst, "error", r.LegacyError)
	dst = appendStringField(dst, "note", r.LegacyNote)
	dst = appendTimeField(dst, "started", r.Started)
	dst = appendTimeField(dst, "finished", r.Finished)
	dst = appendStringField(dst, "referer", r.Referer)
	dst = appendBoolField(dst, "from_page", r.FromPage)
	dst = appendStringField(dst, "subdir", r.Subdir)
	dst = appendStringField(dst, "pattern", r.Pattern)
	dst = appendStringField(dst, "mime", r.MIME)
	dst = appendBoolField(dst, "image", r.IsImage)
	dst = appendIntField(dst, "width", int64(r.Width))
	dst = appendIntField(dst, "height", int64(r.Height))
	dst = appendStringField(dst, "sha256", r.SHA256)
	dst = appendStringField(dst, "place", r.Place)
	dst = appendBoolField(dst, "renamed", r.Renamed)
	dst = appendStringField(dst, "holes", r.Holes)
	dst = appendBoolField(dst, "held", r.Held)
	dst = appendBoolField(dst, "forgotten", r.Forgotten)
	dst = appendBoolField(dst, "removed", l.Removed)
	return append(dst, "}\n"...), nil
}

// appendByReflection appends l as json.Encoder writes it.
func appendByReflection(dst []byte, l line) ([]byte, error) {
	b, err := json.Marshal(l)
	if err != nil {
		return dst, fmt.Errorf("save queue: %w", err)
	}
	return append(append(dst, b...), '\n'), nil
}

// plainTime reports whether t is omitted (zero) or written as RFC 3339
// with nanoseconds, as time.Time.MarshalJSON writes it: a year of four
// digits and an offset of whole minutes under a day.
func plainTime(t time.Time) bool {
	if t.IsZero() {
		return true
	}
	_, offset := t.Zone()
	return t.Year() >= 0 && t.Year() <= 9999 && offset%60 == 0 && offset > -24*3600 && offset < 24*3600
}

func appendStringField(dst []byte, key, v string) []byte {
	if v == "" {
		return dst
	}
	dst = appendKey(dst, key)
	return appendString(dst, v)
}

func appendBoolField(dst []byte, key string, v bool) []byte {
	if !v {
		return dst
	}
	return append(appendKey(dst, key), "true"...)
}

func appendIntField(dst []byte, key string, v int64) []byte {
	if v == 0 {
		return dst
	}
	return strconv.AppendInt(appendKey(dst, key), v, 10)
}

func appendTimeField(dst []byte, key string, t time.Time) []byte {
	if t.IsZero() {
		return dst
	}
	dst = append(appendKey(dst, key), '"')
	return append(t.AppendFormat(dst, time.RFC3339Nano), '"')
}

func appendKey(dst []byte, key string) []byte {
	dst = append(dst, ',', '"')
	dst = append(dst, key...)
	return append(dst, '"', ':')
}

// appendString appends s as a JSON string the way encoding/json does with
// HTML escaping on: <, > and & escaped, invalid UTF-8 as U+FFFD, and the
// line and paragraph separators escaped.
func appendString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if plainByte(b) {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// plainByte reports whether an ASCII byte stands for itself in a JSON
// string written with HTML escaping.
func plainByte(b byte) bool {
	return b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&'
}
