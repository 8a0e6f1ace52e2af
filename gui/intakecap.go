package gui

import (
	"errors"

	"haul/downloader/links"
	"haul/gui/kit"
	"haul/i18n"
)

// The list holds at most links.MaxRunLinks links, as one run of haul get
// does: the links already in it count against that cap, so that paste after
// paste or file after file cannot grow it past what Haul holds at once. An
// addition that would take the list past the cap adds nothing, as haul get
// and a list too long on its own do; the words say how many links it stood
// for, how many the list holds and how much room is left. The engine holds
// the same cap for every other way in (the picker, the browser, pages read
// for their pictures): what it refuses as list-full is told of once, as
// how many links or pictures were not added (listFullText).

// readOptions are the options for reading one addition to the list: the
// links the list holds now count against the cap.
func (l *intakeLine) readOptions() links.Options {
	return links.Options{Legacy: i18n.LegacyEncoding(kit.Tr), Taken: l.held()}
}

// held is how many links the list holds.
func (l *intakeLine) held() int {
	return l.ui.m.Summary().Total
}

// extract picks the links out of a pasted or dropped text, counting the
// links the list holds against the cap; it also says how many that was.
func (l *intakeLine) extract(text string) (res links.Result, held int) {
	held = l.held()
	return links.ExtractWith(text, links.Options{Taken: held}), held
}

// tooManyText says why a text that stands for n links was not added to a
// list that held held links.
func tooManyText(n int64, held int) string {
	if held == 0 {
		return kit.Tr.X("intake.toomany", i18n.TooManyLinksData(n))
	}
	return kit.Tr.X("intake.listfull", i18n.ListFullData(n, held))
}

// fileErrorText says why a list file could not be added to a list that held
// held links.
func fileErrorText(err error, held int) string {
	var refused *links.FileError
	if held > 0 && errors.As(err, &refused) && refused.Problem == links.FileTooManyLinks {
		d := i18n.ListFullData(refused.Links, held)
		d["Name"] = refused.Name
		return kit.Tr.X("intake.listfull.file", d)
	}
	return i18n.ErrorText(kit.Tr, err)
}

// listFullText says that n links, or n pictures, were not added because
// the list already held links.MaxRunLinks links, and how to make room.
func listFullText(n int, pictures bool) string {
	if pictures {
		return kit.Tr.XN("intake.listfull.pictures", n, i18n.NotAddedData(n))
	}
	return kit.Tr.XN("intake.listfull.links", n, i18n.NotAddedData(n))
}
