package items

import (
	"time"

	"haul/downloader/record"
)

// Snapshot is an immutable copy of one item's state, safe to keep and
// compare (two snapshots of an unchanged item are equal).
type Snapshot struct {
	ID  ID
	URL string
	// Name is the file name in the output folder; empty until the server has answered.
	Name string
	// Path is the full path of the saved file when Done (or the existing file when Skipped).
	Path  string
	State State
	// Bytes is how much of the file is on disk; Total is its size, -1 while unknown.
	Bytes, Total int64
	// Speed is a moving average in bytes per second while Active.
	Speed float64
	// Attempts counts requests made for this item.
	Attempts int
	// Failures counts failed attempts since the last one that made
	// progress; a pause or a stop is not a failure.
	Failures int
	// Connections is how many connections fetch an Active item now: more
	// than one for a large file fetched in parts.
	Connections int
	// Idle is how long an Active item has received nothing: since its last
	// bytes, or since it started when none came yet.
	Idle time.Duration
	// Status is the last HTTP status received, 0 before any.
	Status int
	// Err is the last error: why it Failed, or why it is Waiting.
	Err *ItemError
	// Note explains a Skipped item (already in the folder, same picture…).
	Note Note
	// Forgotten says a Done or Skipped item's link was taken out of the
	// download archive (Controls.Forgotten): Retry, or adding its link
	// again, fetches it again.
	Forgotten bool
	// Original is the picture's original saved in place of the small
	// version the link gave, and that version's size; its URL is "" when
	// the link's own answer was saved.
	Original record.Original
	// Held says a Paused item was paused by the schedule (outside the
	// download hours, or the day's data received), not by the user.
	Held bool
	// RetryAt is when a Waiting item goes back to the queue.
	RetryAt time.Time
	// SlowedDown says the site asked us to slow down (429/503).
	SlowedDown bool
	// DayLimit is the limit of files a day of a Queued item's site, when
	// the site gave them today: the item waits until RetryAt, the next day.
	DayLimit int
	// Started and Finished are when the first attempt began and the item ended.
	Started, Finished time.Time
	// Referer is the web page the link was found on, if any.
	Referer string
	// MIME is the real format read from the first bytes; Width and Height are
	// a picture's pixel size when known.
	MIME          string
	Width, Height int
	// Place is where the link was read from, such as the workbook cell
	// "Sheet2!B7"; "" when the list does not say.
	Place string
	// Given is the file name, without its extension, the user gave the
	// item before it started; "" when none was given.
	Given string
	// Rank is the item's place in the list: twice its ID, unless it was
	// moved to the top or the bottom by hand. The list shows items by Rank.
	Rank int64
}

// ETA estimates the time left, when the size and speed are known.
func (s Snapshot) ETA() (time.Duration, bool) {
	return eta(s.Total-s.Bytes, s.Total >= 0, s.Speed)
}

// Progress returns the fraction done in [0, 1], and false when the size is unknown.
func (s Snapshot) Progress() (float64, bool) {
	if s.State == Done {
		return 1, true
	}
	if s.Total <= 0 {
		return 0, false
	}
	return min(float64(s.Bytes)/float64(s.Total), 1), true
}

// Summary counts items by state; the counts always add up to Total.
type Summary struct {
	Total                           int
	Queued, Active, Waiting, Paused int
	Done, Failed, Skipped, Canceled int
	// Bytes is the sum of bytes on disk over all items; Expected is the sum of known sizes.
	Bytes, Expected int64
	// Sized counts the items whose size is known (those in Expected);
	// Unsized counts the unfinished ones whose size is not known yet.
	Sized, Unsized int
	// Received is how many bytes the sites sent since the manager was
	// made, over all items, including those cleared from the list and
	// tries that started again from byte 0: what a data plan meters.
	Received int64
	// Speed is the total download speed in bytes per second, measured over
	// the last few seconds of calls to Summary or Snapshot.
	Speed float64
	// Running says the manager is started (Start called and not stopped).
	Running bool
}

// Left is the number of items not in a final state.
func (s Summary) Left() int { return s.Queued + s.Active + s.Waiting + s.Paused }

// Finished is the number of items in a final state.
func (s Summary) Finished() int { return s.Done + s.Failed + s.Skipped + s.Canceled }

// ETA estimates the time left at the current speed. Items whose size is
// not known yet are counted at the average known size, so a long queue of
// links that have not started does not read as "about 1 s left".
func (s Summary) ETA() (time.Duration, bool) {
	remaining := s.Expected - s.Bytes
	if s.Unsized > 0 && s.Sized > 0 {
		remaining += int64(s.Unsized) * (s.Expected / int64(s.Sized))
	}
	return eta(remaining, s.Sized > 0, s.Speed)
}

func eta(remaining int64, known bool, speed float64) (time.Duration, bool) {
	if !known || speed < 1 || remaining < 0 {
		return 0, false
	}
	return time.Duration(float64(remaining) / speed * float64(time.Second)).Round(time.Second), true
}
