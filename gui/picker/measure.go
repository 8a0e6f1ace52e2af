package picker

import (
	"context"

	"haul/downloader/pages"
)

// measure reads in the background the sizes that the choice of some
// pictures waits on (pages.Measure), and chooses them again once read; a
// picture the user ticked or unticked meanwhile keeps the tick. What is
// read of a picture kept is kept for its download.
func (p *picker) measure(ctx context.Context) {
	images := make([]pages.Image, len(p.picks))
	for i, pk := range p.picks {
		images[i] = pk.img
	}
	n := pages.Unmeasured(images)
	if n == 0 {
		return
	}
	p.measuring = n
	p.summary.SetText(p.summaryText())
	go func() {
		pages.Measure(ctx, images, p.host.Engine.Network().FetchKeep)
		if ctx.Err() == nil {
			p.host.Do(func() { p.measured(images) })
		}
	}()
}

// measured takes the choice made with the sizes read.
func (p *picker) measured(images []pages.Image) {
	if p.done {
		return
	}
	p.measuring = 0
	for i, img := range images {
		pk := p.picks[i]
		pk.img = img
		if !pk.touched {
			pk.chosen = img.Chosen()
		}
		if pk.size != sizeKnown && img.Width > 0 && img.Height > 0 {
			pk.w, pk.h, pk.size = img.Width, img.Height, sizeKnown
		}
	}
	p.refilter()
}
