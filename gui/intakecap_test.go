package gui

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestListHoldsAtMostTheCap adds numbered patterns paste after paste and
// file after file: the links the list holds count against the cap of
// 200,000, and an addition that would take the list past it adds nothing
// and says how many links it stood for, how many the list holds and how
// much room is left.
// It adds 200,000 links, too many for the race detector's pace; the light
// test below runs under it.
func TestListHoldsAtMostTheCap(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("adds 200,000 links")
	}
	h := newHarness(t, nil)
	big := filepath.Join(h.dir, "big.txt")
	write(t, big, "https://example.com/d/[1-60000].jpg\nhttps://example.com/e/[1-50000].jpg\n")

	steps := []struct {
		name  string
		add   func()
		rows  int
		words []string
	}{
		{"a first pattern", func() { h.paste("https://example.com/a/[1-100000].jpg") }, 100_000,
			[]string{"Added 100,000 links"}},
		{"two patterns past the cap", func() {
			h.paste("https://example.com/b/[1-100000].jpg\nhttps://example.com/c/[1-100000].jpg")
		}, 100_000, []string{"Adding the text (200,000) to what the list holds (100,000)", "pass the 200,000", "none were added", "room for 100,000 more"}},
		{"a file past the cap", func() { h.ui.intake.AddFiles([]string{big}) }, 100_000,
			[]string{"Adding “big.txt” (110,000) to what the list holds (100,000)", "none were added", "at most 100,000 links"}},
		{"a pattern that fills the list", func() { h.paste("https://example.com/b/[1-100000].jpg") }, 200_000,
			[]string{"Added 100,000 links"}},
		{"one link more", func() { h.paste("https://example.com/one-more.jpg") }, 200_000,
			[]string{"Adding the text (1) to what the list holds (200,000)", "room for 0 more", "Clear finished links"}},
	}
	for _, st := range steps {
		h.ui.intake.set("", nil)
		st.add()
		h.pump(st.name, func() bool { return h.ui.intake.label.Text != "" })
		h.waitRows(st.rows)
		got := h.ui.intake.label.Text
		for _, want := range st.words {
			if !strings.Contains(got, want) {
				t.Errorf("%s: intake line = %q, want it to say %q", st.name, got, want)
			}
		}
		if total := h.ui.m.Summary().Total; total != st.rows {
			t.Errorf("%s: the list holds %d links, want %d", st.name, total, st.rows)
		}
	}
}

// TestAdditionPastTheCapAddsNothing holds one link and adds a paste and a
// file of two numbered patterns, 200,000 links together: one more than the
// room left, so neither adds a link, and the words, in English and in
// Chinese, say why and what to do.
func TestAdditionPastTheCapAddsNothing(t *testing.T) {
	const patterns = "https://example.com/a/[1-100000].jpg\nhttps://example.com/b/[1-100000].jpg\n"
	tests := []struct {
		lang        string
		paste, file []string
	}{
		{"en", []string{"Adding the text (200,000) to what the list holds (1)", "pass the 200,000", "none were added", "room for 199,999 more"},
			[]string{"Adding “two.txt” (200,000) to what the list holds (1)", "none were added", "at most 199,999 links"}},
		{"zh", []string{"列表已有 1 个链接，这段文字又代表 200,000 个", "上限 200,000", "一个也没有添加", "还能再放 199,999 个"},
			[]string{"“two.txt”代表 200,000 个链接，列表已有 1 个", "一个也没有添加", "最多 199,999 个链接"}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			if tt.lang == "zh" {
				inChinese(t)
			}
			h := newHarness(t, nil)
			file := filepath.Join(h.dir, "two.txt")
			write(t, file, patterns)
			h.paste("https://example.com/first.jpg")
			h.waitRows(1)
			for _, add := range []struct {
				what  string
				do    func()
				words []string
			}{
				{"the paste", func() { h.paste(patterns) }, tt.paste},
				{"the file", func() { h.ui.intake.AddFiles([]string{file}) }, tt.file},
			} {
				h.ui.intake.set("", nil)
				add.do()
				h.pump(add.what, func() bool { return h.ui.intake.label.Text != "" })
				got := h.ui.intake.label.Text
				for _, want := range add.words {
					if !strings.Contains(got, want) {
						t.Errorf("%s: intake line = %q, want it to say %q", add.what, got, want)
					}
				}
				if total := h.ui.m.Summary().Total; total != 1 {
					t.Errorf("%s: the list holds %d links, want 1", add.what, total)
				}
			}
		})
	}
}
