package downloadtest

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
)

// errorPage is the HTML body of every error response, like the pages real
// servers send.
const errorPage = `<!DOCTYPE html>
<html>
<head><title>%[1]d %[2]s</title></head>
<body><h1>%[1]d %[2]s</h1><p>The file could not be delivered.</p></body>
</html>
`

// writeErrorPage answers code with a small HTML page (headers only for HEAD).
func writeErrorPage(w http.ResponseWriter, r *http.Request, code int) {
	body := fmt.Sprintf(errorPage, code, http.StatusText(code))
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(code)
	if r.Method != http.MethodHead {
		_, _ = io.WriteString(w, body)
	}
}
