package pages

import (
	"context"
	"image"
	_ "image/gif"  // the formats whose size Measure reads
	_ "image/jpeg" //
	_ "image/png"  //
	"io"
	"net/http"
	"sync"

	_ "golang.org/x/image/webp" //
)

// Open asks for a picture found on page; the caller supplies it, with its
// own limits, headers and cookies, and closes the body of the answer.
type Open func(ctx context.Context, link, page string) (*http.Response, error)

// What Measure reads: at most measureHead bytes to find a picture's size,
// a few pictures at once, at most maxMeasured pictures of a list. A
// picture that stays chosen is read to its end when it is no larger than
// keepWhole, so that a caller that keeps what it read (Network.FetchKeep)
// does not ask for it again when it is saved.
const (
	measureHead   = 64 << 10
	measureAtOnce = 4
	maxMeasured   = 500
	keepWhole     = 4 << 20
)

// Measure reads the size of the chosen pictures whose size the page did
// not give, from their first bytes, and chooses again with it (see the
// package documentation): a picture that turns out small, or shaped like
// a banner, is left out. A picture whose size the page did not give at
// all gets the size read as its Width and Height. Pictures of a gallery and full sizes behind a
// thumbnail are not read: their size never leaves them out. It returns
// when every size is read or ctx ends.
func Measure(ctx context.Context, images []Image, open Open) {
	var wg sync.WaitGroup
	slots := make(chan struct{}, measureAtOnce)
	measured := 0
	for i := range images {
		if measured == maxMeasured || ctx.Err() != nil {
			break
		}
		if !needsSize(images[i]) {
			continue
		}
		measured++
		wg.Add(1)
		slots <- struct{}{}
		go func(img *Image) {
			defer wg.Done()
			defer func() { <-slots }()
			w, h := readSize(ctx, open, img.URL, img.Page)
			img.fit.pixelW, img.fit.pixelH = w, h
			if img.Width == 0 && img.Height == 0 {
				img.Width, img.Height = w, h
			}
		}(&images[i])
	}
	wg.Wait()
	settle(images)
}

// Unmeasured counts the pictures whose choice waits on their size, which
// Measure reads.
func Unmeasured(images []Image) int {
	n := 0
	for _, img := range images {
		if needsSize(img) {
			n++
		}
	}
	return n
}

// needsSize says whether a picture's choice waits on its size.
func needsSize(img Image) bool {
	f := img.fit
	if !img.Chosen() || f.whole || f.named || f.pixelW > 0 && f.pixelH > 0 {
		return false
	}
	return f.copies > 1 || f.shownW == 0 || f.shownH == 0
}

// readSize reads the size of the picture at link from its first bytes;
// 0, 0 when it cannot be read.
func readSize(ctx context.Context, open Open, link, page string) (int, int) {
	resp, err := open(ctx, link, page)
	if err != nil {
		return 0, 0
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, 0
	}
	head := io.LimitReader(resp.Body, measureHead)
	cfg, _, err := image.DecodeConfig(head)
	if err != nil {
		return 0, 0
	}
	if resp.ContentLength <= keepWhole && !tooSmall(cfg.Width, cfg.Height) {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, keepWhole))
	}
	return cfg.Width, cfg.Height
}

// tooSmall says whether a size alone leaves a picture out.
func tooSmall(w, h int) bool {
	return sizeReason(Image{fit: fit{pixelW: w, pixelH: h, copies: 1}}) != ""
}
