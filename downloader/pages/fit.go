package pages

// fitOf is what a mention says of its picture, for choosing it.
func (f found) fitOf() fit {
	if f.carried != nil {
		return *f.carried
	}
	ft := fit{why: f.why, named: f.named(), meta: f.source == SourceMeta, whole: f.whole, copies: 1,
		shownW: f.shownW, shownH: f.shownH, pixelW: f.pixelW, pixelH: f.pixelH}
	return ft
}

// mergeFit adds what another mention of a picture says to what is known:
// a mention that shows the picture outweighs ones that only name it, and
// the picture is chosen when any showing mention chooses it (a picture of
// the article repeated in the sidebar is the article's), else left out for
// the strongest reason any gives; it is whole when any mention makes it
// so. bigger says the mention is of a larger copy than any before, whose
// own size is the picture's.
func mergeFit(dst *fit, f found, bigger bool) {
	m := f.fitOf()
	dst.mergeMention(m)
	dst.whole = dst.whole || m.whole
	if bigger || dst.pixelW == 0 && dst.pixelH == 0 {
		dst.pixelW, dst.pixelH = m.pixelW, m.pixelH
	}
}

// mergeMention weighs why another mention m chooses the picture or leaves
// it out, and the size it shows it at, against what is known.
func (dst *fit) mergeMention(m fit) {
	switch {
	case dst.named && !m.named:
		dst.why, dst.named, dst.meta = m.why, false, false
		dst.shownW, dst.shownH = m.shownW, m.shownH
	case !dst.named && !m.named:
		if m.why == "" || dst.why != "" && m.why.strength() < dst.why.strength() {
			dst.why = m.why
		}
		if dst.shownW == 0 && dst.shownH == 0 {
			dst.shownW, dst.shownH = m.shownW, m.shownH
		}
	case dst.named && m.named:
		dst.meta = dst.meta && m.meta
	}
}
