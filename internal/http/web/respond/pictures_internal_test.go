package respond

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestVersionPictures: a page's own picture addresses get their version,
// wherever its views carry one; nothing else of the page changes.
func TestVersionPictures(t *testing.T) {
	versions := map[string]string{
		"/pictures/demo/house-01.jpg":   "0a1b2c3d4e5f",
		"/pictures/media/12/spring.jpg": "ffee00112233",
		"/pictures/demo/odd.jpg":        `x"y`, // never written: not letters and digits
	}
	version := PictureVersions(func(address string) (string, bool) {
		v, ok := versions[address]
		return v, ok
	})
	type card struct {
		Url   string
		Other string
	}
	page := map[string]any{
		"cards":  []card{{Url: "/pictures/demo/house-01.jpg"}, {Url: "/pictures/demo/missing.jpg"}},
		"banner": map[string]any{"image": "/pictures/media/12/spring.jpg", "images": []string{"/pictures/demo/house-01.jpg", "https://cdn.example/pictures/demo/house-01.jpg"}},
		// A key is not an address; a text naming one is not one.
		"alts":  map[string]string{"/pictures/demo/house-01.jpg": "Façade"},
		"html":  `<img src="/pictures/demo/house-01.jpg"> and "/pictures/demo/house-01.jpg"`,
		"typed": `\"/pictures/demo/house-01.jpg`,
		"sized": "/pictures/demo/house-01.jpg?width=400",
		"odd":   "/pictures/demo/odd.jpg",
	}
	raw, err := json.Marshal(page)
	if err != nil {
		t.Fatal(err)
	}
	out := versionPictures(raw, version)
	var got map[string]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("not JSON any more: %v\n%s", err, out)
	}
	var want map[string]any
	json.Unmarshal(raw, &want)
	want["cards"].([]any)[0].(map[string]any)["Url"] = "/pictures/demo/house-01.jpg?v=0a1b2c3d4e5f"
	banner := want["banner"].(map[string]any)
	banner["image"] = "/pictures/media/12/spring.jpg?v=ffee00112233"
	banner["images"].([]any)[0] = "/pictures/demo/house-01.jpg?v=0a1b2c3d4e5f"
	wantJSON, _ := json.Marshal(want)
	gotJSON, _ := json.Marshal(got)
	if string(gotJSON) != string(wantJSON) {
		t.Errorf("versioned page\n got %s\nwant %s", gotJSON, wantJSON)
	}
	// A page without a picture of ours is the same bytes, not a copy.
	plainPage := []byte(`{"a":"/fr/a-vendre/","b":"/pictures/"}`)
	if got := versionPictures(plainPage, version); &got[0] != &plainPage[0] {
		t.Error("a page without versions was copied")
	}
	if got := versionPictures(raw, nil); string(got) != string(raw) {
		t.Error("no versions changed the page")
	}
	// A truncated page (never ours, but bounded) ends the scan.
	if got := versionPictures([]byte(`{"a":"/pictures/demo/house-01.jpg`), version); !strings.HasSuffix(string(got), "house-01.jpg") {
		t.Errorf("truncated: %s", got)
	}
}

// BenchmarkVersionPictures: a list page's data (~60 KB, 48 pictures of
// ours among texts and links), versioned as the responder does per page.
func BenchmarkVersionPictures(b *testing.B) {
	type card struct{ Url, Title, Href, Text string }
	cards := make([]card, 48)
	for i := range cards {
		cards[i] = card{Url: fmt.Sprintf("/pictures/demo/house-%02d.jpg", i%9+1), Title: "Villa 4 chambres à Arlon",
			Href: fmt.Sprintf("/fr/a-vendre/arlon/villa/41000%02d/", i), Text: strings.Repeat("Une description. ", 60)}
	}
	raw, _ := json.Marshal(map[string]any{"items": cards})
	version := PictureVersions(func(string) (string, bool) { return "0a1b2c3d4e5f", true })
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		versionPictures(raw, version)
	}
}
