// Package watch keeps the list of watched pages, the pages Haul checks
// for new pictures, and checks them when they are due: when Haul starts
// and every few hours after (each page says how many, never less than
// MinEvery, whatever the file says). The list is one file in Haul's config
// folder, the user's alone, so the window and haul watch share it; each
// change reads the file again and replaces it whole. A check the file
// cannot record (a full or read-only disk) is remembered by the watcher,
// so the page is not checked again before its time.
//
// What a check does (read the page with its sign-in, rules and browser,
// queue the pictures the folder's download archive does not hold) is the
// caller's [Checker]; time comes from a [clock.Clock], so tests move it by hand.
// The package never imports the engine.
package watch
