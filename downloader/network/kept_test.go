package network

import (
	"fmt"
	"testing"
	"time"
)

// TestKeptResponsesForgetTheOldestFirst keeps more responses than the
// bounds allow, some kept again after being used, and checks that the
// least recently kept go first and the cache never holds more than its
// bounds.
func TestKeptResponsesForgetTheOldestFirst(t *testing.T) {
	tests := []struct {
		name       string
		maxTotal   int64
		maxEntries int
		puts       []string // links kept in this order, each with a 100-byte body; "-x" uses x
		want       []string // links still kept
		gone       []string // links no longer kept
	}{
		{name: "bytes", maxTotal: 300, maxEntries: 100, puts: []string{"a", "b", "c", "d", "e"}, want: []string{"c", "d", "e"}, gone: []string{"a", "b"}},
		{name: "entries", maxTotal: 1 << 20, maxEntries: 2, puts: []string{"a", "b", "c"}, want: []string{"b", "c"}, gone: []string{"a"}},
		{name: "kept again is newest", maxTotal: 300, maxEntries: 100, puts: []string{"a", "b", "c", "a", "d"}, want: []string{"c", "a", "d"}, gone: []string{"b"}},
		{name: "used then kept again", maxTotal: 300, maxEntries: 100, puts: []string{"a", "b", "-a", "c", "a", "d", "e"}, want: []string{"a", "d", "e"}, gone: []string{"b", "c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &keptResponses{maxTotal: tt.maxTotal, maxEntries: tt.maxEntries}
			for _, p := range tt.puts {
				if p[0] == '-' {
					if k.take(p[1:]) == nil {
						t.Fatalf("%s was not kept", p[1:])
					}
					continue
				}
				k.put(p, &kept{status: 200, body: make([]byte, 100)})
				if n, size := k.held(); size > tt.maxTotal || n > tt.maxEntries {
					t.Fatalf("after keeping %s the cache holds %d responses, %d bytes", p, n, size)
				}
			}
			for _, l := range tt.gone {
				if k.take(l) != nil {
					t.Errorf("%s is still kept", l)
				}
			}
			for _, l := range tt.want {
				if k.take(l) == nil {
					t.Errorf("%s was forgotten", l)
				}
			}
			if n, size := k.held(); n != 0 || size != 0 {
				t.Errorf("empty cache holds %d responses, %d bytes", n, size)
			}
		})
	}
}

// TestKeptResponsesExpire checks that a response is not kept beyond its
// time, and a body larger than the whole cache is not kept at all.
func TestKeptResponsesExpire(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	k := &keptResponses{maxTotal: 1000, now: func() time.Time { return now }}
	for i := range 3 {
		k.put(fmt.Sprint(i), &kept{status: 200, body: make([]byte, 100)})
		now = now.Add(keptFor / 2)
	}
	k.put("huge", &kept{status: 200, body: make([]byte, 1001)})
	if k.take("0") != nil || k.take("1") != nil {
		t.Error("responses older than their time are still kept")
	}
	if k.take("huge") != nil {
		t.Error("a body larger than the cache was kept")
	}
	if k.take("2") == nil {
		t.Error("a response within its time was forgotten")
	}
	if n, size := k.held(); n != 0 || size != 0 {
		t.Errorf("empty cache holds %d responses, %d bytes", n, size)
	}
}
