package items

import (
	"errors"
	"haul/downloader/itemstate"
	"testing"
)

func TestItemsKeepFailuresWithoutTheirCause(t *testing.T) {
	cause := errors.New("dial tcp 127.0.0.1:9: connect: connection refused")
	plain := &ItemError{Kind: itemstate.ErrNetwork, Reason: itemstate.ReasonRefused, Host: "127.0.0.1"}
	withCause := &ItemError{Kind: itemstate.ErrNetwork, Reason: itemstate.ReasonRefused, Host: "127.0.0.1", Err: cause}
	tests := []struct {
		name string
		in   *ItemError
	}{
		{"no failure", nil},
		{"no cause", plain},
		{"a cause", withCause},
	}
	f := sharedFailures{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := f.keep(tt.in)
			if tt.in == nil {
				if got != nil {
					t.Fatalf("got %#v, want nil", got)
				}
				return
			}
			if got.Err != nil || got.Kind != tt.in.Kind || got.Reason != tt.in.Reason || got.Host != tt.in.Host {
				t.Errorf("got %#v, want %#v without its cause", got, tt.in)
			}
		})
	}
	if withCause.Err != cause {
		t.Error("the original error lost its cause")
	}
}

func TestItemsThatFailAlikeShareOneFailure(t *testing.T) {
	f := sharedFailures{}
	refused := func(host string) *ItemError {
		return &ItemError{Kind: itemstate.ErrNetwork, Reason: itemstate.ReasonRefused, Host: host, Err: errors.New("connection refused")}
	}
	a, b, other := f.keep(refused("a.example")), f.keep(refused("a.example")), f.keep(refused("b.example"))
	if a != b {
		t.Error("two links refused by the same site keep two copies of the failure")
	}
	if other == a || other.Host != "b.example" {
		t.Errorf("another site's failure is %#v, want its own", other)
	}
}
