package originals

import (
	"mime"
	"net/http"

	"haul/downloader/sniff"
)

// Answer is what the request for a candidate brought, as far as the check
// needs it: the status, the address it ended at after redirects, its
// headers and the first bytes of its body.
type Answer struct {
	Status   int
	FinalURL string
	Header   http.Header
	Head     []byte
}

// Refusal says why a candidate was not taken; "" when it was.
type Refusal string

// The reasons a candidate is not taken.
const (
	// Taken is a candidate that answered its original.
	Taken Refusal = ""
	// NotThere is an answer other than 200 (an error, a refusal without
	// the right Referer, a missing file).
	NotThere Refusal = "not_there"
	// Redirected is a redirect to the site's "no such picture" picture.
	Redirected Refusal = "redirected"
	// NotAPicture is an answer whose bytes are no picture: a web page, an
	// error in words, a forced download of something else.
	NotAPicture Refusal = "not_a_picture"
	// Smaller is a picture smaller than the small one.
	Smaller Refusal = "smaller"
)

// Accept judges a candidate's answer: it is the original only when it
// answers 200 with a picture by its bytes (whatever the headers say)
// that is at least as large as small on every side small knows (a
// picture whose size its first bytes do not tell is taken when small is
// not known). It returns what the bytes are, and why not when not.
func Accept(c Candidate, a Answer, small Size) (sniff.Format, Refusal) {
	if a.Status != http.StatusOK {
		return sniff.Format{}, NotThere
	}
	if c.FailRedirect != nil && a.FinalURL != c.URL && c.FailRedirect(a.FinalURL) {
		return sniff.Format{}, Redirected
	}
	f := sniff.Detect(a.Head)
	if !f.IsImage || attachmentOfAnother(a.Header) {
		return f, NotAPicture
	}
	got := Size{Width: f.Width, Height: f.Height}
	if small.Known() && !got.Covers(small) {
		return f, Smaller
	}
	return f, Taken
}

// attachmentOfAnother says the answer forces a download of a file whose
// name is no picture's.
func attachmentOfAnother(h http.Header) bool {
	disposition, params, err := mime.ParseMediaType(h.Get("Content-Disposition"))
	if err != nil || disposition != "attachment" || params["filename"] == "" {
		return false
	}
	return !sniff.ExpectImage(params["filename"], "", false)
}
