package web

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestBreadcrumbList: every page but the home carries its trail as
// schema.org BreadcrumbList, with absolute addresses; a property hangs
// under its list (SPEC §2).
func TestBreadcrumbList(t *testing.T) {
	h, _, cat := newTestHandler(t, &fakeRenderer{})
	var saleID int64
	for _, p := range cat.Properties {
		if p.Goal == 0 {
			saleID = p.ID
			break
		}
	}
	type step struct{ name, item string }
	cases := []struct {
		path string
		want []step // nil: no structured breadcrumb
	}{
		{"/nl/", nil},
		{"/nl/te-koop/", []step{{"Home", "https://immo.test/nl/"}, {"Te koop", "https://immo.test/nl/te-koop/"}}},
		{"/fr/property/" + strconv.FormatInt(saleID, 10) + "/", []step{{"Accueil", "https://immo.test/fr/"}, {"A vendre", "https://immo.test/fr/a-vendre/"}, {"", ""}}},
		{"/en/privacy-statement/", []step{{"Home", "https://immo.test/en/"}, {"Privacy statement", ""}}},
	}
	for _, tc := range cases {
		rec := do(h, "GET", tc.path, nil)
		if rec.Code == 301 || rec.Code == 302 {
			rec = do(h, "GET", rec.Header().Get("Location"), nil)
		}
		crumbs := jsonLD(t, rec.Body.String())["BreadcrumbList"]
		if tc.want == nil {
			if crumbs != nil {
				t.Errorf("%s: a breadcrumb on the home page: %v", tc.path, crumbs)
			}
			continue
		}
		if len(crumbs) != 1 {
			t.Errorf("%s (%d): %d BreadcrumbList", tc.path, rec.Code, len(crumbs))
			continue
		}
		m, _ := json.Marshal(crumbs[0])
		var ld struct {
			Type  string `json:"@type"`
			Items []struct {
				Position int    `json:"position"`
				Name     string `json:"name"`
				Item     string `json:"item"`
			} `json:"itemListElement"`
		}
		if err := json.Unmarshal(m, &ld); err != nil || ld.Type != "BreadcrumbList" || len(ld.Items) != len(tc.want) {
			t.Errorf("%s: %s (%v)", tc.path, m, err)
			continue
		}
		for i, w := range tc.want {
			got := ld.Items[i]
			if got.Position != i+1 || w.name != "" && got.Name != w.name || w.item != "" && got.Item != w.item || got.Name == "" {
				t.Errorf("%s step %d: %+v, want %+v", tc.path, i+1, got, w)
			}
		}
		if last := ld.Items[len(ld.Items)-1]; last.Item == "" {
			t.Errorf("%s: the page itself has no address in its BreadcrumbList", tc.path)
		}
	}
}

// TestLCPPreload: the head names the page's LCP picture before the assets,
// with the very srcset and sizes the React markup gives it (lib/images.ts
// USES, BannerPicture): the home banner's WebP per screen, the property
// gallery's and the project's first picture, a list's first card from the
// tablet width up; a page whose largest element is text has none.
func TestLCPPreload(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	const pic = "/pictures/demo/"
	srcset := func(name string, widths ...string) string {
		var parts []string
		for _, w := range widths {
			parts = append(parts, pic+name+"?width="+w+"&amp;height=auto&amp;format=webp "+w+"w")
		}
		return strings.Join(parts, ", ")
	}
	cases := []struct {
		path string
		want []string
	}{
		{"/fr/", []string{
			`<link rel="preload" as="image" href="` + pic + `banner.jpg?width=600&amp;height=auto&amp;format=webp" media="(max-width: 767px)" type="image/webp" fetchpriority="high">`,
			`<link rel="preload" as="image" href="` + pic + `banner.jpg?width=1920&amp;height=auto&amp;format=webp" media="(min-width: 768px)" type="image/webp" fetchpriority="high">`}},
		{"/fr/a-vendre/arlon/villa-maison-ferme/4100001/", []string{
			`<link rel="preload" as="image" imagesrcset="` + srcset("house-01.jpg", "600", "800", "1360", "1920") + `" imagesizes="(min-width: 1280px) 1152px, 100vw" type="image/webp" fetchpriority="high">`}},
		{"/fr/project/?id=5200002", []string{
			`<link rel="preload" as="image" imagesrcset="` + srcset("residence-01.jpg", "600", "800", "1360", "1920") + `" imagesizes="(min-width: 1024px) 60vw, 100vw" type="image/webp" fetchpriority="high">`}},
		{"/fr/contact/", nil},
		{"/fr/a-vendre/?priceMax=1", nil},
	}
	preload := regexp.MustCompile(`<link rel="preload" as="image"[^>]*>`)
	for _, c := range cases {
		body := do(h, "GET", c.path, nil).Body.String()
		got := preload.FindAllString(body, -1)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.path, got, c.want)
		}
		if scripts := strings.Index(body, "/assets/app.js"); scripts < 0 || len(got) > 0 && strings.Index(body, got[0]) > scripts {
			t.Errorf("%s: the preload comes after the scripts (%d)", c.path, scripts)
		}
	}
	// A list: its first card's picture, on screens where the cards start above the fold.
	var first struct {
		Props struct {
			Items []struct{ SmallPictureItem struct{ Url string } } `json:"items"`
		} `json:"props"`
	}
	rec := do(h, "GET", "/nl/te-koop/", map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"})
	if err := json.Unmarshal(rec.Body.Bytes(), &first); err != nil || len(first.Props.Items) == 0 {
		t.Fatal(err)
	}
	url := strings.ReplaceAll(first.Props.Items[0].SmallPictureItem.Url, "&", "&amp;")
	want := `<link rel="preload" as="image" imagesrcset="` + url + `?width=400&amp;height=auto&amp;format=webp 400w, ` + url +
		`?width=600&amp;height=auto&amp;format=webp 600w" imagesizes="(min-width: 1280px) 280px, (min-width: 767px) 45vw, 100vw" media="(min-width: 767px)" type="image/webp" fetchpriority="high">`
	if got := preload.FindAllString(do(h, "GET", "/nl/te-koop/", nil).Body.String(), -1); len(got) != 1 || got[0] != want {
		t.Errorf("list:\n got %q\nwant %q", got, want)
	}
}

// TestVersionedPictures: with the pictures' versions, a page names its own
// pictures by their versioned addresses (a year's cache), in its data as
// the browser's router receives it and in its document, and the head's
// preload names the very addresses the gallery asks for.
func TestVersionedPictures(t *testing.T) {
	version := func(address string) (string, bool) {
		name, ok := strings.CutPrefix(address, "/pictures/demo/")
		return fmt.Sprintf("%012x", len(name)), ok
	}
	h, _, _ := newTestHandler(t, &fakeRenderer{}, func(o *Options) { o.PictureVersions = version })
	const path = "/fr/a-vendre/arlon/villa-maison-ferme/4100001/"
	v, _ := version("/pictures/demo/house-01.jpg")
	// The page's own addresses (the JSON-LD's and the sharing card's are
	// absolute or sized by the server, for crawlers: left as they are).
	address := regexp.MustCompile(`"/pictures/demo/[a-z0-9-]+\.(jpg|png)[^"\\]*"`)
	for _, c := range []struct {
		name string
		body string
	}{
		{"document", do(h, "GET", path, nil).Body.String()},
		{"router", do(h, "GET", path, map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"}).Body.String()},
	} {
		found := address.FindAllString(c.body, -1)
		if len(found) < 5 {
			t.Fatalf("%s: %d picture addresses: %q", c.name, len(found), found)
		}
		for _, a := range found {
			if !strings.Contains(a, "?v=") && !strings.Contains(a, "?width=") {
				t.Errorf("%s: %s has no version", c.name, a)
			}
		}
		if !strings.Contains(c.body, `"/pictures/demo/house-01.jpg?v=`+v+`"`) {
			t.Errorf("%s: house-01 is not named by its version %s", c.name, v)
		}
	}
	want := `/pictures/demo/house-01.jpg?v=` + v + `&amp;width=600&amp;height=auto&amp;format=webp 600w`
	if body := do(h, "GET", path, nil).Body.String(); !strings.Contains(body, `imagesrcset="`+want) {
		t.Errorf("the preload does not name the versioned address %s", want)
	}
}
