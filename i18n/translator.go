package i18n

// Data is the template data of a message: {{.Name}} in the text is data["Name"].
type Data = map[string]any

// Translator turns a message ID and its data into text in the user's
// language. The window implements it with Fyne's lang, haul get with a
// Printer; both read the same catalogues.
type Translator interface {
	// X is the message key filled in with data.
	X(key string, data Data) string
	// XN is the plural message key for count, filled in with data.
	XN(key string, count int, data Data) string
}
