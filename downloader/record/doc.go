// Package record is the part of an item that survives a restart ([Record])
// and what keeps it ([Journal]). The saved queue (package queue) writes and
// reads records; the engine makes them from its items and restores items
// from them. It imports nothing of the engine.
package record
