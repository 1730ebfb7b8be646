package media

import (
	"slices"
	"testing"
)

// The uses of a configuration: a field holding an address, HTML naming
// one (several times, with a query), each picture by its own number only.
func TestUsesIn(t *testing.T) {
	data := []byte(`{"banner":{"image":{"url":"/pictures/media/1/a.jpg"}},
		"pages":[{"content":{"fr":"<img src=\"/pictures/media/12/b.jpg?width=600\"><img src=\"/pictures/media/12/b.jpg\">"}}],
		"other":"/pictures/media/x/c.jpg /pictures/media/3 /pictures/demo/banner.jpg"}`)
	got := usesIn(data)
	if len(got) != 2 || !slices.Equal(got[1], []string{"banner.image.url"}) || !slices.Equal(got[12], []string{"pages[0].content.fr"}) {
		t.Errorf("usesIn = %v", got)
	}
	// As JSON escapes them, and HTML spells them: the browser loads them all.
	odd := []byte(`{"a": "\/pictures\/media\/5\/a.jpg", "b": "<img src=\"/pictures//media/6/b.jpg\">",
		"c": "<img src='/pictures/media/%37/c.jpg'>", "d": "<img src=\"/pictures/demo/../media/8/d.jpg\">",
		"e": "<img src=\"&#47;pictures&#47;media&#47;9&#47;e.jpg\">"}`)
	got = usesIn(odd)
	for _, id := range []int64{5, 6, 7, 8, 9} {
		if len(got[id]) != 1 {
			t.Errorf("picture %d in %s: %v", id, odd, got)
		}
	}
	if usesIn([]byte(`{"a": "/pictures/media/1/a.jpg"`)) != nil {
		t.Error("a configuration that is no JSON names pictures")
	}
}

func TestParseURL(t *testing.T) {
	for _, tc := range []struct {
		in   string
		id   int64
		name string
		ok   bool
	}{
		{"/pictures/media/12/spring.jpg", 12, "spring.jpg", true},
		{"/pictures/media/0/a.jpg", 0, "", false},
		{"/pictures/media/12/", 0, "", false},
		{"/pictures/media/12/a/b.jpg", 0, "", false},
		{"/pictures/demo/banner.jpg", 0, "", false},
	} {
		id, name, ok := ParseURL(tc.in)
		if id != tc.id || name != tc.name || ok != tc.ok {
			t.Errorf("ParseURL(%q) = %d %q %v", tc.in, id, name, ok)
		}
	}
	if it := (Item{ID: 5, Name: "x.png"}); it.URL() != "/pictures/media/5/x.png" {
		t.Errorf("URL = %s", it.URL())
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{"Été à Arlon (1)": "ete-a-arlon-1", "___": "picture", "Straße": "strasse", "a  b": "a-b"} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
}
