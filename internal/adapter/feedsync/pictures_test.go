package feedsync_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"immo/internal/domain/feed"
)

// photo is a JPEG of the test's, w×h, of one colour.
func photo(t *testing.T, w, h int, c color.RGBA) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// photos is the CRM's pictures: each path's body and ETag, the requests
// counted per path.
type photos struct {
	mu    sync.Mutex
	body  map[string][]byte
	etag  map[string]string
	asked map[string]int
	down  map[string]bool
}

func (p *photos) serve(w http.ResponseWriter, r *http.Request) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if r.URL.Path == "/redirect.jpg" {
		p.asked[r.URL.Path]++
		http.Redirect(w, r, "https://10.1.2.3/secret.jpg", http.StatusFound)
		return true
	}
	body, ok := p.body[r.URL.Path]
	if !ok {
		return false
	}
	p.asked[r.URL.Path]++
	if p.down[r.URL.Path] {
		http.Error(w, "down", http.StatusInternalServerError)
		return true
	}
	if tag := p.etag[r.URL.Path]; tag != "" {
		if r.Header.Get("If-None-Match") == tag {
			w.WriteHeader(http.StatusNotModified)
			return true
		}
		w.Header().Set("ETag", tag)
	}
	w.Write(body)
	return true
}

func (p *photos) count(path string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.asked[path]
}

// TestPictures: a run's pictures on the CRM's host get local addresses and
// are fetched once, checked by content and re-encoded; asked again after a
// day (304: kept; changed: fetched anew); one that fails keeps the old;
// one that is no picture, or redirects to a private address, is refused
// with its reason; a picture not fetched yet is fetched at a visitor's
// request. On both databases.
func TestPictures(t *testing.T) {
	databases(t, func(t *testing.T, f *fixture) {
		ctx := t.Context()
		red, blue := photo(t, 800, 600, color.RGBA{200, 0, 0, 255}), photo(t, 640, 480, color.RGBA{0, 0, 200, 255})
		pics := &photos{body: map[string][]byte{"/p/a.jpg": red, "/p/b.jpg": red, "/p/text.jpg": []byte("hello, not a picture"),
			"/p/visitor.jpg": blue}, etag: map[string]string{"/p/a.jpg": `"a1"`}, asked: map[string]int{}, down: map[string]bool{}}
		base := f.crm.srv.URL
		body := f.changed(t, func(c map[string]any) {
			p := c["properties"].([]any)[0].(map[string]any)
			p["SmallPictureItem"] = map[string]any{"Url": base + "/p/a.jpg"}
			p["XLargePictureItem"] = map[string]any{"Url": base + "/p/b.jpg"}
			p["Pictures"] = []any{map[string]any{"Url": base + "/p/text.jpg"}, map[string]any{"Url": base + "/redirect.jpg"},
				map[string]any{"Url": "https://cdn.example.com/p/elsewhere.jpg"}, map[string]any{"Url": base + "/p/visitor.jpg"}}
		})
		f.crm.serve(func(w http.ResponseWriter, r *http.Request) {
			if !pics.serve(w, r) {
				w.Write(body)
			}
		})
		at := clock
		f.runner.Now = func() time.Time { return at }
		run, err := f.pull(t, true)
		if err != nil || run.Status != feed.StatusApplied {
			t.Fatalf("the run: %+v, %v", run, err)
		}
		listing := f.online(t).Properties[0]
		if !strings.HasPrefix(listing.SmallPictureItem.Url, feed.PicturePrefix) || listing.SmallPictureItem.Url != feed.LocalURL(base+"/p/a.jpg") ||
			listing.Pictures[2].Url != "https://cdn.example.com/p/elsewhere.jpg" {
			t.Fatalf("the listing's pictures: %s, %+v", listing.SmallPictureItem.Url, listing.Pictures)
		}
		// A visitor asks for one before the job fetched it: fetched now.
		visitorKey := feed.PictureKey(base + "/p/visitor.jpg")
		data, err := f.runner.FetchOne(ctx, visitorKey)
		if err != nil || !bytes.HasPrefix(data, []byte{0xff, 0xd8}) || pics.count("/p/visitor.jpg") != 1 {
			t.Fatalf("a visitor's picture: %d bytes, %v, asked %d", len(data), err, pics.count("/p/visitor.jpg"))
		}
		fresh, more, err := f.runner.FetchPictures(ctx, f.feed.ID)
		if err != nil || fresh != 2 || more {
			t.Fatalf("the first fetch: %d fresh, more %v, %v", fresh, more, err)
		}
		a, _ := f.store.FeedPicture(ctx, feed.PictureKey(base+"/p/a.jpg"))
		if a.Width != 800 || a.Height != 600 || !bytes.HasPrefix(a.Data, []byte{0xff, 0xd8}) || a.ETag != `"a1"` || a.Error != "" {
			t.Errorf("a fetched: %dx%d, %d bytes, etag %s, error %q", a.Width, a.Height, len(a.Data), a.ETag, a.Error)
		}
		if text, _ := f.store.FeedPicture(ctx, feed.PictureKey(base+"/p/text.jpg")); text.Data != nil || !strings.Contains(text.Error, "not a JPEG") {
			t.Errorf("a text as a picture: %d bytes, error %q", len(text.Data), text.Error)
		}
		if redirected, _ := f.store.FeedPicture(ctx, feed.PictureKey(base+"/redirect.jpg")); redirected.Data != nil ||
			!strings.Contains(redirected.Error, "not a public") {
			t.Errorf("a redirect to a private address: error %q", redirected.Error)
		}
		// Asked again at once: nothing; the same run again names the
		// same pictures: nothing fetched again.
		f.pull(t, true)
		if fresh, _, _ := f.runner.FetchPictures(ctx, f.feed.ID); fresh != 0 || pics.count("/p/a.jpg") != 1 || pics.count("/p/b.jpg") != 1 {
			t.Errorf("fetched again at once: %d fresh, a asked %d, b asked %d", fresh, pics.count("/p/a.jpg"), pics.count("/p/b.jpg"))
		}
		// A day later: a answers 304 (kept), b changed (fetched anew), the
		// visitor's one fails (the old kept).
		at = at.Add(feed.PictureRecheck + time.Minute)
		pics.mu.Lock()
		pics.body["/p/b.jpg"] = blue
		pics.down["/p/visitor.jpg"] = true
		pics.mu.Unlock()
		fresh, _, err = f.runner.FetchPictures(ctx, f.feed.ID)
		if err != nil || fresh != 1 || pics.count("/p/a.jpg") != 2 {
			t.Errorf("a day later: %d fresh (want b), a asked %d, %v", fresh, pics.count("/p/a.jpg"), err)
		}
		if again, _ := f.store.FeedPicture(ctx, a.Key); !bytes.Equal(again.Data, a.Data) || !again.Fetched.Equal(a.Fetched) || !again.Checked.After(a.Checked) {
			t.Errorf("a after its 304: fetched %v, checked %v", again.Fetched, again.Checked)
		}
		if b, _ := f.store.FeedPicture(ctx, feed.PictureKey(base+"/p/b.jpg")); b.Width != 640 {
			t.Errorf("b after it changed: %dx%d", b.Width, b.Height)
		}
		v, _ := f.store.FeedPicture(ctx, visitorKey)
		if !bytes.Equal(v.Data, data) || !strings.Contains(v.Error, "500") {
			t.Errorf("a picture failing: %d bytes kept (want %d), error %q", len(v.Data), len(data), v.Error)
		}
		if raw, _ := json.Marshal(listing); strings.Contains(string(raw), "127.0.0.1") {
			t.Errorf("the listing still names the CRM's host: %s", raw)
		}
	})
}
