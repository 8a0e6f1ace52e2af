package downloader

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestQueueSavedWithSentencesStillLoads restores records written when
// failures and notes were English sentences: they come back as reasons and
// notes, and are saved again in the new form.
func TestQueueSavedWithSentencesStillLoads(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cat.jpg"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := []string{
		`{"url":"https://a.example/gone.jpg","dir":"` + dir + `","state":"failed","status":404,"err_kind":1,"error":"Not found (404): the link is broken or the file was removed."}`,
		`{"url":"https://a.example/slow.jpg","dir":"` + dir + `","state":"failed","err_kind":3,"error":"a.example took too long to answer."}`,
		`{"url":"https://a.example/cat.jpg","dir":"` + dir + `","name":"cat.jpg","state":"skipped","note":"Already in the folder: cat.jpg"}`,
		`{"url":"https://a.example/page","dir":"` + dir + `","state":"skipped","note":"Web page: 12 pictures found on it"}`,
	}
	recs := make([]Record, len(lines))
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	m := New(testOptions(dir))
	ids := m.Saved().Restore(recs)
	want := []struct {
		err  *ItemError
		note Note
	}{
		{err: &ItemError{Kind: ErrHTTP, Reason: ReasonHTTP, Status: 404}},
		{err: &ItemError{Kind: ErrTimeout, Reason: ReasonStalled}},
		{note: Note{Kind: NoteInFolder, Name: "cat.jpg"}},
		{note: Note{Kind: NotePage, Count: 12}},
	}
	for i, id := range ids {
		it := mustItem(t, m, id)
		switch {
		case want[i].err != nil && (it.Err == nil || *it.Err != *want[i].err):
			t.Errorf("%s: error %+v, want %+v", it.URL, it.Err, want[i].err)
		case it.Note != want[i].note:
			t.Errorf("%s: note %+v, want %+v", it.URL, it.Note, want[i].note)
		}
	}
	again := recordOf(t, m, ids[0])
	raw, err := json.Marshal(again)
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if back.LegacyError != "" || back.Failure == nil || back.Failure.Reason != ReasonHTTP || back.Failure.Status != 404 {
		t.Errorf("saved again as %s", raw)
	}
}
