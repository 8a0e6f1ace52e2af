// Package browser is Haul's side of the browser extension: the native
// messaging host's framing (a 4-byte little-endian length, then JSON) and
// the checks every message passes before anything is added, the host's
// loop that answers each message, and the registration of the host with
// Chrome, Chromium, Edge, Brave and Firefox.
//
// The browser starts the host itself and lets only the extension named in
// the host's manifest talk to it; no port is opened. A message is data: it
// names pictures or links, the page they are on, and the cookies of the
// pictures' sites; nothing in it is ever run. A message that fails a check
// is refused whole, with a [Refusal] saying why, and nothing of it is added.
//
// The package is plain Go; it never imports Fyne or the engine (package
// handover hands its messages to the engine).
package browser
