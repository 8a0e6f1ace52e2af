package browser

import (
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// Reply is the host's answer to one message.
type Reply struct {
	OK bool `json:"ok"`
	// Added is how many links were queued, or shown in the picker.
	Added int `json:"added"`
	// NotAdded is how many links Haul did not queue because its list was
	// full, and Note says so in the user's language; the extension shows
	// Note when there is one. Both are left out when every link was taken.
	NotAdded int    `json:"notAdded,omitempty"`
	Note     string `json:"note,omitempty"`
	// Reason names why the message was refused ("too_large", …), "" when OK.
	Reason string `json:"reason,omitempty"`
	// Error says what went wrong in the user's language, "" when OK.
	Error string `json:"error,omitempty"`
}

// Delivered is what Haul did with a message it took: how many links it
// queued or showed to choose from, and how many a full list left out,
// with the words that say so.
type Delivered struct {
	Added, NotAdded int
	Note            string
}

// Deliver hands a checked message to Haul and returns what it took, or
// why it could not.
type Deliver func(Message) (Delivered, error)

// Serve answers the messages read from r on w until the browser closes r:
// each is read, checked and delivered, and answered with what came of it.
// describe puts an error into the user's words. A message whose length
// cannot be trusted (too large, cut short) ends the loop after its answer,
// since what follows it cannot be found.
func Serve(r io.Reader, w io.Writer, deliver Deliver, describe func(error) string) error {
	for {
		body, err := ReadFrame(r, MaxMessageSize)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			if werr := WriteFrame(w, refused(err, describe)); werr != nil {
				return werr
			}
			return fmt.Errorf("read a message from the browser: %w", err)
		}
		reply := handle(body, deliver, describe)
		if err := WriteFrame(w, reply); err != nil {
			return err
		}
	}
}

// handle checks and delivers one message.
func handle(body []byte, deliver Deliver, describe func(error) string) Reply {
	m, err := Parse(body)
	if err != nil {
		return refused(err, describe)
	}
	d, err := deliver(m)
	if err != nil {
		return refused(err, describe)
	}
	return Reply{OK: true, Added: d.Added, NotAdded: d.NotAdded, Note: clip(d.Note)}
}

// refused is the answer to a message that came to nothing.
func refused(err error, describe func(error) string) Reply {
	reason := "failed"
	var r *Refusal
	if errors.As(err, &r) {
		reason = r.Kind.String()
	}
	return Reply{Reason: reason, Error: clip(describe(err))}
}

// maxWords is the most characters of words a reply carries: the words of
// a refusal quote what was refused, which may be a link of megabytes, and
// a reply longer than the browser reads would go unanswered.
const maxWords = 1000

// clip shortens words to maxWords characters, marking the cut with "…".
func clip(words string) string {
	if utf8.RuneCountInString(words) <= maxWords {
		return words
	}
	n := 0
	for i := range words {
		if n == maxWords {
			return words[:i] + "…"
		}
		n++
	}
	return words
}
