//go:build !unix

package cli

// stdioBroken is true where no SIGPIPE is ever raised for anything else.
func stdioBroken() bool { return true }
