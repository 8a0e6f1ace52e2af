// Package corpus serves the pages that content-first choosing is measured
// on (testdata/corpus of package pages): pages in the shapes of real sites
// with a truth file each that lists every picture the page names, what it
// is (a picture a reader wants, or a logo, an ad, an avatar…) and the size
// it is served at. A Server answers as a forward proxy for every page's
// host and every picture's, so Haul and a browser reach them as they
// would reach the sites; Score counts what a run saved against the truth.
//
// The package does not import the testing package, so programs that
// measure can use it too.
package corpus

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Wanted is the label of a picture a reader wants.
const Wanted = "want"

// Copy is one address of a picture, at one size.
type Copy struct {
	URL           string
	Width, Height int
}

// Picture is one picture a page names, with every address of it.
type Picture struct {
	// Label is Wanted, or what the picture is that a reader does not
	// want: logo, icon, avatar, ad, related, sidebar, nav, comments,
	// signature, small, share, data, background, banner.
	Label string
	// Copies are its addresses, the largest first.
	Copies []Copy
}

// Page is one page of the corpus.
type Page struct {
	// Name is the file name without .html; Split is the folder it is in:
	// "tune" or "heldout".
	Name, Split string
	// URL is the address it is served at; Kind what sort of page it is.
	URL, Kind string
	HTML      []byte
	Pictures  []Picture
}

// Load reads every page of the corpus under dir, in the folders tune and
// heldout, sorted by folder and name.
func Load(dir string) ([]Page, error) {
	var pages []Page
	for _, split := range []string{"tune", "heldout"} {
		names, err := filepath.Glob(filepath.Join(dir, split, "*.truth"))
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", split, err)
		}
		sort.Strings(names)
		for _, truth := range names {
			p, err := loadPage(truth, split)
			if err != nil {
				return nil, err
			}
			pages = append(pages, p)
		}
	}
	if len(pages) == 0 {
		return nil, fmt.Errorf("no pages in %s", dir)
	}
	return pages, nil
}

// loadPage reads one page and its truth file.
func loadPage(truth, split string) (Page, error) {
	name := strings.TrimSuffix(filepath.Base(truth), ".truth")
	p := Page{Name: name, Split: split}
	html, err := os.ReadFile(strings.TrimSuffix(truth, ".truth") + ".html")
	if err != nil {
		return Page{}, fmt.Errorf("read the page %s: %w", name, err)
	}
	p.HTML = html
	b, err := os.ReadFile(truth)
	if err != nil {
		return Page{}, fmt.Errorf("read the truth of %s: %w", name, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for line := 1; sc.Scan(); line++ {
		if err := p.readLine(strings.Fields(sc.Text())); err != nil {
			return Page{}, fmt.Errorf("%s line %d: %w", truth, line, err)
		}
	}
	if p.URL == "" {
		return Page{}, fmt.Errorf("%s: no page line", truth)
	}
	return p, nil
}

// readLine takes one line of a truth file.
func (p *Page) readLine(f []string) error {
	switch {
	case len(f) == 0:
		return nil
	case f[0] == "page" && len(f) == 2:
		p.URL = f[1]
	case f[0] == "kind" && len(f) == 2:
		p.Kind = f[1]
	case len(f) == 3:
		var c Copy
		if _, err := fmt.Sscanf(f[1], "%dx%d", &c.Width, &c.Height); err != nil {
			return fmt.Errorf("size %q: %w", f[1], err)
		}
		c.URL = f[2]
		if f[0] == "copy" {
			if len(p.Pictures) == 0 {
				return fmt.Errorf("a copy before any picture")
			}
			last := &p.Pictures[len(p.Pictures)-1]
			last.Copies = append(last.Copies, c)
			return nil
		}
		p.Pictures = append(p.Pictures, Picture{Label: f[0], Copies: []Copy{c}})
	default:
		return fmt.Errorf("cannot read %q", strings.Join(f, " "))
	}
	return nil
}

// Wanted counts the pictures of the page a reader wants.
func (p Page) Wanted() int {
	n := 0
	for _, pic := range p.Pictures {
		if pic.Label == Wanted {
			n++
		}
	}
	return n
}

// Tally is what a run saved of one page, or of several, against the
// truth.
type Tally struct {
	// Wanted is how many pictures a reader wants; Saved how many of them
	// were saved at any size, Largest how many at their largest.
	Wanted, Saved, Largest int
	// Others counts what else was saved, by label: each picture a reader
	// does not want, and each further copy of a picture already saved.
	Others map[string]int
	// Unknown are saved addresses the truth does not list.
	Unknown []string
	// Missed are the wanted pictures not saved, by their first address.
	Missed []string
}

// OthersTotal is how many other pictures were saved in all.
func (t Tally) OthersTotal() int {
	n := 0
	for _, v := range t.Others {
		n += v
	}
	return n
}

// Add adds u to t.
func (t *Tally) Add(u Tally) {
	t.Wanted += u.Wanted
	t.Saved += u.Saved
	t.Largest += u.Largest
	if t.Others == nil {
		t.Others = map[string]int{}
	}
	for k, v := range u.Others {
		t.Others[k] += v
	}
	t.Unknown = append(t.Unknown, u.Unknown...)
	t.Missed = append(t.Missed, u.Missed...)
}

// Score counts what was saved of page p: the addresses saved.
func Score(p Page, saved []string) Tally {
	t := Tally{Wanted: p.Wanted(), Others: map[string]int{}}
	got := p.byPicture(saved, &t)
	for i, pic := range p.Pictures {
		if _, ok := got[i]; !ok && pic.Label == Wanted {
			t.Missed = append(t.Missed, p.Name+": "+pic.Copies[0].URL)
		}
	}
	for i, urls := range got {
		t.count(p.Pictures[i], urls)
	}
	return t
}

// byPicture groups the addresses saved, each once, by the picture of p
// they are a copy of; an address of no picture of p is noted in t.Unknown.
func (p Page) byPicture(saved []string, t *Tally) map[int][]string {
	owner := map[string]int{}
	for i, pic := range p.Pictures {
		for _, c := range pic.Copies {
			owner[c.URL] = i
		}
	}
	got := map[int][]string{}
	seen := map[string]bool{}
	for _, u := range saved {
		if seen[u] {
			continue
		}
		seen[u] = true
		i, ok := owner[u]
		if !ok {
			t.Unknown = append(t.Unknown, p.Name+": "+u)
			continue
		}
		got[i] = append(got[i], u)
	}
	return got
}

// count adds to t the copies urls of pic that were saved: a wanted
// picture once, at its largest or not, and every other copy as an other.
func (t *Tally) count(pic Picture, urls []string) {
	extra := len(urls)
	if pic.Label == Wanted {
		t.Saved++
		extra--
		for _, u := range urls {
			if u == pic.Copies[0].URL || largest(pic, u) {
				t.Largest++
				break
			}
		}
	}
	if extra > 0 {
		label := pic.Label
		if label == Wanted {
			label = "copy"
		}
		t.Others[label] += extra
	}
}

// largest says whether u is a copy of pic as large as its first.
func largest(pic Picture, u string) bool {
	for _, c := range pic.Copies {
		if c.URL == u {
			return c.Width*c.Height >= pic.Copies[0].Width*pic.Copies[0].Height
		}
	}
	return false
}
