//go:build windows

package disk

import (
	"net/url"
	"os"
	"strings"

	"golang.org/x/sys/windows"
)

// otherNames says the file has more than one name (a hard link): writing
// it would change what its other names hold.
func otherNames(f *os.File, _ os.FileInfo) bool {
	var info windows.ByHandleFileInformation
	if windows.GetFileInformationByHandle(windows.Handle(f.Fd()), &info) != nil {
		return false
	}
	return info.NumberOfLinks > 1
}

// MarkFromInternet writes the Zone.Identifier stream browsers write on a
// downloaded file (the Mark of the Web): Windows and Office then treat it
// as from the internet, and warn before running or opening it. Addresses
// are written without a user name or password. A file system without
// alternate streams (FAT, a network share) keeps no mark.
func MarkFromInternet(path, link, referer string) {
	var b strings.Builder
	b.WriteString("[ZoneTransfer]\r\nZoneId=3\r\n")
	if r := withoutUser(referer); r != "" {
		b.WriteString("ReferrerUrl=" + r + "\r\n")
	}
	if h := withoutUser(link); h != "" {
		b.WriteString("HostUrl=" + h + "\r\n")
	}
	_ = os.WriteFile(path+":Zone.Identifier", []byte(b.String()), 0o644)
}

// withoutUser is an address without its user name, password or fragment.
func withoutUser(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || raw == "" {
		return ""
	}
	u.User, u.Fragment, u.RawFragment = nil, "", ""
	return u.String()
}
