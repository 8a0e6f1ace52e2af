// Package ranges keeps account of the parts of a file still missing while
// it is fetched over several connections at once: [Holes], the missing
// spans, written into the saved record as text so that a run after a crash
// asks only for them, and [Tracker], which the transfer fills as bytes are
// written and the engine reads for the record. It imports nothing of the
// engine.
package ranges
