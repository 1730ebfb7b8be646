package server_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/catalog"
	"immo/internal/http/httpapi"
	"immo/internal/tool/apitest"
)

// newSite serves the demo agency from a fresh SQLite database: the whole
// site, built as immo serve builds it (apptest).
func newSite(t *testing.T) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(apptest.New(t, apptest.Options{}).Handler)
	t.Cleanup(ts.Close)
	return ts
}

func get(t *testing.T, ts *httptest.Server, path string, into any) int {
	t.Helper()
	res, err := http.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if into != nil {
		if err := json.NewDecoder(res.Body).Decode(into); err != nil {
			t.Fatalf("%s: decode: %v", path, err)
		}
	}
	return res.StatusCode
}

type page struct {
	Items []map[string]any `json:"items"`
	Total int              `json:"total"`
	Page  int              `json:"page"`
	Pages int              `json:"pages"`
}

func TestPropertyLists(t *testing.T) {
	ts := newSite(t)
	tests := []struct {
		query string
		total int
	}{
		{"goal=sale", 43},
		{"goal=rent", 15},
		{"", 58},
		{"state=sold", 7},
		{"goal=sale&state=sold", 4},
		{"goal=rent&state=sold", 3},
		{"goal=sale&city=Arlon%7C6700&sort=price&order=asc", -1},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			var p page
			if code := get(t, ts, "/api/properties?"+tt.query, &p); code != 200 {
				t.Fatalf("status %d", code)
			}
			if tt.total >= 0 && p.Total != tt.total {
				t.Fatalf("total %d, want %d", p.Total, tt.total)
			}
			if want := (p.Total + 11) / 12; p.Pages != want || p.Page != 1 {
				t.Fatalf("page %d of %d, want 1 of %d", p.Page, p.Pages, want)
			}
			if len(p.Items) != min(12, p.Total) {
				t.Fatalf("%d items", len(p.Items))
			}
		})
	}
}

func TestPropertyListSortsAndFilters(t *testing.T) {
	ts := newSite(t)
	var p page
	get(t, ts, "/api/properties?goal=sale&city=arlon&sort=price&order=asc&pageSize=100", &p)
	if p.Total == 0 {
		t.Fatal("no property for sale in Arlon")
	}
	last, hidden := -1.0, false
	for _, it := range p.Items {
		if !strings.EqualFold(it["City"].(string), "Arlon") || it["Goal"].(float64) != 0 {
			t.Fatalf("filter leaked %v %v", it["City"], it["Goal"])
		}
		// A price on request comes after every published price, and is not sent.
		if !it["PublishPrice"].(bool) {
			if hidden = true; it["Price"].(float64) != 0 {
				t.Fatalf("hidden price sent: %v", it["Price"])
			}
			continue
		}
		if hidden {
			t.Fatalf("published price %v after a hidden one", it["Price"])
		}
		if price := it["Price"].(float64); price < last {
			t.Fatalf("not sorted by price: %v after %v", price, last)
		} else {
			last = price
		}
	}
	var byType page
	get(t, ts, "/api/properties?type=2&pageSize=100&lang=en", &byType)
	if byType.Total == 0 {
		t.Fatal("no apartment")
	}
	for _, it := range byType.Items {
		var full catalog.Property
		get(t, ts, "/api/properties/"+itoa(int64(it["ID"].(float64))), &full)
		if full.WebID != 2 && !slices.Contains(strings.Split(full.WebIDs, ","), "2") {
			t.Fatalf("type filter leaked %d (%d, %q)", full.ID, full.WebID, full.WebIDs)
		}
	}
	var bounded page
	get(t, ts, "/api/properties?goal=sale&priceMin=200000&priceMax=300000&bedroomsMin=2&pageSize=100", &bounded)
	for _, it := range bounded.Items {
		if price := it["Price"].(float64); price < 200000 || price > 300000 {
			t.Fatalf("price %v out of range", price)
		}
		if beds, _ := it["Bedrooms"].(float64); beds < 2 {
			t.Fatalf("bedrooms %v below 2", beds)
		}
	}
}

func TestBadQueriesNameTheParameter(t *testing.T) {
	h := apptest.New(t, apptest.Options{}).Handler
	tests := []struct{ path, field string }{
		{"/api/properties?goal=buy", "goal"},
		{"/api/properties?state=gone", "state"},
		{"/api/properties?sort=size", "sort"},
		{"/api/properties?order=up", "order"},
		{"/api/properties?page=abc", "page"},
		{"/api/properties?page=0", "page"},
		{"/api/properties?pageSize=1000", "pageSize"},
		{"/api/properties?priceMin=-5", "priceMin"},
		{"/api/properties?priceMin=9&priceMax=5", "priceMin"},
		{"/api/properties?priceMax=NaN", "priceMax"},
		{"/api/properties?bedroomsMin=two", "bedroomsMin"},
		{"/api/properties?type=x", "type"},
		// Defect 1 of issue 8: every number is bounded and written plainly.
		{"/api/properties?page=9223372036854775807", "page"},
		{"/api/properties?page=99999999999999999999999", "page"},
		{"/api/properties?page=1000001", "page"},
		{"/api/properties?page=%2B5", "page"},
		{"/api/properties?page=-1", "page"},
		{"/api/properties?pageSize=9223372036854775807", "pageSize"},
		{"/api/properties?priceMin=Inf", "priceMin"},
		{"/api/properties?priceMin=NaN", "priceMin"},
		{"/api/properties?priceMin=1e400", "priceMin"},
		{"/api/properties?priceMin=1e3", "priceMin"},
		{"/api/properties?priceMin=1_000", "priceMin"},
		{"/api/properties?priceMin=0x10", "priceMin"},
		{"/api/properties?priceMin=%2B5", "priceMin"},
		{"/api/properties?priceMax=1000000001", "priceMax"},
		{"/api/properties?bedroomsMin=9223372036854775807", "bedroomsMin"},
		{"/api/properties?bedroomsMin=-2", "bedroomsMin"},
		{"/api/properties?type=9223372036854775807", "type"},
		{"/api/properties?city=" + strings.Repeat("x", 101), "city"},
		{"/api/properties/%2B5", "id"},
		{"/api/properties/99999999999999999999", "id"},
		{"/api/projects/-3", "id"},
		{"/api/properties?city=" + strings.Repeat("x", 3000), "query"},
		{"/api/search?q=a" + strings.Repeat("&x=1", 25), "query"},
		{"/api/properties/abc", "id"},
		{"/api/cities?list=north", "list"},
	}
	var scenarios []apitest.Scenario
	for _, tt := range tests {
		sep := "?"
		if strings.Contains(tt.path, "?") {
			sep = "&"
		}
		scenarios = append(scenarios, apitest.Scenario{
			Name: tt.path, URL: tt.path + sep + "lang=en", Status: http.StatusBadRequest,
			After: namesField(tt.field),
		})
	}
	scenarios = append(scenarios, apitest.Scenario{
		Name: "in Dutch", URL: "/api/properties?goal=buy&lang=nl", Status: http.StatusBadRequest,
		Contains: []string{"niet geldig"},
	})
	apitest.Run(t, h, scenarios)
}

// namesField checks an API error names the parameter, in its field and its message.
func namesField(field string) func(testing.TB, *http.Response, string) {
	return func(tb testing.TB, _ *http.Response, body string) {
		tb.Helper()
		var e httpapi.ErrorBody
		if err := json.Unmarshal([]byte(body), &e); err != nil {
			tb.Fatalf("decode %q: %v", body, err)
		}
		if e.Error.Field != field || !strings.Contains(e.Error.Message, field) {
			tb.Errorf("error %+v does not name %s", e.Error, field)
		}
	}
}

func TestPropertyDetail(t *testing.T) {
	ts := newSite(t)
	var p page
	get(t, ts, "/api/properties?goal=sale&pageSize=1", &p)
	id := int64(p.Items[0]["ID"].(float64))
	var detail struct {
		catalog.Property
		Similar []catalog.Card
	}
	if code := get(t, ts, "/api/properties/"+itoa(id)+"?lang=nl", &detail); code != 200 {
		t.Fatalf("status %d", code)
	}
	if detail.ID != id || len(detail.Pictures) < 3 || len(detail.Similar) == 0 {
		t.Fatalf("detail %d: %d pictures, %d similar", detail.ID, len(detail.Pictures), len(detail.Similar))
	}
	for _, s := range detail.Similar {
		if s.ID == id || s.Goal != detail.Goal {
			t.Fatalf("similar %+v", s)
		}
	}
	var missing struct {
		Error struct{ Code, Message string }
	}
	if code := get(t, ts, "/api/properties/999999999?lang=en", &missing); code != 404 || missing.Error.Message != "Property not found" {
		t.Fatalf("missing property: %d %+v", code, missing)
	}
	// Every picture the catalog names is served by our own server.
	res, err := http.Get(ts.URL + detail.Pictures[0].Url)
	if err != nil || res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("picture %s: %v %v", detail.Pictures[0].Url, err, res)
	}
	res.Body.Close()
}

func TestCitiesTypesProjectsSearch(t *testing.T) {
	ts := newSite(t)
	var cities struct{ Items []catalog.City }
	get(t, ts, "/api/cities?list=rent", &cities)
	if len(cities.Items) != 3 {
		t.Fatalf("rent cities: %+v", cities.Items)
	}
	rentTotal := 0
	for _, c := range cities.Items {
		rentTotal += c.PropertyCount
	}
	if rentTotal != 15 {
		t.Fatalf("rent cities count %d properties, want 15", rentTotal)
	}
	var all struct{ Items []catalog.City }
	get(t, ts, "/api/cities", &all)
	for _, c := range all.Items {
		if c.SaleCount+c.RentCount != c.PropertyCount {
			t.Fatalf("derived counts do not add up for %+v", c)
		}
	}
	var types struct{ Items []catalog.TypeCount }
	get(t, ts, "/api/types?lang=en", &types)
	if len(types.Items) != 7 || types.Items[0].Label == "" {
		t.Fatalf("types: %+v", types.Items)
	}
	var projects struct{ Items []catalog.Project }
	get(t, ts, "/api/projects", &projects)
	if len(projects.Items) < 3 {
		t.Fatalf("%d projects", len(projects.Items))
	}
	var one catalog.Project
	if code := get(t, ts, "/api/projects/"+itoa(projects.Items[0].ID), &one); code != 200 || len(one.Units) == 0 {
		t.Fatalf("project: %d %+v", code, one)
	}
	if code := get(t, ts, "/api/projects/424242", nil); code != 404 {
		t.Fatalf("missing project: %d", code)
	}
	var empty catalog.Suggestions
	get(t, ts, "/api/search?q=", &empty)
	if len(empty.Types)+len(empty.Cities)+len(empty.Properties) != 0 {
		t.Fatalf("empty search: %+v", empty)
	}
	var arl catalog.Suggestions
	get(t, ts, "/api/search?q=ARL", &arl)
	if len(arl.Cities) == 0 || arl.Cities[0].Name != "Arlon" {
		t.Fatalf("search ARL: %+v", arl.Cities)
	}
	if code := get(t, ts, "/api/nothing-here", nil); code != 404 {
		t.Fatalf("unknown API route: %d", code)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestSearchSuggestionsLead(t *testing.T) {
	ts := newSite(t)
	type hit struct {
		Name                     string
		SaleCount, RentCount     int
		Href, SaleHref, RentHref string
	}
	var got struct{ Types, Cities, Properties []hit }
	// A city leads to its sale list and its rent list, each with the count shown.
	get(t, ts, "/api/search?q=arl&lang=nl", &got)
	if len(got.Cities) == 0 || got.Cities[0].SaleHref != "/nl/te-koop/?city=Arlon%7C6700" ||
		got.Cities[0].RentHref != "/nl/te-huur/?city=Arlon%7C6700" || got.Cities[0].RentCount == 0 {
		t.Fatalf("city suggestion: %+v", got.Cities)
	}
	// Found by another language form of its name.
	get(t, ts, "/api/search?q=aarlen&lang=nl", &got)
	if len(got.Cities) != 1 || got.Cities[0].Name != "Arlon" {
		t.Fatalf("Aarlen: %+v", got.Cities)
	}
	get(t, ts, "/api/search?q=appart&lang=fr", &got)
	if len(got.Types) != 1 || got.Types[0].SaleHref != "/fr/a-vendre/?type=2" || got.Types[0].RentHref != "/fr/a-louer/?type=2" {
		t.Fatalf("type suggestion: %+v", got.Types)
	}
	// A list with nothing to show is not offered.
	get(t, ts, "/api/search?q=strassen&lang=fr", &got)
	if len(got.Cities) != 1 || got.Cities[0].SaleHref == "" || got.Cities[0].RentHref != "" {
		t.Fatalf("Strassen (sale only): %+v", got.Cities)
	}
	get(t, ts, "/api/search?q=4100001&lang=en", &got)
	if len(got.Properties) != 1 || !strings.HasPrefix(got.Properties[0].Href, "/en/for-sale/") {
		t.Fatalf("property suggestion: %+v", got.Properties)
	}
}
