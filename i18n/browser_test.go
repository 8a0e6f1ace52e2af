package i18n

import (
	"errors"
	"fmt"
	"testing"

	"golang.org/x/text/language"

	"haul/browser"
	"haul/instance"
)

func TestBrowserProblemSaysWhyAndWhatToDo(t *testing.T) {
	p, err := NewPrinter(language.English)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		err  error
		want string
	}{
		{&browser.Refusal{Kind: browser.TooLarge, Size: 9000000, Limit: 8388608},
			"The browser sent 9000000 bytes at once, more than the 8388608 Haul takes; nothing was added. Save fewer pictures at a time."},
		{&browser.Refusal{Kind: browser.NotWebLink, Value: "file:///etc/passwd"}, `"file:///etc/passwd" is not a web address (http or https); nothing was added.`},
		{&browser.Refusal{Kind: browser.BadJSON, Err: errors.New("unexpected end of JSON input")},
			"The message from the browser could not be read (unexpected end of JSON input); nothing was added. Update the Haul extension and try again."},
		{fmt.Errorf("hand over: %w", instance.ErrNotRunning), "Haul did not start in time, so nothing was added. Open Haul, then try again."},
		{instance.ErrNoAnswer, "Haul is open but did not answer in time; it may still show what the browser sent. If it does not, bring Haul's window forward and try again."},
		{fmt.Errorf("hand over: %w", instance.ErrAnotherUser),
			"The program at Haul's socket belongs to another user of this computer, so nothing was handed to it, your cookies included. Quit any Haul of another account, then try again."},
	}
	for _, tt := range tests {
		if got := BrowserProblem(p, tt.err); got != tt.want {
			t.Errorf("BrowserProblem(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}
