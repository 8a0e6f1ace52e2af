// Package kit holds what the window's parts share: the words of the
// window (the catalogues seen through Fyne's lang), small layouts, and
// widgets such as the button with a tooltip. It knows nothing of the
// engine or of any one dialog.
package kit
