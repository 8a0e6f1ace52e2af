package itemstate

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

// ErrorKind groups failures by what the user can do about them.
type ErrorKind int

// The kinds of failure an item can end with or wait on.
const (
	// ErrNone means no error.
	ErrNone ErrorKind = iota
	// ErrHTTP is an HTTP status that is not a success.
	ErrHTTP
	// ErrNetwork is a connection that could not be made or was dropped.
	ErrNetwork
	// ErrTimeout is a server that stopped sending.
	ErrTimeout
	// ErrShortBody is a body that ended before its announced length.
	ErrShortBody
	// ErrRedirect is a redirect loop, too many redirects, or a redirect to another scheme.
	ErrRedirect
	// ErrBadLink is a link that cannot be downloaded at all.
	ErrBadLink
	// ErrDisk is a failure to write to the output folder (full, read-only, no permission).
	ErrDisk
	// ErrServer is a response that makes no sense (e.g. a wrong range).
	ErrServer
	// ErrNotImage is a web page or text sent where a picture was expected.
	ErrNotImage
	// ErrCertificate is a site whose security certificate is not trusted.
	ErrCertificate
	// ErrNotHTTP is an answer that is not HTTP at all (or plain HTTP to an https link).
	ErrNotHTTP
	// ErrHeadersTooLarge is an answer whose headers are too large to read.
	ErrHeadersTooLarge
	// ErrProxyRefused is a proxy that refused to open a tunnel to the site.
	ErrProxyRefused
	// ErrEmptyBody is an answer with no bytes where a file was expected.
	ErrEmptyBody
	// ErrTooLarge is a file beyond the size limit the user set.
	ErrTooLarge
	// ErrTooManyOpen is the system running out of open files; it is not the disk's fault.
	ErrTooManyOpen
)

// Reason says exactly why an item failed or waits, as a stable code that is
// saved with the queue. The words for it, in every language, come from the
// catalogues of package haul/i18n; the engine never writes a sentence.
type Reason string

// The reasons an item can fail or wait with, and the ItemError fields each uses.
const (
	// ReasonHTTP is a status that is not a success (Status).
	ReasonHTTP Reason = "http"
	// ReasonNoFile is a success status that carries no file, such as 204 (Status).
	ReasonNoFile Reason = "no-file"
	// ReasonRedirectLoop is a link that redirects too many times.
	ReasonRedirectLoop Reason = "redirect-loop"
	// ReasonRedirectScheme is a redirect to an address that is not http or https.
	ReasonRedirectScheme Reason = "redirect-scheme"
	// ReasonStalled is a server that stopped sending data.
	ReasonStalled Reason = "stalled"
	// ReasonCutShort is a connection that dropped before the file was complete.
	ReasonCutShort Reason = "cut-short"
	// ReasonHostUnknown is a site name that could not be found (Host).
	ReasonHostUnknown Reason = "host-unknown"
	// ReasonRefused is a connection the site refused (Host).
	ReasonRefused Reason = "refused"
	// ReasonSlowAnswer is a site that took too long to answer (Host).
	ReasonSlowAnswer Reason = "slow-answer"
	// ReasonConnection is any other broken connection (Host).
	ReasonConnection Reason = "connection"
	// ReasonNotHTTP is a link that is not http or https.
	ReasonNotHTTP Reason = "not-http"
	// ReasonWrongPart is a resumed download answered with the wrong range.
	ReasonWrongPart Reason = "wrong-part"
	// ReasonNoResume is a site that could not resume a file (416).
	ReasonNoResume Reason = "no-resume"
	// ReasonNotImage is a web page or text sent instead of a picture.
	ReasonNotImage Reason = "not-image"
	// ReasonNameTaken is a file of the same name that appeared while saving.
	ReasonNameTaken Reason = "name-taken"
	// ReasonPageUnreadable is a web page that could not be read completely.
	ReasonPageUnreadable Reason = "page-unreadable"
	// ReasonDiskFull is an output folder on a full disk (Folder).
	ReasonDiskFull Reason = "disk-full"
	// ReasonNoPermission is an output folder Haul may not write to (Folder).
	ReasonNoPermission Reason = "no-permission"
	// ReasonDisk is any other failure to write the file (Folder, Detail).
	ReasonDisk Reason = "disk"
	// ReasonPartStuck is an unfinished file that had to be removed for the
	// download to start over, and could not be (Folder, Detail).
	ReasonPartStuck Reason = "part-stuck"
	// ReasonCertificate is a site whose security certificate is not trusted
	// (Host; Detail is one of the Certificate… causes).
	ReasonCertificate Reason = "certificate"
	// ReasonNotHTTPAnswer is a site whose answer is not HTTP at all (Host).
	ReasonNotHTTPAnswer Reason = "not-http-answer"
	// ReasonHeadersTooLarge is an answer whose headers are too large to read (Host).
	ReasonHeadersTooLarge Reason = "headers-too-large"
	// ReasonProxyRefused is a proxy that refused to open a tunnel to the site
	// (Host; Detail is the proxy's status line).
	ReasonProxyRefused Reason = "proxy-refused"
	// ReasonEmptyBody is an answer with no bytes and no length where a file was expected.
	ReasonEmptyBody Reason = "empty-body"
	// ReasonEmptyFile is a file of 0 bytes where a picture was expected.
	ReasonEmptyFile Reason = "empty-file"
	// ReasonTooLarge is a file beyond the user's size limit (Size).
	ReasonTooLarge Reason = "too-large"
	// ReasonTooManyOpen is the system running out of open files.
	ReasonTooManyOpen Reason = "too-many-open"
	// ReasonChanged is a file that changed on the site while it was being
	// downloaded; the download starts over.
	ReasonChanged Reason = "changed"
	// ReasonFileGone is a saved file that is no longer in its folder.
	ReasonFileGone Reason = "file-gone"
	// ReasonSignIn is a site that answered with its sign-in page: it wants
	// the cookies of a browser where the user is signed in.
	ReasonSignIn Reason = "sign-in"
	// ReasonSignInNeeded is a site that refused (Status, 401 or 403) a
	// link asked from its page or with cookies, without saying to slow
	// down: it wants the user signed in, or the cookies sent are no longer
	// good. Trying again without a sign-in cannot mend it.
	ReasonSignInNeeded Reason = "sign-in-needed"
	// ReasonSignInLost is a link that came with the sign-in of the browser
	// it was sent from, whose cookies Haul keeps only until it closes,
	// restored after a restart and refused (Status, or a sign-in page)
	// without them: the page must be sent again from the browser, or
	// the browser's cookies used.
	ReasonSignInLost Reason = "sign-in-lost"
	// ReasonPasswordNotKept is a link that came with a password, restored
	// without it (passwords are kept in memory only), that the site
	// refused with a 401: the link must be given again.
	ReasonPasswordNotKept Reason = "password-not-kept"
	// ReasonUnknown is a download that stopped without saying why.
	ReasonUnknown Reason = "unknown"
	// ReasonKeptRefusing is a site that refused every request (Status, its
	// last answer) for longer than Haul waits for a site.
	ReasonKeptRefusing Reason = "kept-refusing"
	// ReasonBadEncoding is an answer whose bytes are not compressed the way
	// its Content-Encoding says (Detail is that encoding).
	ReasonBadEncoding Reason = "bad-encoding"
	// ReasonNotPicture is bytes that are no picture format where a picture
	// was expected (Detail is the Content-Encoding Haul could not undo, if any).
	ReasonNotPicture Reason = "not-picture"
	// ReasonArchiveUnreadable is an output folder whose download archive
	// is there but cannot be read (Folder; Detail is the archive's file):
	// what it may hold is not downloaded again until it is repaired or set
	// aside.
	ReasonArchiveUnreadable Reason = "archive-unreadable"
)

// ItemError is why an item failed or is waiting: a reason with its
// parameters, never a finished sentence. It is saved with the queue as JSON.
type ItemError struct {
	Kind   ErrorKind `json:"kind"`
	Reason Reason    `json:"reason"`
	// Status is the HTTP status of the answer, when there was one.
	Status int `json:"status,omitempty"`
	// Host is the site's name, for connection failures.
	Host string `json:"host,omitempty"`
	// Folder is the output folder, for failures to save.
	Folder string `json:"folder,omitempty"`
	// Detail is the operating system's own words for a failure to save.
	Detail string `json:"detail,omitempty"`
	// Size is the size limit in bytes, for a file beyond it.
	Size int64 `json:"size,omitempty"`
	// Tries is how many attempts were made before giving up, when more than one.
	Tries int `json:"tries,omitempty"`
	// Wait is how long the site asked us to wait, when that was longer than Haul waits.
	Wait time.Duration `json:"wait,omitempty"`
	// NotStarted says the item was not tried because the output folder
	// failed for an earlier one, or its site was judged down; the reason
	// is the folder's or the site's.
	NotStarted bool `json:"not_started,omitempty"`
	// Err is the underlying error, while the try's outcome is decided;
	// the failures items keep have none.
	Err error `json:"-"`
}

// Error describes the failure for logs, as codes and parameters; people
// read it through the catalogues of package haul/i18n.
func (e *ItemError) Error() string {
	parts := []string{string(e.Reason)}
	if e.Status != 0 {
		parts = append(parts, fmt.Sprintf("status %d", e.Status))
	}
	for _, p := range []string{e.Host, e.Folder, e.Detail} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if e.Tries > 1 {
		parts = append(parts, fmt.Sprintf("%d tries", e.Tries))
	}
	if e.Wait > 0 {
		parts = append(parts, "wait "+e.Wait.String())
	}
	if e.NotStarted {
		parts = append(parts, "not started")
	}
	return strings.Join(parts, ", ")
}

// Unwrap exposes the underlying error.
func (e *ItemError) Unwrap() error { return e.Err }

// NeedsSignIn says whether signing in (sending the cookies of a browser
// where the user is signed in) may cure the failure: a sign-in page, a
// sign-in needed or lost, a web page instead of a picture, or a 401 or 403
// answer, once or for as long as Haul waits for a site.
func (e *ItemError) NeedsSignIn() bool {
	if e == nil {
		return false
	}
	switch e.Reason {
	case ReasonSignIn, ReasonSignInNeeded, ReasonSignInLost, ReasonNotImage:
		return true
	case ReasonHTTP, ReasonKeptRefusing:
		return e.Status == http.StatusUnauthorized || e.Status == http.StatusForbidden
	}
	return false
}
