// Package originals turns the address of a picture's small version (a
// thumbnail, a feed's or a page's resized copy) into the addresses its
// original may have, by a table of rules kept as data: rules.txt, embedded
// in the program, and the user's own rules file, which may add rules or
// change or turn off the built-in ones (Load).
//
// A rule names the picture hosts it is for, a regular expression the
// address must match, and the candidates to try in order, with the headers
// they need (a Referer, above all). The table only proposes: the caller
// asks for each candidate in turn and keeps the first whose answer Accept
// takes (a picture by its bytes, at least as large as the small one when
// its size is known); when none is, the link as given is saved. So a rule
// can never make a save worse than no rule. Tally keeps a batch polite: a
// candidate that fails on most links of a host stops being tried there.
//
// The package imports nothing of the engine; the engine asks it at the
// start of a try.
package originals
