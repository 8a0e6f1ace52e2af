// Package rules decides what a try means for its item. [Classify] is the
// one place that says what kind of failure a try ended with and whether a
// new try may mend it (a [Verdict]); [Decide] turns a try's [Outcome] and
// the item's [History] into the one next [Step]: done, wait, resume,
// restart or fail. Both are pure: the engine applies what they say. The
// package imports nothing of the engine.
package rules
