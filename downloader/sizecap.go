package downloader

import "haul/downloader/transfer"

// tooLarge is the failure of a file beyond the size limit; a new try
// would bring the same file.
func tooLarge(limit int64) verdict {
	return verdict{err: &ItemError{Kind: ErrTooLarge, Reason: ReasonTooLarge, Size: limit, Err: &transfer.TooLargeError{Limit: limit}}}
}
