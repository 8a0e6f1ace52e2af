package items

import (
	"haul/downloader/itemstate"
	"haul/downloader/record"
	"haul/downloader/throttle"
)

// The words of package itemstate and the saved record, as the items part
// speaks them.
type (
	// ID identifies an item within its store.
	ID = itemstate.ID
	// State is where an item is in its life.
	State = itemstate.State
	// ItemError is why an item failed or waits.
	ItemError = itemstate.ItemError
	// Note explains a Skipped item.
	Note = itemstate.Note
	// Record is the part of an item that survives a restart.
	Record = record.Record
)

// The states of an item.
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

// SiteSlowed is a site Haul holds back, with the limits it learned of it.
type SiteSlowed = throttle.Status
