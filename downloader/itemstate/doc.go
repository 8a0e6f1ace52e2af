// Package itemstate holds the words the engine and its faces share about an
// item: the [State] it is in, why it failed or waits ([ItemError], with its
// [ErrorKind] and [Reason]), and why it was skipped ([Note]). They are data,
// never sentences: package haul/i18n puts them into words. It imports
// nothing of the engine, so the saved queue, the rules and the faces can
// all use it.
package itemstate
