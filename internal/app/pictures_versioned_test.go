package app_test

import (
	"net/http"
	"regexp"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/http/picturehttp"
)

// TestVersionedPictureAddresses: the whole site's wiring — a page names its
// pictures by their version, and that address is kept a year by the
// browser; without it, or with another version, a day.
func TestVersionedPictureAddresses(t *testing.T) {
	s := apptest.New(t, apptest.Options{})
	page := get(t, s, "/fr/a-vendre/arlon/villa-maison-ferme/4100001/")
	if page.Code != http.StatusOK {
		t.Fatalf("the property page: %d", page.Code)
	}
	address := regexp.MustCompile(`"(/pictures/demo/house-01\.jpg\?v=([0-9a-f]{12}))"`).FindStringSubmatch(page.Body.String())
	if address == nil {
		t.Fatalf("the property page names no versioned house-01: %.300s", page.Body.String())
	}
	for _, c := range []struct{ target, cache string }{
		{address[1], picturehttp.CacheControlVersioned},
		{"/pictures/demo/house-01.jpg", picturehttp.CacheControl},
		{"/pictures/demo/house-01.jpg?v=000000000000", picturehttp.CacheControl},
	} {
		rec := get(t, s, c.target)
		if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != c.cache {
			t.Errorf("%s: %d, Cache-Control %q; want %q", c.target, rec.Code, rec.Header().Get("Cache-Control"), c.cache)
		}
	}
}
