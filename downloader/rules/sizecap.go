package rules

import (
	"haul/downloader/itemstate"
	"haul/downloader/transfer"
)

// tooLarge is the failure of a file beyond the size limit; a new try
// would bring the same file.
func tooLarge(limit int64) Verdict {
	return Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrTooLarge, Reason: itemstate.ReasonTooLarge, Size: limit,
		Err: &transfer.TooLargeError{Limit: limit}}}
}
