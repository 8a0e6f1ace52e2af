package i18n

import (
	"github.com/dustin/go-humanize"

	"haul/downloader/links"
)

// NotAddedData is what the words for links a full list left out say: how
// many were not added (N) and how many links the list holds at most (Max).
func NotAddedData(n int) Data {
	return Data{"N": humanize.Comma(int64(n)), "Max": humanize.Comma(links.MaxRunLinks)}
}

// WatchNotAdded says that a check of a watched page left n new pictures
// out, its list being full.
func WatchNotAdded(t Translator, n int) string {
	return t.XN("watch.listfull", n, NotAddedData(n))
}
