package browser

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// frame is body as the browser sends it: its length, then the body.
func frame(body string) []byte {
	var head [4]byte
	binary.LittleEndian.PutUint32(head[:], uint32(len(body)))
	return append(head[:], body...)
}

// replies reads every reply the host wrote.
func replies(t *testing.T, out *bytes.Buffer) []Reply {
	t.Helper()
	var got []Reply
	for out.Len() > 0 {
		body, err := ReadFrame(out, maxReplySize)
		if err != nil {
			t.Fatalf("read reply: %v", err)
		}
		var r Reply
		if err := json.Unmarshal(body, &r); err != nil {
			t.Fatalf("reply %s: %v", body, err)
		}
		got = append(got, r)
	}
	return got
}

func describe(err error) string { return "words: " + err.Error() }

func TestServeRefusesBadMessagesAndAddsNothing(t *testing.T) {
	good := `{"type":"pictures","page":{"url":"http://127.0.0.1/gallery"},"links":["http://127.0.0.1/a.jpg"]}`
	oversized := make([]byte, 4)
	binary.LittleEndian.PutUint32(oversized, MaxMessageSize+1)
	tests := []struct {
		name       string
		input      []byte
		wantReason string
		wantWords  string
	}{
		{"oversized", append(oversized, "{}"...), "too_large", "more than the 67108864 allowed"},
		{"non-http link", frame(`{"type":"links","links":["http://127.0.0.1/a.jpg","file:///etc/passwd"]}`), "not_web_link", `"file:///etc/passwd"`},
		{"javascript link", frame(`{"type":"links","links":["javascript:alert(1)"]}`), "not_web_link", "javascript:alert(1)"},
		{"non-http page", frame(`{"type":"pictures","page":{"url":"ftp://x/"},"links":["http://127.0.0.1/a.jpg"]}`), "not_web_link", "ftp://x/"},
		{"broken JSON", frame(`{"type":"links","links":["http://127.0.0.1/a.jpg"`), "bad_json", "not readable"},
		{"not JSON", frame(`hello`), "bad_json", "not readable"},
		{"two values", frame(good + good), "bad_json", "more follows"},
		{"wrong shape", frame(`{"type":"links","links":"http://127.0.0.1/a.jpg"}`), "bad_json", "not readable"},
		{"unknown type", frame(`{"type":"run","links":["http://127.0.0.1/a.jpg"]}`), "unknown_type", "run"},
		{"no links", frame(`{"type":"links","links":[]}`), "no_links", "refused"},
		{"header injection", frame(`{"type":"links","links":["http://127.0.0.1/a.jpg"],"userAgent":"x\r\nCookie: a=b"}`), "bad_header", "User-Agent"},
		{"cut short", append(frame(good)[:4], good[:10]...), "truncated", "not readable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			delivered := 0
			var out bytes.Buffer
			err := Serve(bytes.NewReader(tt.input), &out, func(Message) (Delivered, error) { delivered++; return Delivered{Added: 1}, nil }, describe)
			got := replies(t, &out)
			if len(got) != 1 {
				t.Fatalf("replies = %+v (err %v), want one", got, err)
			}
			if got[0].OK || got[0].Reason != tt.wantReason || !strings.Contains(got[0].Error, tt.wantWords) {
				t.Errorf("reply = %+v, want reason %q and words with %q", got[0], tt.wantReason, tt.wantWords)
			}
			if delivered != 0 {
				t.Errorf("delivered %d messages, want none", delivered)
			}
		})
	}
}

func TestServeDeliversEachGoodMessage(t *testing.T) {
	msg := `{"type":"pictures","page":{"url":"http://127.0.0.1:8080/gallery","title":"Cats"},` +
		`"links":["http://127.0.0.1:8080/a.jpg","http://img.example.com/b.jpg"],"userAgent":"Mozilla/5.0",` +
		`"sizes":{"http://127.0.0.1:8080/a.jpg":{"width":800,"height":600},"http://img.example.com/b.jpg":{"width":-1,"height":5},` +
		`"http://elsewhere.test/c.jpg":{"width":10,"height":10}},` +
		`"cookies":[{"domain":"127.0.0.1","hostOnly":true,"path":"/","name":"member","value":"yes"},` +
		`{"domain":".example.com","path":"/","name":"shared","value":"1"},` +
		`{"domain":"bank.test","path":"/","name":"session","value":"secret"}]}`
	var in bytes.Buffer
	in.Write(frame(msg))
	in.Write(frame(`{"type":"links","links":["https://example.org/f.zip"]}`))
	var got []Message
	var out bytes.Buffer
	err := Serve(&in, &out, func(m Message) (Delivered, error) { got = append(got, m); return Delivered{Added: len(m.Links)}, nil }, describe)
	if err != nil {
		t.Fatal(err)
	}
	rs := replies(t, &out)
	if len(rs) != 2 || !rs[0].OK || rs[0].Added != 2 || !rs[1].OK || rs[1].Added != 1 {
		t.Fatalf("replies = %+v", rs)
	}
	first := got[0]
	if first.Page.Title != "Cats" || first.UserAgent != "Mozilla/5.0" {
		t.Errorf("message = %+v", first)
	}
	if want := map[string]Size{"http://127.0.0.1:8080/a.jpg": {800, 600}}; !reflect.DeepEqual(first.Sizes, want) {
		t.Errorf("sizes kept = %v, want only the real size of a link of the message", first.Sizes)
	}
	var names []string
	for _, c := range first.Pages()[0].JarCookies() {
		names = append(names, c.Host+":"+c.Name)
	}
	if strings.Join(names, " ") != "127.0.0.1:member" {
		t.Errorf("cookies kept = %v, want only the page's own site's", names)
	}
}

func TestServeSaysWhyDeliveryFailed(t *testing.T) {
	var out bytes.Buffer
	err := Serve(bytes.NewReader(frame(`{"type":"links","links":["https://example.org/f.zip"]}`)), &out,
		func(Message) (Delivered, error) { return Delivered{}, errors.New("haul did not start") }, describe)
	if err != nil {
		t.Fatal(err)
	}
	rs := replies(t, &out)
	if len(rs) != 1 || rs[0].OK || rs[0].Reason != "failed" || rs[0].Error != "words: haul did not start" {
		t.Errorf("replies = %+v", rs)
	}
}

func TestExtensionIDIsMadeFromTheKey(t *testing.T) {
	id, err := ExtensionID(ExtensionKey)
	if err != nil {
		t.Fatal(err)
	}
	if id != ChromeExtensionID {
		t.Errorf("ExtensionID = %s, want %s", id, ChromeExtensionID)
	}
}

func TestCheckCaller(t *testing.T) {
	tests := []struct {
		args []string
		ok   bool
	}{
		{[]string{ChromeOrigin()}, true},
		{[]string{ChromeOrigin(), "--parent-window=0"}, true},
		{[]string{"/home/u/.mozilla/native-messaging-hosts/io.haul.app.json", FirefoxExtensionID}, true},
		{[]string{"chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/"}, false},
		{nil, false},
	}
	for _, tt := range tests {
		if err := CheckCaller(tt.args); (err == nil) != tt.ok {
			t.Errorf("CheckCaller(%q) = %v, want ok %v", tt.args, err, tt.ok)
		}
	}
}

// TestServeSaysHowManyAFullListLeftOut: the reply carries how many links
// Haul's full list left out and the words saying so, and a reply for a
// message taken whole is as it always was.
func TestServeSaysHowManyAFullListLeftOut(t *testing.T) {
	tests := []struct {
		name      string
		delivered Delivered
		want      string
	}{
		{"taken whole", Delivered{Added: 2}, `{"ok":true,"added":2}`},
		{"cut short", Delivered{Added: 1, NotAdded: 1, Note: "the list is full"},
			`{"ok":true,"added":1,"notAdded":1,"note":"the list is full"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			msg := frame(`{"type":"links","links":["https://example.org/a.jpg","https://example.org/b.jpg"]}`)
			if err := Serve(bytes.NewReader(msg), &out, func(Message) (Delivered, error) { return tt.delivered, nil }, describe); err != nil {
				t.Fatal(err)
			}
			body, err := ReadFrame(&out, maxReplySize)
			if err != nil || string(body) != tt.want {
				t.Errorf("reply %s (%v), want %s", body, err, tt.want)
			}
		})
	}
}

// TestARefusalQuotingAHugeLinkIsStillAnswered: a message refused for a
// link of 2 MB is answered (the words quoting the link cut short), and
// the host goes on with the next message instead of ending with no reply.
func TestARefusalQuotingAHugeLinkIsStillAnswered(t *testing.T) {
	huge := "ftp://127.0.0.1/" + strings.Repeat("图", 700_000) // 2 MB
	body, _ := json.Marshal(Message{Type: TypeLinks, Links: []string{huge}})
	good := `{"type":"links","links":["http://127.0.0.1/a.jpg"]}`
	in := bytes.NewReader(append(frame(string(body)), frame(good)...))
	var out bytes.Buffer
	delivered := 0
	err := Serve(in, &out, func(Message) (Delivered, error) { delivered++; return Delivered{Added: 1}, nil }, describe)
	if err != nil {
		t.Fatalf("Serve = %v", err)
	}
	got := replies(t, &out)
	if len(got) != 2 || got[0].OK || got[0].Reason != "not_web_link" || !strings.HasPrefix(got[0].Error, "words: ") ||
		!strings.HasSuffix(got[0].Error, "…") || !got[1].OK || delivered != 1 {
		t.Errorf("replies %d, first %+v (%d bytes of words), second %+v; %d delivered", len(got), got[0].Reason, len(got[0].Error), got[len(got)-1], delivered)
	}
}
