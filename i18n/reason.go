package i18n

import (
	"net/http"
	"strings"

	"haul/downloader"
)

// Failure puts why an item failed or waits into words: the reason, then
// how many tries were made or how long the site asked to wait, and whether
// the item was never started.
func Failure(t Translator, e *downloader.ItemError) string {
	if e == nil {
		return t.X("reason.unknown", nil)
	}
	text := reasonText(t, e)
	switch {
	case e.Wait > 0:
		text = t.X("reason.wait", Data{"Reason": text, "Wait": Duration(t, e.Wait)})
	case e.Tries > 1:
		text = t.XN("reason.tries", e.Tries, Data{"Reason": withoutFullStop(text), "N": e.Tries})
	}
	if e.NotStarted {
		text = t.X("reason.notstarted", Data{"Reason": text})
	}
	return text
}

// withoutFullStop drops the sentence's final full stop, English or Chinese,
// so that another clause can follow it.
func withoutFullStop(s string) string {
	return strings.TrimRight(s, ".。")
}

// plainReasons are the message IDs of the reasons whose words need no parameters.
var plainReasons = map[downloader.Reason]string{
	downloader.ReasonRedirectLoop:    "reason.redirectloop",
	downloader.ReasonRedirectScheme:  "reason.redirectscheme",
	downloader.ReasonStalled:         "reason.stalled",
	downloader.ReasonCutShort:        "reason.cutshort",
	downloader.ReasonNotHTTP:         "reason.nothttp",
	downloader.ReasonWrongPart:       "reason.wrongpart",
	downloader.ReasonNoResume:        "reason.noresume",
	downloader.ReasonNotImage:        "reason.notimage",
	downloader.ReasonNameTaken:       "reason.nametaken",
	downloader.ReasonSignIn:          "reason.signin",
	downloader.ReasonSignInLost:      "reason.signinlost",
	downloader.ReasonPasswordNotKept: "reason.passwordnotkept",
	downloader.ReasonPageUnreadable:  "reason.pageunreadable",
	downloader.ReasonFileGone:        "reason.filegone",
}

// reasonText is the reason alone, with its parameters.
func reasonText(t Translator, e *downloader.ItemError) string {
	if key, ok := plainReasons[e.Reason]; ok {
		return t.X(key, nil)
	}
	switch e.Reason {
	case downloader.ReasonHTTP:
		return statusText(t, e.Status)
	case downloader.ReasonNoFile:
		return t.X("reason.nofile", Data{"Status": e.Status, "Text": http.StatusText(e.Status)})
	case downloader.ReasonKeptRefusing:
		return t.X("reason.keptrefusing", Data{"Status": e.Status})
	case downloader.ReasonSignInNeeded:
		return t.X("reason.signinneeded", Data{"Status": e.Status})
	}
	if text, ok := hostText(t, e); ok {
		return text
	}
	if text, ok := answerText(t, e); ok {
		return text
	}
	if text, ok := diskText(t, e); ok {
		return text
	}
	return t.X("reason.unknown", nil)
}

// hostText words the reasons about reaching a site.
func hostText(t Translator, e *downloader.ItemError) (string, bool) {
	d := Data{"Host": e.Host}
	if e.Host == "" {
		return t.X("reason.connection.any", nil), e.Reason == downloader.ReasonHostUnknown ||
			e.Reason == downloader.ReasonRefused || e.Reason == downloader.ReasonSlowAnswer || e.Reason == downloader.ReasonConnection
	}
	switch e.Reason {
	case downloader.ReasonHostUnknown:
		return t.X("reason.hostunknown", d), true
	case downloader.ReasonRefused:
		return t.X("reason.refused", d), true
	case downloader.ReasonSlowAnswer:
		return t.X("reason.slowanswer", d), true
	case downloader.ReasonConnection:
		return t.X("reason.connection", d), true
	}
	return "", false
}

// diskText words the reasons about saving into the output folder.
func diskText(t Translator, e *downloader.ItemError) (string, bool) {
	d := Data{"Folder": e.Folder, "Detail": e.Detail}
	switch {
	case e.Reason == downloader.ReasonDiskFull:
		return t.X("reason.diskfull", d), true
	case e.Reason == downloader.ReasonNoPermission:
		return t.X("reason.nopermission", d), true
	case e.Reason == downloader.ReasonDisk && e.Folder == "":
		return t.X("reason.disk.any", nil), true
	case e.Reason == downloader.ReasonDisk:
		return t.X("reason.disk", d), true
	case e.Reason == downloader.ReasonPartStuck:
		return t.X("reason.partstuck", d), true
	case e.Reason == downloader.ReasonArchiveUnreadable:
		return t.X("reason.archiveunreadable", d), true
	}
	return "", false
}

// statusText explains an HTTP status in plain words.
func statusText(t Translator, code int) string {
	d := Data{"Status": code, "Text": http.StatusText(code)}
	switch code {
	case http.StatusNotFound:
		return t.X("reason.http.404", d)
	case http.StatusGone:
		return t.X("reason.http.410", d)
	case http.StatusForbidden:
		return t.X("reason.http.403", d)
	case http.StatusUnauthorized:
		return t.X("reason.http.401", d)
	case http.StatusBadRequest:
		return t.X("reason.http.400", d)
	case http.StatusTooManyRequests:
		return t.X("reason.http.429", d)
	case http.StatusRequestTimeout:
		return t.X("reason.http.408", d)
	case http.StatusRequestedRangeNotSatisfiable:
		return t.X("reason.http.416", d)
	}
	if code >= 500 {
		return t.X("reason.http.server", d)
	}
	return t.X("reason.http.refused", d)
}
