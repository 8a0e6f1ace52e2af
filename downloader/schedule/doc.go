// Package schedule runs a batch at the hours the user chooses: it pauses
// the batch outside a daily window of time (say 01:00 to 07:00, which may
// run past midnight) and resumes it inside, pauses it once a daily amount
// of data was received (counted as the network delivers it, across the
// runs of the day and restarts of Haul, as a data plan meters it: the
// engine's reads call Arrived, and the read that reaches the cap waits
// while the batch is held, so it stops within a few reads of the cap; a
// clock moved back goes on counting the day last counted, and only a
// later day starts a new count), and,
// when the batch is done, quits Haul, puts the
// computer to sleep or shuts it down after a countdown the user can cancel.
//
// Time comes from a [clock.Clock] and the batch and the computer are reached
// through the [Batch] and [System] interfaces, so tests move the clock by
// hand and count the calls. Only what the schedule paused resumes by
// itself: a download the user paused stays paused. The user may ignore
// the schedule once (IgnoreOnce): outside the hours until they next
// begin, over the cap for the rest of the day, or until the batch is done
// (BatchDone). Why the batch is held is data (Reason), which the window
// turns into words. The package never imports the engine.
package schedule
