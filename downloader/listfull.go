package downloader

import "haul/downloader/links"

// ListFull counts the links of rejected that were not added because the
// list was full (links.ReasonListFull), so that whoever added them can say
// so once, not once per link.
func ListFull(rejected []Rejected) int {
	n := 0
	for _, r := range rejected {
		if r.Reason == links.ReasonListFull {
			n++
		}
	}
	return n
}
