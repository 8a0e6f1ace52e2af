// Package guitest holds what the window's tests in every gui package share:
// walking what a widget draws and reading what a test saved. Only tests
// import it.
package guitest
