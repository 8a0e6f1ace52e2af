package record

import (
	"time"

	"haul/downloader/itemstate"
)

// Record is the part of an item that survives a restart: enough to show it
// again and to resume its partial file safely.
type Record struct {
	URL          string               `json:"url"`
	Dir          string               `json:"dir,omitempty"`
	Name         string               `json:"name,omitempty"`
	State        string               `json:"state"`
	OwnsPart     bool                 `json:"part,omitempty"`
	ETag         string               `json:"etag,omitempty"`
	LastModified string               `json:"modified,omitempty"`
	Total        int64                `json:"total,omitempty"`
	Attempts     int                  `json:"attempts,omitempty"`
	Status       int                  `json:"status,omitempty"`
	Failure      *itemstate.ItemError `json:"failure,omitempty"`
	Note         itemstate.Note       `json:"skip_note,omitzero"`
	// LegacyErrKind, LegacyError and LegacyNote are read from queues saved
	// when failures and notes were English sentences; they are never written.
	LegacyErrKind itemstate.ErrorKind `json:"err_kind,omitempty"`
	LegacyError   string              `json:"error,omitempty"`
	LegacyNote    string              `json:"note,omitempty"`
	Started       time.Time           `json:"started,omitzero"`
	Finished      time.Time           `json:"finished,omitzero"`
	Referer       string              `json:"referer,omitempty"`
	FromPage      bool                `json:"from_page,omitempty"`
	// SignedIn says the link came from a page whose browser handed over
	// its cookies (the browser extension). The cookies are kept in memory
	// only, never here: after a restart, a refusal of the link says the
	// sign-in was lost rather than wait for the site.
	SignedIn bool   `json:"signed_in,omitempty"`
	Subdir   string `json:"subdir,omitempty"`
	Pattern  string `json:"pattern,omitempty"`
	MIME     string `json:"mime,omitempty"`
	IsImage  bool   `json:"image,omitempty"`
	Width    int    `json:"width,omitempty"`
	Height   int    `json:"height,omitempty"`
	SHA256   string `json:"sha256,omitempty"`
	// Place is where the link was read from, such as "Sheet2!B7".
	Place string `json:"place,omitempty"`
	// Renamed says Pattern is the name the user gave the item.
	Renamed bool `json:"renamed,omitempty"`
	// Holes are the spans of a temporary file fetched over several
	// connections still missing, as "START-END,..." (package ranges); the
	// file's size then says nothing of how far it got.
	Holes string `json:"holes,omitempty"`
	// Held says a Paused item was paused by the schedule, not by the
	// user: the schedule resumes it.
	Held bool `json:"held,omitempty"`
	// Forgotten says a saved or skipped item's link was taken out of the
	// download archive: it may be fetched again.
	Forgotten bool `json:"forgotten,omitempty"`
}

// Journal receives item changes to persist. Its methods are never called
// under the engine's locks and must not call back into the engine. Write
// hands the changes to the operating system (enough to survive the app
// crashing); Sync makes what was written reach the disk (enough to survive
// a power cut), and may run while further Writes happen.
type Journal interface {
	Write(changed []Record, removed []string) error
	Sync() error
}
