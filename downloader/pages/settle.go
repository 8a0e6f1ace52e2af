package pages

// Below these sizes, in pixels, a picture is too small to be one of its
// own: a thumbnail, an icon, a spacer.
const (
	smallSide = 100 // both sides below it
	thinSide  = 50  // either side below it
	// bannerShape is how many times longer than high a banner is, at
	// most bannerHeight high.
	bannerShape  = 4
	bannerHeight = 200
)

// settle decides which pictures of each page are chosen, from what the
// page says of each (its fit) and their sizes: a picture the page only
// names in its data or meta tags is left out, and so is one too small or
// shaped like a banner, unless it is part of a gallery or the full size
// behind a thumbnail. On a page where that leaves nothing, every picture
// left out for a reason that is not hard (see Reason.Hard) is chosen: a
// page of small pictures is about small pictures.
func settle(images []Image) {
	var order []string
	byPage := map[string][]int{}
	for i, img := range images {
		if _, ok := byPage[img.Page]; !ok {
			order = append(order, img.Page)
		}
		byPage[img.Page] = append(byPage[img.Page], i)
	}
	for _, page := range order {
		settlePage(images, byPage[page])
	}
}

// settlePage settles the pictures of one page, at the indexes given.
func settlePage(images []Image, indexes []int) {
	chosen := 0
	for _, i := range indexes {
		images[i].Why = baseReason(images[i])
		if images[i].Why == "" {
			chosen++
		}
	}
	if chosen > 0 {
		return
	}
	for _, i := range indexes {
		if !images[i].Why.Hard() {
			images[i].Why = ""
		}
	}
}

// baseReason is why a picture is left out, by itself.
func baseReason(img Image) Reason {
	f := img.fit
	switch {
	case f.why != "":
		return f.why
	case f.named && f.meta:
		return ReasonShare
	case f.named:
		return ReasonData
	case f.whole:
		return ""
	}
	return sizeReason(img)
}

// sizeReason says whether a picture's size leaves it out: the size the
// page draws it at when it says, else its own size once known; a picture
// with copies at several sizes is judged by the largest.
func sizeReason(img Image) Reason {
	f := img.fit
	w, h := f.shownW, f.shownH
	if f.copies > 1 || w == 0 && h == 0 {
		w, h = f.pixelW, f.pixelH
	}
	known := w > 0 && h > 0
	switch {
	case known && w < smallSide && h < smallSide, w > 0 && w < thinSide, h > 0 && h < thinSide:
		return ReasonSmall
	case known && w >= bannerShape*h && h <= bannerHeight, known && h >= bannerShape*w && w <= bannerHeight:
		return ReasonBanner
	}
	return ""
}
