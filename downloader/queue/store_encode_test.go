package queue

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"haul/downloader/itemstate"
	"haul/downloader/record"
)

// TestAppendLineWritesWhatEncodingJSONWrites holds the hand-written
// encoder to encoding/json's bytes for every field and every kind of
// string a record can hold.
func TestAppendLineWritesWhatEncodingJSONWrites(t *testing.T) {
	at := time.Date(2026, 12, 5, 17, 30, 8, 893570556, time.UTC)
	east := time.FixedZone("east", 8*3600)
	odd := time.FixedZone("odd", 3600+30) // an offset JSON cannot hold
	strs := []string{
		"plain", "", "http://127.0.0.1:8080/w5/f0001.bin?a=1&b=<2>", `quote " and \ back`,
		"tabs\tnew\nlines\rbell\x07\b\f\x00\x1f\x7f", "图片/下载 (2).jpg", "bad \xff\xfe utf-8 \xe4\xb8",
		"separators \u2028 and \u2029", "emoji 🖼️ and é", "C:\\Users\\张\\Pictures",
	}
	cases := map[string]line{
		"queued":  {Record: record.Record{URL: strs[2], Dir: "/tmp/out", Name: "f0001.bin", State: "queued"}},
		"removed": {Record: record.Record{URL: strs[2]}, Removed: true},
		"done": {Record: record.Record{URL: strs[2], Dir: "/tmp/out", Name: "f0001.bin", State: "done", Total: 2000,
			Attempts: 1, Status: 200, Started: at, Finished: at.Add(time.Millisecond), MIME: "image/jpeg", IsImage: true,
			Width: 640, Height: 480, SHA256: "ab12"}},
		"every field": {Record: record.Record{URL: "u", Dir: "d", Name: "n", State: "paused", OwnsPart: true, ETag: `"e"`,
			LastModified: "Mon, 02 Jan 2006 15:04:05 GMT", Total: -1, Attempts: 3, Status: 503, LegacyErrKind: 2,
			LegacyError: "e", LegacyNote: "n", Started: at.In(east), Finished: at, Referer: "r", FromPage: true,
			Subdir: "s", Pattern: "{name}", MIME: "m", IsImage: true, Width: 1, Height: 2, SHA256: "h", Place: "Sheet2!B7",
			Renamed: true, Holes: "0-10,20-30", Held: true, Forgotten: true}, Removed: true},
		"failure":    {Record: record.Record{URL: "u", State: "failed", Failure: &itemstate.ItemError{Kind: 1, Reason: "x", Status: 404}}},
		"note":       {Record: record.Record{URL: "u", State: "skipped", Note: itemstate.Note{Kind: "k", Name: "a<b>"}}},
		"odd zone":   {Record: record.Record{URL: "u", State: "done", Started: at.In(odd)}},
		"year 10000": {Record: record.Record{URL: "u", State: "done", Finished: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}},
	}
	for i, s := range strs {
		cases["string "+s] = line{Record: record.Record{URL: s, Dir: s, Name: s, State: s, ETag: s, Referer: s, Place: s, Holes: s}}
		cases["in the url "+strs[(i+1)%len(strs)]] = line{Record: record.Record{URL: s + strs[(i+1)%len(strs)], State: "queued"}}
	}
	for name, l := range cases {
		t.Run(name, func(t *testing.T) {
			var want bytes.Buffer
			wantErr := json.NewEncoder(&want).Encode(l)
			got, err := appendLine([]byte("before"), l)
			if (err != nil) != (wantErr != nil) {
				t.Fatalf("error %v, encoding/json's %v", err, wantErr)
			}
			if err != nil {
				return
			}
			if !bytes.Equal(got, append([]byte("before"), want.Bytes()...)) {
				t.Errorf("got  %s\nwant before%s", got, want.Bytes())
			}
		})
	}
}

// FuzzAppendLine holds the encoder to encoding/json for any string.
func FuzzAppendLine(f *testing.F) {
	for _, s := range []string{"", "a", "<&>", "\xff", "\u2028", "\x00\"\\", "张"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l := line{Record: record.Record{URL: s, Name: s, State: "done", Original: &record.Original{URL: s}}}
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(l); err != nil {
			t.Skip()
		}
		got, err := appendLine(nil, l)
		if err != nil || !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%q: got %s (%v), want %s", s, got, err, want.Bytes())
		}
	})
}

func BenchmarkAppendLine(b *testing.B) {
	at := time.Now()
	l := line{Record: record.Record{URL: "http://127.0.0.1:39685/w5/f0000.bin", Dir: "/tmp/w5/out", Name: "f0000.bin",
		State: "done", Total: 2000, Attempts: 1, Status: 200, Started: at, Finished: at, MIME: "application/octet-stream"}}
	b.Run("hand", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf, _ = appendLine(buf[:0], l)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		for b.Loop() {
			buf.Reset()
			_ = enc.Encode(l)
		}
	})
}

// TestAppendLineKnowsEveryField sets each field of a record in turn, so
// that a field added to record.Record and not to appendLine fails here
// instead of going missing from the journal.
func TestAppendLineKnowsEveryField(t *testing.T) {
	rt := reflect.TypeFor[record.Record]()
	for i := range rt.NumField() {
		field := rt.Field(i)
		t.Run(field.Name, func(t *testing.T) {
			l := line{Record: record.Record{URL: "u", State: "done"}}
			v := reflect.ValueOf(&l.Record).Elem().Field(i)
			switch {
			case field.Type == reflect.TypeFor[time.Time]():
				v.Set(reflect.ValueOf(time.Date(2026, 12, 5, 18, 0, 0, 1, time.UTC)))
			case v.Kind() == reflect.String:
				v.SetString("x<" + field.Name + ">")
			case v.Kind() == reflect.Bool:
				v.SetBool(true)
			case v.CanInt():
				v.SetInt(int64(i + 1))
			case v.Kind() == reflect.Pointer:
				v.Set(filledStruct(field.Type.Elem()))
			case v.Kind() == reflect.Struct:
				t.Skip("a note goes through encoding/json")
			default:
				t.Fatalf("%s is of a kind appendLine does not write: %s", field.Name, field.Type)
			}
			var want bytes.Buffer
			if err := json.NewEncoder(&want).Encode(l); err != nil {
				t.Fatal(err)
			}
			got, err := appendLine(nil, l)
			if err != nil || !bytes.Equal(got, want.Bytes()) {
				t.Errorf("got  %s (%v)\nwant %s", got, err, want.Bytes())
			}
		})
	}
}

// filledStruct is a pointer to a new value of the struct type st with
// its strings set to "s<Name>", its booleans to true and its numbers to
// their place (a record written by reflection may hold other kinds too).
func filledStruct(st reflect.Type) reflect.Value {
	p := reflect.New(st)
	for i := range st.NumField() {
		switch f := p.Elem().Field(i); {
		case !f.CanSet():
		case f.Kind() == reflect.String:
			f.SetString("s<" + st.Field(i).Name + ">")
		case f.Kind() == reflect.Bool:
			f.SetBool(true)
		case f.CanInt():
			f.SetInt(int64(i + 1))
		}
	}
	return p
}
