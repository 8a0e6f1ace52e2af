package browser

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// MaxMessageSize is the longest message Haul reads from the browser: the
// pages of a window's tabs, their markup, pictures and cookies fit.
const MaxMessageSize = 64 << 20

// maxReplySize is the longest message the browser accepts from a host.
const maxReplySize = 1 << 20

// ReadFrame reads one message: a 4-byte little-endian length, then that
// many bytes. It returns io.EOF when the browser closed the stream between
// messages, and a *Refusal for a length over limit or a message cut short.
func ReadFrame(r io.Reader, limit int) ([]byte, error) {
	var head [4]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, io.EOF
		}
		return nil, &Refusal{Kind: Truncated, Err: err}
	}
	n := binary.LittleEndian.Uint32(head[:])
	if uint64(n) > uint64(limit) {
		return nil, &Refusal{Kind: TooLarge, Size: int(n), Limit: limit}
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, &Refusal{Kind: Truncated, Err: err}
	}
	return body, nil
}

// WriteFrame writes v as one message: its JSON length, then the JSON.
func WriteFrame(w io.Writer, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode the reply: %w", err)
	}
	if len(body) > maxReplySize {
		return fmt.Errorf("the reply is %d bytes, more than the browser reads", len(body))
	}
	frame := make([]byte, 4, 4+len(body))
	binary.LittleEndian.PutUint32(frame, uint32(len(body)))
	if _, err := w.Write(append(frame, body...)); err != nil {
		return fmt.Errorf("write the reply: %w", err)
	}
	return nil
}
