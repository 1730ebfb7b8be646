package importer_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/importer"
	"immo/internal/domain/catalog"
)

// TestValidateBounds: each change to one demo property or project must be
// reported on the field it breaks (want), or not at all (want "").
func TestValidateBounds(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	for _, tc := range []struct {
		name string
		prop func(p *catalog.Property)
		proj func(p *catalog.Project)
		want string
	}{
		{name: "goal 1", prop: func(p *catalog.Property) { p.Goal = 1 }},
		{name: "goal 7", prop: func(p *catalog.Property) { p.Goal = 7 }, want: "Goal: must be 0 (sale) or 1 (rent)"},
		{name: "goal -1", prop: func(p *catalog.Property) { p.Goal = -1 }, want: "Goal:"},
		{name: "Belgian zip ABC", prop: func(p *catalog.Property) { p.CountryID, p.Zip = 10, "ABC" }, want: `Zip: "ABC": a Belgian zip is 4 digits`},
		{name: "Belgian zip 0999", prop: func(p *catalog.Property) { p.CountryID, p.Zip = 10, "0999" }, want: "Zip:"},
		{name: "Belgian zip 67000", prop: func(p *catalog.Property) { p.CountryID, p.Zip = 10, "67000" }, want: "Zip:"},
		{name: "Belgian zip 6700", prop: func(p *catalog.Property) { p.CountryID, p.Zip = 10, "6700" }},
		{name: "Luxembourg zip L-8011", prop: func(p *catalog.Property) { p.CountryID, p.Zip = 50, "L-8011" }},
		{name: "Luxembourg zip 8011", prop: func(p *catalog.Property) { p.CountryID, p.Zip = 50, "8011" }},
		{name: "Luxembourg zip 801", prop: func(p *catalog.Property) { p.CountryID, p.Zip = 50, "801" }, want: "Zip:"},
		{name: "Dutch zip", prop: func(p *catalog.Property) { p.CountryID, p.Zip = 20, "1234 AB" }},
		{name: "zip with markup", prop: func(p *catalog.Property) { p.CountryID, p.Zip = 20, "<b>1</b>" }, want: "Zip:"},
		{name: "zip missing", prop: func(p *catalog.Property) { p.Zip = "" }, want: "Zip: is required"},
		{name: "price 1e300", prop: func(p *catalog.Property) { p.Price = 1e300 }, want: "Price: must be a number from 0 to below 1000000000"},
		{name: "price 1e9", prop: func(p *catalog.Property) { p.Price = 1e9 }, want: "Price:"},
		{name: "price just below 1e9", prop: func(p *catalog.Property) { p.Price = 999_999_999 }},
		{name: "price NaN", prop: func(p *catalog.Property) { p.Price = math.NaN() }, want: "Price:"},
		{name: "price +Inf", prop: func(p *catalog.Property) { p.Price = math.Inf(1) }, want: "Price:"},
		{name: "price negative", prop: func(p *catalog.Property) { p.Price = -1 }, want: "Price:"},
		{name: "fee 1e300", prop: func(p *catalog.Property) { p.Financial = &catalog.Financial{Deposit: 1e300} }, want: "Financial.Deposit: must be a number"},
		{name: "surface -Inf", prop: func(p *catalog.Property) { p.Surfaces = &catalog.Surfaces{Living: math.Inf(-1)} }, want: "Surfaces.SurfaceLiving:"},
		{name: "1 MB reference", prop: func(p *catalog.Property) { p.Reference = long }, want: "Reference: is 1048576 bytes long, at most 64"},
		{name: "1 MB street", prop: func(p *catalog.Property) { p.Street = long }, want: "Street: is 1048576 bytes long"},
		{name: "1 MB title", prop: func(p *catalog.Property) { p.Title = catalog.Text{"fr": long} }, want: "Title.fr: is 1048576 bytes long"},
		{name: "1 MB description", prop: func(p *catalog.Property) { p.Description = catalog.Text{"nl": long} }, want: "Description.nl: is 1048576 bytes long, at most 20000"},
		{name: "long description", prop: func(p *catalog.Property) { p.Description = catalog.Text{"nl": strings.Repeat("é", 9000)} }},
		{name: "NUL in city", prop: func(p *catalog.Property) { p.City = "Arlon\x00" }, want: "City: is not valid text"},
		{name: "1 MB POI name", prop: func(p *catalog.Property) {
			p.PointsOfInterest = []catalog.PointOfInterest{{Kind: "school", Name: long}}
		}, want: "PointsOfInterest[0].Name: is 1048576 bytes long"},
		{name: "too many pictures", prop: func(p *catalog.Property) {
			p.Pictures = make([]catalog.Picture, importer.MaxItems+1)
		}, want: "Pictures: lists 501 items, at most 500"},
		{name: "construction year 20000", prop: func(p *catalog.Property) { p.ConstructionYear = 20000 }, want: "ConstructionYear:"},
		{name: "bedrooms -1", prop: func(p *catalog.Property) { p.Rooms = &catalog.Rooms{Bedrooms: -1} }, want: "Rooms.Bedrooms:"},
		{name: "country 0", prop: func(p *catalog.Property) { p.CountryID = 0 }, want: "CountryID:"},
		{name: "virtual tour javascript", prop: func(p *catalog.Property) { p.VirtualTour = "javascript:alert(1)" }, want: "VirtualTour:"},
		{name: "unit price 1e300", proj: func(p *catalog.Project) { p.Units[0].Price = 1e300 }, want: "Units[0].Price"},
		{name: "project zip ABC", proj: func(p *catalog.Project) { p.CountryID, p.Zip = 10, "ABC" }, want: "Zip:"},
		{name: "project PriceFrom NaN", proj: func(p *catalog.Project) { p.PriceFrom = math.NaN() }, want: "PriceFrom:"},
		{name: "project picture on a private host", proj: func(p *catalog.Project) {
			p.Pictures = []catalog.Picture{{Url: "http://192.168.1.1/x.jpg"}}
		}, want: "Pictures[0].Url: must be a path on this site or an http(s) address on a public host"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := demo.Catalog()
			if err != nil {
				t.Fatal(err)
			}
			if tc.prop != nil {
				tc.prop(&c.Properties[0])
			}
			if tc.proj != nil {
				tc.proj(&c.Projects[0])
			}
			var got []string
			problems := importer.Validate(c, nil)
			keyed(t, problems)
			for _, p := range problems {
				got = append(got, p.String())
			}
			if tc.want == "" {
				if len(got) > 0 {
					t.Errorf("want no problem, got:\n%s", strings.Join(got, "\n"))
				}
				return
			}
			if len(got) != 1 || !strings.Contains(got[0], tc.want) {
				t.Errorf("want one problem with %q, got:\n%s", tc.want, strings.Join(got, "\n"))
			}
			for _, g := range got {
				if len(g) > 1000 {
					t.Errorf("a problem repeats the long value: %.100s…", g)
				}
			}
		})
	}
}

// TestPictureAddresses: a picture is a path on this site or an http(s)
// address on a public host, never an address of this machine or of a
// private network, and never another scheme.
func TestPictureAddresses(t *testing.T) {
	for url, ok := range map[string]bool{
		"/pictures/demo/house-01.jpg":             true,
		"https://cdn.example.com/p/1.jpg":         true,
		"http://pictures.example.be:80/1.jpg":     true,
		"https://pictures.example.be:443/1.jpg":   true,
		"http://pictures.example.be:8080/1.jpg":   false, // the web's ports only
		"http://pictures.example.be:22/1.jpg":     false,
		"https://cdn.example.com:0/1.jpg":         false,
		"https://151.101.1.7/1.jpg":               true,
		"https://[2a04:4e42::7]/1.jpg":            true,
		"https://[64:ff9b::9765:107]/1.jpg":       true,  // NAT64 of 151.101.1.7
		"https://[2002:9765:107::1]/1.jpg":        true,  // 6to4 of 151.101.1.7
		"https://203.0.113.7/1.jpg":               false, // documentation
		"https://[2001:db8::1]/1.jpg":             false,
		"http://0.1.2.3/x.jpg":                    false, // "this network"
		"http://[::127.0.0.1]/x.jpg":              false, // IPv4-compatible
		"http://[::8.8.8.8]/x.jpg":                false,
		"http://[64:ff9b::7f00:1]/x.jpg":          false, // NAT64 of 127.0.0.1
		"http://[64:ff9b::a00:1]/x.jpg":           false, // NAT64 of 10.0.0.1
		"http://[64:ff9b:1::a9fe:a9fe]/x.jpg":     false, // local-use NAT64
		"http://[2002:7f00:1::1]/x.jpg":           false, // 6to4 of 127.0.0.1
		"http://[2002:a9fe:a9fe::1]/x.jpg":        false, // 6to4 of 169.254.169.254
		"http://[2001:0:4136:e378::1]/x.jpg":      false, // Teredo
		"http://[::ffff:10.0.0.1]/x.jpg":          false,
		"http://[::]/x.jpg":                       false,
		"http://[ff02::1]/x.jpg":                  false,
		"http://169.254.169.254/latest/meta-data": false,
		"http://127.0.0.1/x.jpg":                  false,
		"http://127.1/x.jpg":                      false,
		"http://2130706433/x.jpg":                 false,
		"http://0x7f.0.0.1/x.jpg":                 false,
		"http://0.0.0.0/x.jpg":                    false,
		"http://10.1.2.3/x.jpg":                   false,
		"http://172.16.0.1/x.jpg":                 false,
		"http://192.168.1.1/x.jpg":                false,
		"http://100.64.0.1/x.jpg":                 false,
		"http://[::1]/x.jpg":                      false,
		"http://[::ffff:127.0.0.1]/x.jpg":         false,
		"http://[fc00::1]/x.jpg":                  false,
		"http://[fd12:3456::1]/x.jpg":             false,
		"http://[fe80::1]/x.jpg":                  false,
		"http://localhost/x.jpg":                  false,
		"http://db.localhost/x.jpg":               false,
		"http://printer.local/x.jpg":              false,
		"http://user:pw@cdn.example.com/x.jpg":    false,
		"ftp://cdn.example.com/x.jpg":             false,
		"file:///etc/passwd":                      false,
		"javascript:alert(1)":                     false,
		"data:image/png;base64,AAAA":              false,
		"//cdn.example.com/x.jpg":                 false,
		"/\\evil.example/x.jpg":                   false,
		"https:///x.jpg":                          false,
		"http://127.0.0.1.nip.io/x.jpg":           false,
		"http://app.10.0.0.5.nip.io/x.jpg":        false,
		"http://127-0-0-1.nip.io/x.jpg":           false,
		"http://7f000001.nip.io/x.jpg":            false,
		"http://169.254.169.254.sslip.io/x.jpg":   false,
		"http://192.168.1.1.example.com/x.jpg":    false,
		"http://cdn-10-0-0-1.example.com/x.jpg":   false,
		"http://nip.io/x.jpg":                     false,
		"http://LOCALHOST/x.jpg":                  false,
		"http://api.localhost/x.jpg":              false,
		"http://intranet/x.jpg":                   false,
		"http://fileserver/x.jpg":                 false,
		"http://router.home.arpa/x.jpg":           false,
		"http://[fec0::1]/x.jpg":                  false,
		"http://[feff::1]/x.jpg":                  false,
		"http://198.18.0.1/x.jpg":                 false,
		"http://198.19.255.254/x.jpg":             false,
		"http://192.0.0.170/x.jpg":                false,
		"http://240.0.0.1/x.jpg":                  false,
		"/pictures/../secret/x.jpg":               false,
		"/pictures/%2e%2e/x.jpg":                  false,
		"/../etc/passwd":                          false,
		"/pictures/./x.jpg":                       false,
		"/pictures/demo/a..b.jpg":                 true,
		"https://cdn.example.com/p/1.2.3.jpg":     true,
		"https://cdn2024.example.com/1.jpg":       true,
		"http://198.20.0.1/x.jpg":                 true,
	} {
		c, err := demo.Catalog()
		if err != nil {
			t.Fatal(err)
		}
		c.Properties[0].Pictures = []catalog.Picture{{Url: url}}
		problems := importer.Validate(c, nil)
		keyed(t, problems)
		if ok && len(problems) > 0 {
			t.Errorf("%s refused: %v", url, problems)
		}
		if !ok && (len(problems) != 1 || problems[0].Field != "Pictures[0].Url") {
			t.Errorf("%s: want one problem on Pictures[0].Url, got %v", url, problems)
		}
	}
}

// TestRefusesEmptying: a file that would take every property offline is
// refused unless AllowEmpty, and a refused file changes nothing.
func TestRefusesEmptying(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, file string
		allowEmpty bool
		want       string // in the error; "" for success
		offline    int
	}{
		{name: "empty object", file: `{}`, want: `no "properties" section`},
		{name: "only types", file: `{"types": []}`, want: `no "properties" section`},
		{name: "null properties", file: `{"properties": null, "projects": []}`, want: `no "properties" section`},
		{name: "no projects section", file: `{"properties": [{"ID": 4100001}]}`, want: `no "projects" section`},
		{name: "empty object, allowed", file: `{}`, allowEmpty: true, want: `no "properties" section`},
		{name: "no property", file: `{"properties": [], "projects": []}`, want: "lists no property"},
		{name: "no property, allowed", file: `{"properties": [], "projects": []}`, allowEmpty: true, offline: 65},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store := newStore(t)
			if _, err := importer.Run(ctx, store, strings.NewReader(demoJSON(t, nil)), importer.Options{Now: fixedNow}); err != nil {
				t.Fatal(err)
			}
			rep, err := importer.Run(ctx, store, strings.NewReader(tc.file), importer.Options{AllowEmpty: tc.allowEmpty, Now: fixedNow})
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) || rep.Imported {
					t.Fatalf("err %v, want one with %q", err, tc.want)
				}
				if c, v, _ := store.Load(ctx); v != 1 || len(c.Properties) != 65 || len(c.Projects) != 4 {
					t.Fatalf("a refused file changed the store: v%d, %d properties, %d projects", v, len(c.Properties), len(c.Projects))
				}
				return
			}
			if err != nil || rep.Result.PropertiesOffline != tc.offline {
				t.Fatalf("err %v, result %+v; want %d offline", err, rep.Result, tc.offline)
			}
		})
	}
}

// TestPartialKeepsRejected: with Partial, the listing of a rejected record
// stays exactly as it was (neither updated nor taken offline), the valid
// records are imported, and the report counts every kind.
func TestPartialKeepsRejected(t *testing.T) {
	store := newStore(t)
	ctx := context.Background()
	if _, err := importer.Run(ctx, store, strings.NewReader(demoJSON(t, nil)), importer.Options{Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	before, _, _ := store.Load(ctx)
	file := demoJSON(t, func(c *catalog.Catalog) {
		c.Properties[1].Price = 1e300
		c.Properties[2].Zip = "ABC"
		c.Properties[3].Goal = 7
		c.Properties[4].Reference = strings.Repeat("x", 1<<20)
		c.Properties[5].Pictures[0].Url = "http://169.254.169.254/latest/meta-data/"
		c.Properties[6].Price++                           // a valid change
		c.Properties = c.Properties[:len(c.Properties)-1] // one left out: goes offline
		c.Projects[0].Units[0].Price = -1
	})
	file = strings.Replace(file, `"Goal":0,`, `"Goal":"sale",`, 1) // record 0 does not decode
	rep, err := importer.Run(ctx, store, strings.NewReader(file), importer.Options{Partial: true, Now: fixedNow})
	if err != nil || !rep.Imported {
		t.Fatalf("partial: %v", err)
	}
	keyed(t, rep.Problems)
	r := rep.Result
	if r.PropertiesUpdated != 1 || r.PropertiesUnchanged != 64-1-6 || r.PropertiesOffline != 1 || r.PropertiesAdded != 0 ||
		r.ProjectsUnchanged != 3 || r.ProjectsOffline != 0 {
		t.Errorf("result %+v", r)
	}
	if rep.Rejected["properties"] != 6 || rep.Rejected["projects"] != 1 || rep.Rejected["types"] != 0 {
		t.Errorf("rejected %v, want 6 properties and 1 project", rep.Rejected)
	}
	after, _, _ := store.Load(ctx)
	if len(after.Properties) != 64 || len(after.Projects) != 4 {
		t.Fatalf("%d properties and %d projects online, want 64 and 4", len(after.Properties), len(after.Projects))
	}
	for i := range 6 {
		if after.Properties[i].Price != before.Properties[i].Price || after.Properties[i].Goal != before.Properties[i].Goal ||
			after.Properties[i].Zip != before.Properties[i].Zip || after.Properties[i].Reference != before.Properties[i].Reference {
			t.Errorf("rejected property %d changed", before.Properties[i].ID)
		}
	}
	if after.Projects[0].Units[0].Price != before.Projects[0].Units[0].Price {
		t.Error("the rejected project changed")
	}
	if after.Properties[6].Price != before.Properties[6].Price+1 {
		t.Error("the valid change was not imported")
	}

	// Every record rejected: nothing would stay online, so it is refused.
	all := demoJSON(t, func(c *catalog.Catalog) {
		for i := range c.Properties {
			c.Properties[i].Goal = 7
		}
	})
	if _, err := importer.Run(ctx, store, strings.NewReader(all), importer.Options{Partial: true}); !errors.Is(err, importer.ErrEmpty) {
		t.Errorf("every property rejected: %v, want ErrEmpty", err)
	}

	// A rejected record whose ID cannot be read cannot be kept: refused.
	noID := strings.Replace(demoJSON(t, nil), `"ID":4100001,`, `"ID":"4100001",`, 1)
	if _, err := importer.Run(ctx, store, strings.NewReader(noID), importer.Options{Partial: true}); err == nil ||
		!strings.Contains(err.Error(), "ID cannot be read") {
		t.Errorf("unreadable ID: %v", err)
	}
	if c, _, _ := store.Load(ctx); len(c.Properties) != 64 {
		t.Errorf("the refused files changed the store: %d online", len(c.Properties))
	}
}
