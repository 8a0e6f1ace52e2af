// Package picker finds the pictures on web pages and lets the user choose
// which to download: the "Find pictures on a page" dialog, the picture
// picker with its filters, and the thumbnails of its rows. Pickers.Show is
// the one way in: whatever found the pictures (a pasted page, the find
// dialog, a browser) opens the picker with it.
package picker
