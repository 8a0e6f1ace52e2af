package main

import "testing"

func TestProcessorsFor(t *testing.T) {
	for _, tc := range []struct {
		cores int
		env   string
		want  int
	}{
		{1, "", 3},
		{2, "", 4},
		{16, "", 18},
		{2, "1", 0},
	} {
		if got := processorsFor(tc.cores, tc.env); got != tc.want {
			t.Errorf("processorsFor(%d, %q) = %d, want %d", tc.cores, tc.env, got, tc.want)
		}
	}
}
