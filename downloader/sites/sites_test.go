package sites

import (
	"errors"
	"net/url"
	"testing"

	"haul/downloader/itemstate"
	"haul/downloader/rules"
)

func TestOnlyDefiniteFailuresOfTheSiteItselfCount(t *testing.T) {
	own := &url.Error{Op: "Get", URL: "https://example.com/a.jpg", Err: errors.New("connection refused")}
	mirror := &url.Error{Op: "Get", URL: "https://mirror.example.net/a.jpg", Err: errors.New("connection refused")}
	tests := []struct {
		name string
		v    rules.Verdict
		want bool
	}{
		{"its own address refused", rules.Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrNetwork, Reason: itemstate.ReasonRefused, Err: own}}, true},
		{"its name does not exist", rules.Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrNetwork, Reason: itemstate.ReasonHostUnknown, Err: own}}, true},
		{"no name server answered (network not up)", rules.Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrNetwork, Reason: itemstate.ReasonHostUnknown, Err: own}}, false},
		{"a mirror it redirected to refused", rules.Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrNetwork, Reason: itemstate.ReasonRefused, Err: mirror}}, false},
		{"no route or a reset", rules.Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrNetwork, Reason: itemstate.ReasonConnection, Err: own}}, false},
		{"a timeout", rules.Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrTimeout, Reason: itemstate.ReasonSlowAnswer, Err: own}}, false},
		{"an answer", rules.Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrHTTP, Reason: itemstate.ReasonHTTP, Status: 503}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := unreachable("example.com:443", tt.v); got != tt.want {
				t.Errorf("unreachable = %v, want %v", got, tt.want)
			}
		})
	}
}
