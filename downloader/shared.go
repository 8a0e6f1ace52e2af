package downloader

import (
	"haul/downloader/itemstate"
	"haul/downloader/record"
	"haul/downloader/rules"
	"haul/downloader/throttle"
)

// The engine's faces (the window, haul get) speak of items in the words of
// package itemstate and of the saved queue in those of package record; the
// engine names them too, so that its callers need one import.

// State is where an item is in its life (see itemstate.State).
type State = itemstate.State

// The states of an item; the package documentation draws the moves between them.
const (
	Queued   = itemstate.Queued
	Active   = itemstate.Active
	Waiting  = itemstate.Waiting
	Paused   = itemstate.Paused
	Done     = itemstate.Done
	Failed   = itemstate.Failed
	Skipped  = itemstate.Skipped
	Canceled = itemstate.Canceled
)

// ParseState is the inverse of State.String.
func ParseState(name string) (State, bool) { return itemstate.ParseState(name) }

// ErrorKind groups failures by what the user can do about them (see itemstate.ErrorKind).
type ErrorKind = itemstate.ErrorKind

// The kinds of failure an item can end with or wait on.
const (
	ErrNone            = itemstate.ErrNone
	ErrHTTP            = itemstate.ErrHTTP
	ErrNetwork         = itemstate.ErrNetwork
	ErrTimeout         = itemstate.ErrTimeout
	ErrShortBody       = itemstate.ErrShortBody
	ErrRedirect        = itemstate.ErrRedirect
	ErrBadLink         = itemstate.ErrBadLink
	ErrDisk            = itemstate.ErrDisk
	ErrServer          = itemstate.ErrServer
	ErrNotImage        = itemstate.ErrNotImage
	ErrCertificate     = itemstate.ErrCertificate
	ErrNotHTTP         = itemstate.ErrNotHTTP
	ErrHeadersTooLarge = itemstate.ErrHeadersTooLarge
	ErrProxyRefused    = itemstate.ErrProxyRefused
	ErrEmptyBody       = itemstate.ErrEmptyBody
	ErrTooLarge        = itemstate.ErrTooLarge
	ErrTooManyOpen     = itemstate.ErrTooManyOpen
)

// Reason says exactly why an item failed or waits (see itemstate.Reason).
type Reason = itemstate.Reason

// The reasons an item can fail or wait with.
const (
	ReasonHTTP            = itemstate.ReasonHTTP
	ReasonNoFile          = itemstate.ReasonNoFile
	ReasonRedirectLoop    = itemstate.ReasonRedirectLoop
	ReasonRedirectScheme  = itemstate.ReasonRedirectScheme
	ReasonStalled         = itemstate.ReasonStalled
	ReasonCutShort        = itemstate.ReasonCutShort
	ReasonHostUnknown     = itemstate.ReasonHostUnknown
	ReasonRefused         = itemstate.ReasonRefused
	ReasonSlowAnswer      = itemstate.ReasonSlowAnswer
	ReasonConnection      = itemstate.ReasonConnection
	ReasonNotHTTP         = itemstate.ReasonNotHTTP
	ReasonWrongPart       = itemstate.ReasonWrongPart
	ReasonNoResume        = itemstate.ReasonNoResume
	ReasonNotImage        = itemstate.ReasonNotImage
	ReasonNameTaken       = itemstate.ReasonNameTaken
	ReasonPageUnreadable  = itemstate.ReasonPageUnreadable
	ReasonDiskFull        = itemstate.ReasonDiskFull
	ReasonNoPermission    = itemstate.ReasonNoPermission
	ReasonDisk            = itemstate.ReasonDisk
	ReasonCertificate     = itemstate.ReasonCertificate
	ReasonNotHTTPAnswer   = itemstate.ReasonNotHTTPAnswer
	ReasonHeadersTooLarge = itemstate.ReasonHeadersTooLarge
	ReasonProxyRefused    = itemstate.ReasonProxyRefused
	ReasonEmptyBody       = itemstate.ReasonEmptyBody
	ReasonEmptyFile       = itemstate.ReasonEmptyFile
	ReasonTooLarge        = itemstate.ReasonTooLarge
	ReasonTooManyOpen     = itemstate.ReasonTooManyOpen
	ReasonChanged         = itemstate.ReasonChanged
	ReasonFileGone        = itemstate.ReasonFileGone
	ReasonPartStuck       = itemstate.ReasonPartStuck
	ReasonSignIn          = itemstate.ReasonSignIn
	ReasonPasswordNotKept = itemstate.ReasonPasswordNotKept
	ReasonUnknown         = itemstate.ReasonUnknown
	ReasonKeptRefusing    = itemstate.ReasonKeptRefusing
	ReasonBadEncoding     = itemstate.ReasonBadEncoding
	ReasonNotPicture      = itemstate.ReasonNotPicture
)

// ReasonArchiveUnreadable is an output folder whose download archive
// cannot be read (see itemstate).
const ReasonArchiveUnreadable = itemstate.ReasonArchiveUnreadable

// SiteSlowed is a site Haul holds back, with the limits it learned of it
// (see throttle.Status).
type SiteSlowed = throttle.Status

// ItemError is why an item failed or is waiting (see itemstate.ItemError).
type ItemError = itemstate.ItemError

// NoteKind says why an item was skipped (see itemstate.NoteKind).
type NoteKind = itemstate.NoteKind

// The kinds of note a Skipped item can carry.
const (
	NoteInFolder     = itemstate.NoteInFolder
	NoteSamePicture  = itemstate.NoteSamePicture
	NotePage         = itemstate.NotePage
	NoteSavedEarlier = itemstate.NoteSavedEarlier
	NoteSavedBefore  = itemstate.NoteSavedBefore
)

// Note explains a Skipped item (see itemstate.Note).
type Note = itemstate.Note

// The causes of an untrusted certificate, given as the Detail of ReasonCertificate.
const (
	CertificateUnknownAuthority = rules.CertificateUnknownAuthority
	CertificateWrongName        = rules.CertificateWrongName
	CertificateExpired          = rules.CertificateExpired
	CertificateInvalid          = rules.CertificateInvalid
)

// Record is the part of an item that survives a restart (see record.Record).
type Record = record.Record

// Journal receives item changes to persist (see record.Journal).
type Journal = record.Journal
