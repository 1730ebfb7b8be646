package catalog_test

import (
	"errors"
	"math"
	"net/url"
	"testing"

	"immo/internal/adapter/demo"
	"immo/internal/domain/catalog"
	"immo/internal/domain/errs"
)

// FuzzParseQuery: any query string either is refused with an invalid-input
// error naming one of the list parameters, or decodes to a query the index
// answers without panicking, with at most a page of items and no
// non-finite or negative bound.
func FuzzParseQuery(f *testing.F) {
	for _, q := range []string{
		"", "goal=sale", "goal=rent&state=sold", "city=Arlon%7C6700&type=1", "city=Aarlen",
		"priceMin=100000&priceMax=300000&bedroomsMin=2", "sort=price&order=desc&page=2&pageSize=24",
		"sort=type&order=asc", "sort=city", "sort=date&order=asc", "page=99&pageSize=100",
		"sort=size", "priceMin=Inf", "priceMin=NaN", "priceMin=1_000", "priceMin=1e300",
		"page=9223372036854775807", "pageSize=0", "page=-1", "bedroomsMin=%20%203%20",
		"goal=SALE&goal=rent", "type=4100001&lang=nl",
	} {
		f.Add(q)
	}
	cat, err := demo.Catalog()
	if err != nil {
		f.Fatal(err)
	}
	ix := catalog.NewIndex(cat, 1)
	params := map[string]bool{"goal": true, "state": true, "city": true, "type": true, "priceMin": true,
		"priceMax": true, "bedroomsMin": true, "sort": true, "order": true, "page": true, "pageSize": true}

	f.Fuzz(func(t *testing.T, raw string) {
		v, _ := url.ParseQuery(raw)
		q, err := catalog.ParseQuery(v, "fr")
		if err != nil {
			var e *errs.Error
			if !errors.As(err, &e) || e.Code != errs.Invalid || !params[e.Field] {
				t.Fatalf("ParseQuery(%q): %#v", raw, err)
			}
			return
		}
		for name, x := range map[string]float64{"priceMin": q.PriceMin, "priceMax": q.PriceMax} {
			if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
				t.Fatalf("ParseQuery(%q): %s = %v accepted", raw, name, x)
			}
		}
		page := ix.List(q)
		if len(page.Items) > q.PageSize || page.Total < 0 || page.Pages < 0 {
			t.Fatalf("ParseQuery(%q): page %d of %d, %d items of %d", raw, page.Page, page.Pages, len(page.Items), page.Total)
		}
	})
}
