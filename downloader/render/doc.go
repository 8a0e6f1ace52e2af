// Package render finds the pictures of pages that draw themselves in a
// browser: galleries built by JavaScript and infinite-scroll pages, where a
// page-reading tool sees an empty shell.
//
// Render drives a Chrome, Chromium, Edge or Brave that is already installed,
// headless, through the DevTools protocol (chromedp); no browser is bundled,
// and when none is found Render returns ErrNoBrowser so the caller can say
// so and read the page statically instead. The browser runs with a new
// temporary profile, never the user's own, in a work folder of its own
// that is also its temporary folder (Chromium's org.chromium.Chromium.*
// folders go there). The folder is removed with the browser whichever way
// Render returns; a lock held meanwhile lets the next start remove the
// folder of a Haul that was killed (RemoveLeftovers). The caller's
// headers, user agent and cookies are set into that profile.
//
// A hostile page cannot hold Haul: its reading ends after PageTimeout (60
// seconds by default) with what was found, even when its scripts never
// yield, and the browser's pop-up blocker keeps it to one tab. A browser
// that does not come up within that time is stopped too (ErrBrowserSlow).
//
// Render loads the page and scrolls it a screen at a time until no new
// pictures appear or a limit is reached. After each screen it reads the
// page as it now stands with pages.Find (so full-size links, srcset,
// lazy attributes and page data are all preferred as for a static page),
// and adds every picture the browser loaded that the page no longer shows
// (backgrounds, and items that virtual lists removed while scrolling).
// Addresses are tidied as pages.Tidy does: resolved, deduplicated, icons
// and tracking pixels left out, the largest of several sizes kept.
package render
