package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"immo/internal/domain/catalog"
	"immo/internal/http/web/route"
)

var ldBlock = regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)

// jsonLD is every JSON-LD block of a page, decoded, by type.
func jsonLD(t *testing.T, body string) map[string][]map[string]any {
	t.Helper()
	out := map[string][]map[string]any{}
	for _, m := range ldBlock.FindAllStringSubmatch(body, -1) {
		var node map[string]any
		if err := json.Unmarshal([]byte(m[1]), &node); err != nil {
			t.Fatalf("a JSON-LD block that is no JSON object: %v\n%s", err, m[1])
		}
		typ, _ := node["@type"].(string)
		out[typ] = append(out[typ], node)
	}
	return out
}

// demo listings the tests need, by what they show.
const (
	publishedAddress = 4100001 // a house for sale, address and price published
	privateAddress   = 4100006
	priceOnRequest   = 4100007
	soldListing      = 4100059
	rentedListing    = 4100063
	demoProject      = 5200002 // on the site (5200001 has its own)
)

// get follows the site's redirects (a property's short address leads to
// its pretty one) and answers the page.
func get(t *testing.T, h http.Handler, path string) (string, string) {
	t.Helper()
	for range 3 {
		rec := do(h, "GET", path, nil)
		switch rec.Code {
		case http.StatusOK:
			return path, rec.Body.String()
		case http.StatusMovedPermanently, http.StatusFound:
			path = rec.Header().Get("Location")
		default:
			t.Fatalf("%s: %d", path, rec.Code)
		}
	}
	t.Fatalf("%s: too many redirects", path)
	return "", ""
}

// TestStructuredDataVocabulary walks every JSON-LD block of the home, a
// list, properties of every kind, a project and the contact page in every
// language: every type and property must be schema.org's, every value of
// the kind its range allows, and Google's required fields there.
func TestStructuredDataVocabulary(t *testing.T) {
	v := loadVocabulary(t)
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	r := h.resolver
	for _, lang := range r.Site.Languages.Enabled() {
		contact, ok := r.LocalURL("/contact/", lang)
		if !ok {
			t.Fatal("the demo has a contact page")
		}
		paths := []string{r.HomeURL(lang), r.ListURL(route.ListSale, lang, nil), r.ListURL(route.ListRent, lang, nil),
			r.ListURL(route.ListSold, lang, nil), r.ListURL(route.ListSale, lang, nil) + "?page=2", contact, r.ProjectURL(demoProject, lang)}
		for _, id := range []int64{publishedAddress, privateAddress, priceOnRequest, soldListing, rentedListing} {
			paths = append(paths, "/"+lang+"/property/"+strconv.FormatInt(id, 10)+"/")
		}
		for _, path := range paths {
			at, body := get(t, h, path)
			blocks := jsonLD(t, body)
			if len(blocks["RealEstateAgent"]) != 1 {
				t.Errorf("%s: %d RealEstateAgent blocks", at, len(blocks["RealEstateAgent"]))
			}
			for typ, nodes := range blocks {
				for i, n := range nodes {
					if n["@context"] != "https://schema.org" {
						t.Errorf("%s %s: @context %v", at, typ, n["@context"])
					}
					for _, p := range v.check(fmt.Sprintf("%s %s[%d]", at, typ, i), n) {
						t.Error(p)
					}
					for _, p := range googleRequired(n) {
						t.Errorf("%s %s: %s", at, typ, p)
					}
				}
			}
			isProperty := strings.Contains(path, "/property/")
			if got := len(blocks["RealEstateListing"]); got != map[bool]int{true: 1}[isProperty] {
				t.Errorf("%s: %d RealEstateListing blocks", at, got)
			}
			isList := strings.HasPrefix(path, r.ListURL(route.ListSale, lang, nil)) || path == r.ListURL(route.ListRent, lang, nil) || path == r.ListURL(route.ListSold, lang, nil)
			if got := len(blocks["ItemList"]); got != map[bool]int{true: 1}[isList] {
				t.Errorf("%s: %d ItemList blocks", at, got)
			}
			if got := len(blocks["BreadcrumbList"]); got != map[bool]int{true: 1}[path != r.HomeURL(lang)] {
				t.Errorf("%s: %d BreadcrumbList blocks", at, got)
			}
		}
	}
}

// googleRequired is what Google's structured data documentation requires
// of the rich results that apply: a breadcrumb's items (position, name,
// item but on the last), a carousel's ItemList (position and url, absolute),
// a LocalBusiness's name and address; and of any Offer with a price its
// currency.
func googleRequired(n map[string]any) []string {
	var out []string
	need := func(m map[string]any, keys ...string) {
		for _, k := range keys {
			if s, ok := m[k].(string); m[k] == nil || ok && strings.TrimSpace(s) == "" {
				out = append(out, fmt.Sprintf("no %s in %v", k, m["@type"]))
			}
		}
	}
	items := func() []map[string]any {
		list, _ := n["itemListElement"].([]any)
		if len(list) == 0 {
			out = append(out, "no itemListElement")
		}
		var ms []map[string]any
		for i, it := range list {
			m, _ := it.(map[string]any)
			if p, _ := m["position"].(float64); int(p) < 1 || i > 0 && int(p) != int(ms[i-1]["position"].(float64))+1 {
				out = append(out, fmt.Sprintf("item %d at position %v", i, m["position"]))
			}
			ms = append(ms, m)
		}
		return ms
	}
	switch n["@type"] {
	case "BreadcrumbList":
		ms := items()
		for i, m := range ms {
			need(m, "name")
			if i < len(ms)-1 {
				need(m, "item")
			}
		}
	case "ItemList":
		for _, m := range items() {
			need(m, "url")
			if u, _ := m["url"].(string); !absoluteURL.MatchString(u) {
				out = append(out, "a relative item url "+u)
			}
		}
	case "RealEstateAgent":
		need(n, "name", "address")
	case "RealEstateListing":
		need(n, "name", "url", "offers")
		if o, _ := n["offers"].(map[string]any); o != nil && o["price"] != nil {
			need(o, "priceCurrency")
		}
	}
	return out
}

// TestListingStructuredData: a property's listing says its price only when
// published, its status, its address and position only when published,
// its pictures, floor size and rooms — the public view's, and nothing
// else.
func TestListingStructuredData(t *testing.T) {
	h, _, cat := newTestHandler(t, &fakeRenderer{})
	stored := map[int64]*catalog.Property{}
	for i := range cat.Properties {
		stored[cat.Properties[i].ID] = &cat.Properties[i]
	}
	listing := func(id int64) (map[string]any, map[string]any, map[string]any) {
		at, body := get(t, h, "/fr/property/"+strconv.FormatInt(id, 10)+"/")
		blocks := jsonLD(t, body)["RealEstateListing"]
		if len(blocks) != 1 {
			t.Fatalf("%s: %d listings", at, len(blocks))
		}
		l := blocks[0]
		if l["url"] != "https://immo.test"+at || !strings.Contains(body, `<link rel="canonical" href="https://immo.test`+at+`">`) {
			t.Errorf("%d: url %v, the page is %s", id, l["url"], at)
		}
		offer, _ := l["offers"].(map[string]any)
		place, _ := l["mainEntity"].(map[string]any)
		return l, offer, place
	}

	l, offer, place := listing(publishedAddress)
	p := stored[publishedAddress]
	if offer["price"] != p.Price || offer["priceCurrency"] != "EUR" || offer["availability"] != "https://schema.org/InStock" {
		t.Errorf("published offer: %v", offer)
	}
	addr, _ := place["address"].(map[string]any)
	if addr == nil || addr["streetAddress"] != p.Street+" "+p.HouseNumber || addr["postalCode"] != p.Zip || addr["addressLocality"] != p.City {
		t.Errorf("published address: %v", place["address"])
	}
	if geo, _ := place["geo"].(map[string]any); geo == nil || geo["latitude"] != p.Latitude || geo["longitude"] != p.Longitude {
		t.Errorf("published position: %v", place["geo"])
	}
	if fs, _ := place["floorSize"].(map[string]any); fs == nil || fs["value"] != p.Surfaces.Living || fs["unitCode"] != "MTK" {
		t.Errorf("floor size: %v", place["floorSize"])
	}
	if place["numberOfBedrooms"] != float64(p.Rooms.Bedrooms) {
		t.Errorf("bedrooms: %v, want %d", place["numberOfBedrooms"], p.Rooms.Bedrooms)
	}
	images, _ := l["image"].([]any)
	if len(images) != len(p.Pictures) || images[0] != "https://immo.test"+p.Pictures[0].Url {
		t.Errorf("pictures: %v", l["image"])
	}

	_, _, place = listing(privateAddress)
	if stored[privateAddress].PublishAddress {
		t.Fatal("the demo's private address is published")
	}
	if place["address"] != nil || place["geo"] != nil {
		t.Errorf("a private address is told: %v %v", place["address"], place["geo"])
	}

	_, offer, _ = listing(priceOnRequest)
	if stored[priceOnRequest].PublishPrice || stored[priceOnRequest].Price == 0 {
		t.Fatal("the demo's price on request has no hidden price")
	}
	if offer["price"] != nil || offer["priceSpecification"] != nil {
		t.Errorf("a price on request is told: %v", offer)
	}

	// ISO country, the date it came online, a box number said as such,
	// land and shops a Place (no rooms), a dwelling an Accommodation.
	if addr["addressCountry"] != "BE" || l["datePosted"] != p.DateCreated.UTC().Format("2006-01-02") || place["@type"] != "Accommodation" {
		t.Errorf("country %v, datePosted %v, type %v", addr["addressCountry"], l["datePosted"], place["@type"])
	}
	_, _, flat := listing(4100005)
	if a, _ := flat["address"].(map[string]any); a == nil || !strings.HasSuffix(a["streetAddress"].(string), " bte 42") {
		t.Errorf("a box number: %v", flat["address"])
	}
	for _, id := range []int64{4100010, 4100013, 4100014} { // land, a shop, a garage
		if _, _, pl := listing(id); pl["@type"] != "Place" || pl["numberOfBedrooms"] != nil || pl["floorSize"] != nil {
			t.Errorf("%d: %v", id, pl)
		}
	}

	_, offer, _ = listing(soldListing)
	if offer["availability"] != "https://schema.org/SoldOut" {
		t.Errorf("sold: %v", offer["availability"])
	}
	_, offer, _ = listing(rentedListing)
	spec, _ := offer["priceSpecification"].(map[string]any)
	if offer["availability"] != "https://schema.org/OutOfStock" || spec == nil || spec["unitCode"] != "MON" {
		t.Errorf("rented: %v", offer)
	}
}

// TestAgencyStructuredData: the agency is described from the configuration,
// with its opening hours per day and range.
func TestAgencyStructuredData(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	a := h.resolver.Site.Agency
	_, body := get(t, h, "/de/")
	agents := jsonLD(t, body)["RealEstateAgent"]
	if len(agents) != 1 {
		t.Fatalf("%d agents", len(agents))
	}
	ag := agents[0]
	addr, _ := ag["address"].(map[string]any)
	if ag["name"] != a.Name || ag["email"] != a.Email || ag["url"] != "https://immo.test/de/" || addr["postalCode"] != a.Address.Zip ||
		addr["addressCountry"] != "BE" || ag["logo"] != "https://immo.test"+a.Logo {
		t.Errorf("agency: %v", ag)
	}
	if geo, _ := ag["geo"].(map[string]any); geo["latitude"] != a.Geo.Lat {
		t.Errorf("geo: %v", ag["geo"])
	}
	ranges := 0
	for _, d := range a.OpeningHours {
		ranges += len(d.Hours)
	}
	hours, _ := ag["openingHoursSpecification"].([]any)
	if ranges == 0 || len(hours) != ranges {
		t.Fatalf("%d opening ranges, the configuration has %d", len(hours), ranges)
	}
	first, _ := hours[0].(map[string]any)
	if first["dayOfWeek"] != "https://schema.org/Monday" || first["opens"] != a.OpeningHours[0].Hours[0].From {
		t.Errorf("first range: %v", first)
	}
}

// TestItemListStructuredData: a list page's ItemList is its cards, in
// order, at their place in the whole list, with absolute addresses.
func TestItemListStructuredData(t *testing.T) {
	h, _, _ := newTestHandler(t, &fakeRenderer{})
	_, body := get(t, h, "/nl/te-koop/?page=2")
	lists := jsonLD(t, body)["ItemList"]
	if len(lists) != 1 {
		t.Fatalf("%d lists", len(lists))
	}
	items, _ := lists[0]["itemListElement"].([]any)
	var page struct {
		Props struct {
			Items []struct{ Href string } `json:"items"`
		} `json:"props"`
	}
	rec := do(h, "GET", "/nl/te-koop/?page=2", map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"})
	if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil {
		t.Fatal(err)
	}
	cards := page.Props.Items
	if len(items) != route.ListPageSize || len(cards) != len(items) {
		t.Fatalf("%d items, %d cards", len(items), len(cards))
	}
	for i, it := range items {
		m := it.(map[string]any)
		if m["position"] != float64(route.ListPageSize+i+1) || m["url"] != "https://immo.test"+cards[i].Href {
			t.Errorf("item %d: %v, card %s", i, m, cards[i].Href)
		}
	}
	// An empty list has none.
	_, body = get(t, h, "/nl/te-koop/?priceMax=1")
	if lists := jsonLD(t, body)["ItemList"]; len(lists) != 0 {
		t.Errorf("an empty list has an ItemList: %v", lists)
	}
}

// TestStructuredDataEscaping: a listing's text cannot end the script
// element its JSON-LD is in.
func TestStructuredDataEscaping(t *testing.T) {
	h, idx, cat := newTestHandler(t, &fakeRenderer{})
	const evil = `Villa</script><script>alert(1)</script> & <!--`
	for i := range cat.Properties {
		if cat.Properties[i].ID == publishedAddress {
			cat.Properties[i].Title = catalog.Text{"fr": evil}
		}
	}
	idx.p.Store(catalog.NewIndex(cat, 2))
	_, body := get(t, h, "/fr/property/"+strconv.FormatInt(publishedAddress, 10)+"/")
	if strings.Contains(body, "alert(1)</script>") || strings.Contains(body, "<!--") {
		t.Fatal("the title's markup reached the page unescaped")
	}
	listings := jsonLD(t, body)["RealEstateListing"]
	if len(listings) != 1 || listings[0]["name"] != evil {
		t.Fatalf("the title does not come back whole from the JSON-LD: %v", listings)
	}
	if !strings.Contains(body, `\u003c/script\u003e`) {
		t.Error("no \\u003c escape in the JSON-LD")
	}
}
