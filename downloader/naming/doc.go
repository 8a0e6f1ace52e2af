// Package naming decides what a downloaded file is called.
//
// Every name it returns is a plain base name that is valid on Windows,
// macOS and Linux alike and can never lead outside the output folder:
// no path separators, no characters Windows rejects, no control or
// bidirectional-override characters, no hidden or dot-only names, no
// reserved device names and no more than MaxBytes bytes.
package naming
