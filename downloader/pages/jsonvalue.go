package pages

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// jsonObject is a JSON object with its members in document order, so that
// pictures found in data keep the order the page gives them.
type jsonObject []jsonMember

// jsonMember is one key and value of a jsonObject.
type jsonMember struct {
	key string
	val any
}

// maxJSONDepth bounds how deeply nested data is read; real page state is
// far shallower, and the bound keeps hostile input from exhausting the stack.
const maxJSONDepth = 64

// errTooDeep reports data nested deeper than maxJSONDepth.
var errTooDeep = errors.New("data nested too deeply")

// decodeJSON reads one JSON value from dec: strings, numbers (as
// json.Number), booleans, nil, []any and jsonObject.
func decodeJSON(dec *json.Decoder) (any, error) {
	dec.UseNumber()
	return decodeValue(dec, 0)
}

// decodeValue reads the value that starts at the decoder's next token.
func decodeValue(dec *json.Decoder, depth int) (any, error) {
	if depth > maxJSONDepth {
		return nil, errTooDeep
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		return decodeObject(dec, depth)
	case json.Delim('['):
		return decodeArray(dec, depth)
	}
	return tok, nil
}

// decodeObject reads an object's members after its opening brace.
func decodeObject(dec *json.Decoder, depth int) (jsonObject, error) {
	var obj jsonObject
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("object key %v is not a string", tok)
		}
		val, err := decodeValue(dec, depth+1)
		if err != nil {
			return nil, err
		}
		obj = append(obj, jsonMember{key: key, val: val})
	}
	_, err := dec.Token()
	return obj, err
}

// decodeArray reads an array's elements after its opening bracket.
func decodeArray(dec *json.Decoder, depth int) ([]any, error) {
	var arr []any
	for dec.More() {
		val, err := decodeValue(dec, depth+1)
		if err != nil {
			return nil, err
		}
		arr = append(arr, val)
	}
	_, err := dec.Token()
	return arr, err
}

// parseJSON decodes text that is one JSON value, ignoring white space
// around it; ok is false when it is not.
func parseJSON(text string) (any, bool) {
	dec := json.NewDecoder(strings.NewReader(text))
	v, err := decodeJSON(dec)
	if err != nil {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false
	}
	return v, true
}

// maxScriptValues bounds how many embedded values are tried in one script.
const maxScriptValues = 64

// scriptJSON finds the JSON values a script embeds: the whole script when
// it is JSON, else each object or array assigned in it
// (window.__STATE__ = {...}; self.__next_f.push([...])) and each string
// given to JSON.parse. Each candidate is read by the JSON decoder, which
// stops at the end of the value; an object literal with single-quoted
// keys and strings is read as JSON would write it; JavaScript that is not
// JSON is skipped.
func scriptJSON(script string) []any {
	if v, ok := parseJSON(script); ok {
		return []any{v}
	}
	var values []any
	var lenient string // script with its single-quoted strings in double quotes
	tries := 0
	for i := 0; i < len(script) && tries < maxScriptValues; i++ {
		start, ok := embeddedValueStart(script, i)
		if !ok {
			continue
		}
		tries++
		v, end, ok := decodeAt(script, start)
		if !ok && script[start] == '{' {
			if lenient == "" {
				lenient = doubleQuoted(script)
			}
			v, end, ok = decodeAt(lenient, start)
		}
		if !ok {
			continue
		}
		if s, isString := v.(string); isString {
			if inner, ok := parseJSON(s); ok {
				values = append(values, inner)
			}
		} else {
			values = append(values, v)
		}
		i = end - 1
	}
	return values
}

// embeddedValueStart reports whether script[i] opens a value worth
// decoding: an object or array after "=", "(" or ":" at the top of an
// assignment or call, or the string argument of JSON.parse.
func embeddedValueStart(script string, i int) (int, bool) {
	switch script[i] {
	case '=', '(':
	default:
		return 0, false
	}
	if script[i] == '(' && !strings.HasSuffix(script[:i], "JSON.parse") && !strings.HasSuffix(script[:i], "push") {
		return 0, false
	}
	j := i + 1
	for j < len(script) && strings.IndexByte(" \t\r\n", script[j]) >= 0 {
		j++
	}
	if j < len(script) && (script[j] == '{' || script[j] == '[' || script[j] == '"') {
		if script[j] == '"' && script[i] != '(' {
			return 0, false
		}
		return j, true
	}
	return 0, false
}

// decodeAt decodes the JSON value starting at script[start] and returns it
// with the offset just after it.
func decodeAt(script string, start int) (any, int, bool) {
	dec := json.NewDecoder(strings.NewReader(script[start:]))
	v, err := decodeJSON(dec)
	if err != nil {
		return nil, 0, false
	}
	return v, start + int(dec.InputOffset()), true
}

// doubleQuoted returns script with its single-quoted strings that hold no
// quote, backslash or line end written in double quotes, as JSON writes
// them: {'colorImages': {...}} of a script's object literal. It keeps every
// character's offset.
func doubleQuoted(script string) string {
	b := []byte(script)
	for i := 0; i < len(b); i++ {
		if b[i] != '\'' {
			continue
		}
		end := strings.IndexAny(script[i+1:], "'\"\\\n")
		if end < 0 {
			break
		}
		if script[i+1+end] == '\'' {
			b[i], b[i+1+end] = '"', '"'
		}
		i += end
	}
	return string(b)
}
