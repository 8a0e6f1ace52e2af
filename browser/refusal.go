package browser

import "fmt"

// RefusalKind says why a message from the browser was refused.
type RefusalKind int

// The reasons a message is refused.
const (
	// TooLarge is a message longer than MaxMessageSize.
	TooLarge RefusalKind = iota + 1
	// Truncated is a message that ended before its announced length.
	Truncated
	// BadJSON is a message that is not valid JSON of the expected shape.
	BadJSON
	// NotWebLink is a link (or the page) that is not an http or https address.
	NotWebLink
	// NoLinks is a message that names nothing to save.
	NoLinks
	// TooMany is a message with more than MaxLinks links.
	TooMany
	// BadHeader is a Referer or User-Agent that could not be sent as a header.
	BadHeader
	// UnknownKind is a message whose type Haul does not know.
	UnknownKind
	// UnknownCaller is a host started by an extension Haul does not know.
	UnknownCaller
)

// names are the reasons as the extension reads them.
var names = map[RefusalKind]string{
	TooLarge: "too_large", Truncated: "truncated", BadJSON: "bad_json", NotWebLink: "not_web_link",
	NoLinks: "no_links", TooMany: "too_many", BadHeader: "bad_header", UnknownKind: "unknown_type",
	UnknownCaller: "unknown_caller",
}

// String is the reason's name in replies, such as "too_large".
func (k RefusalKind) String() string {
	if n, ok := names[k]; ok {
		return n
	}
	return fmt.Sprintf("refusal(%d)", int(k))
}

// Refusal is a message refused whole: its kind, and what the words about it
// quote (a size, a link, a field, the decoder's complaint).
type Refusal struct {
	Kind RefusalKind
	// Size is the message's length (TooLarge) or count of links (TooMany).
	Size int
	// Limit is the largest size or count allowed.
	Limit int
	// Value is the link, type, caller or header name refused.
	Value string
	// Err is the cause, for BadJSON and Truncated.
	Err error
}

// Error says why in English, for logs; the words shown come from i18n.
func (r *Refusal) Error() string {
	switch r.Kind {
	case TooLarge:
		return fmt.Sprintf("the message is %d bytes, more than the %d allowed", r.Size, r.Limit)
	case TooMany:
		return fmt.Sprintf("the message has %d links, more than the %d allowed", r.Size, r.Limit)
	case NotWebLink:
		return fmt.Sprintf("%q is not an http or https link", r.Value)
	case BadJSON, Truncated:
		return fmt.Sprintf("the message is not readable (%s): %v", r.Kind, r.Err)
	}
	return fmt.Sprintf("the message was refused (%s) %s", r.Kind, r.Value)
}

// Unwrap is the cause.
func (r *Refusal) Unwrap() error { return r.Err }
