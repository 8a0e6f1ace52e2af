package naming

import "mime"

// dispositionName returns the file name carried by a Content-Disposition
// header, or "" when there is none or the header is malformed (including
// a parameter given twice with different values). mime.ParseMediaType
// decodes filename* (RFC 5987/8187, UTF-8 or US-ASCII) and lets it win over
// filename.
func dispositionName(header string) string {
	if header == "" {
		return ""
	}
	_, params, err := mime.ParseMediaType(header)
	if err != nil {
		return ""
	}
	return params["filename"]
}
