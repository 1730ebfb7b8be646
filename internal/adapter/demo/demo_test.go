package demo

import (
	"image"
	"image/jpeg"
	_ "image/png" // registers the PNG decoder for image.Decode
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/domain/catalog"
	"immo/internal/domain/site"
)

func load(t *testing.T) *catalog.Catalog {
	t.Helper()
	c, err := Catalog()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func available(c *catalog.Catalog) []catalog.Property {
	var out []catalog.Property
	for _, p := range c.Properties {
		if p.Status == catalog.StatusAvailable {
			out = append(out, p)
		}
	}
	return out
}

// zipNum is the numeric Belgian postal code, 0 for others.
func zipNum(p catalog.Property) int {
	if p.CountryID != catalog.CountryBelgium {
		return 0
	}
	n, _ := strconv.Atoi(p.Zip)
	return n
}

func region(p catalog.Property) string {
	if p.CountryID == catalog.CountryLuxembourg {
		return "lu"
	}
	switch n := zipNum(p); {
	case n >= 1000 && n <= 1299:
		return "bru"
	case n >= 1300 && n <= 1499, n >= 4000 && n <= 7999:
		return "wal"
	default:
		return "fla"
	}
}

func TestTypes(t *testing.T) {
	c := load(t)
	want := []string{"Villa/Maison/Ferme", "Appartement", "Studio", "Terrain", "Immeuble de rapport", "Local commercial", "Garage/parking"}
	if len(c.Types) != len(want) {
		t.Fatalf("%d types, want %d", len(c.Types), len(want))
	}
	for i, ty := range c.Types {
		if ty.ID != i+1 || ty.WebID != ty.ID || ty.ShowOrder != i+1 || !ty.Sale || !ty.Rent {
			t.Errorf("type %d: %+v", i+1, ty)
		}
		if ty.Name["fr"] != want[i] || ty.Name["nl"] == "" || ty.Name["en"] == "" {
			t.Errorf("type %d names: %v", ty.ID, ty.Name)
		}
	}
}

func TestCounts(t *testing.T) {
	c := load(t)
	avail := available(c)
	sale, rent := 0, 0
	rentCities := map[string]bool{}
	for _, p := range avail {
		if p.IsSale() {
			sale++
		} else {
			rent++
			if p.Goal != catalog.GoalRent {
				t.Errorf("%d: rent goal %d, want %d", p.ID, p.Goal, catalog.GoalRent)
			}
			rentCities[strings.ToLower(p.City)+"|"+p.Zip] = true
		}
	}
	if len(avail) != 58 || sale != 43 || rent != 15 {
		t.Errorf("available %d (sale %d, rent %d), want 58 (43, 15)", len(avail), sale, rent)
	}
	if len(rentCities) != 3 {
		t.Errorf("rent cities %v, want exactly 3", rentCities)
	}
	sold, rented := 0, 0
	for _, p := range c.Properties {
		switch p.Status {
		case catalog.StatusSold:
			sold++
			if !p.IsSale() {
				t.Errorf("%d: sold but for rent", p.ID)
			}
		case catalog.StatusRented:
			rented++
			if p.IsSale() {
				t.Errorf("%d: rented but for sale", p.ID)
			}
		case catalog.StatusAvailable:
		default:
			t.Errorf("%d: status %q", p.ID, p.Status)
		}
	}
	if sold != 4 || rented != 3 {
		t.Errorf("sold %d, rented %d, want 4 and 3", sold, rented)
	}
	ids := map[int64]bool{}
	for _, p := range c.Properties {
		if ids[p.ID] || p.ID < 4100001 {
			t.Errorf("id %d duplicated or out of range", p.ID)
		}
		ids[p.ID] = true
	}
}

func TestRegionsAndEnergy(t *testing.T) {
	c := load(t)
	n := map[string]int{}
	labels := map[string]map[string]bool{"wal": {}, "fla": {}, "bru": {}}
	for _, p := range available(c) {
		reg := region(p)
		n[reg]++
		switch p.CountryID {
		case catalog.CountryLuxembourg:
			if p.CountryName != "Luxembourg" || len(p.Zip) != 4 {
				t.Errorf("%d: Luxembourg address %q %q", p.ID, p.CountryName, p.Zip)
			}
			if p.EnergyPerformance != nil && p.EPCLabelText == "" {
				t.Errorf("%d: Luxembourg listing without EPC label text", p.ID)
			}
		case catalog.CountryBelgium:
			if p.CountryName != "Belgique" {
				t.Errorf("%d: country name %q", p.ID, p.CountryName)
			}
		default:
			t.Errorf("%d: country %d", p.ID, p.CountryID)
		}
		if p.EnergyPerformance == nil || labels[reg] == nil {
			continue
		}
		labels[reg][scaleLabel(reg, *p.EnergyPerformance)] = true
	}
	if n["lu"] < 3 || n["fla"] < 2 || n["bru"] < 2 || n["wal"] < 40 {
		t.Errorf("regions %v: want ≥3 lu, ≥2 fla, ≥2 bru, the rest Wallonia", n)
	}
	for _, l := range []string{"a_plusplus", "a_plus", "a", "b", "c", "d", "e", "f", "g"} {
		if !labels["wal"][l] {
			t.Errorf("no Walloon listing with label %s (have %v)", l, labels["wal"])
		}
	}
	for _, l := range []string{"a_plus", "f"} {
		if !labels["fla"][l] {
			t.Errorf("no Flemish listing with label %s (have %v)", l, labels["fla"])
		}
	}
	for _, l := range []string{"a_plus", "g"} {
		if !labels["bru"][l] {
			t.Errorf("no Brussels listing with label %s (have %v)", l, labels["bru"])
		}
	}
}

// scaleLabel maps an EPC value to the label image names of SPEC §9.
func scaleLabel(reg string, v float64) string {
	type band struct {
		max   float64
		label string
	}
	var scale []band
	last := "g"
	switch reg {
	case "fla":
		scale, last = []band{{-0.001, "a_plus"}, {100, "a"}, {200, "b"}, {300, "c"}, {400, "d"}, {500, "e"}}, "f"
	case "bru":
		scale = []band{{0, "a_plus"}, {346, "a_to_f"}}
	default:
		scale = []band{{0, "a_plusplus"}, {45, "a_plus"}, {85, "a"}, {170, "b"}, {255, "c"}, {340, "d"}, {425, "e"}, {510, "f"}}
	}
	for _, b := range scale {
		if v <= b.max {
			return b.label
		}
	}
	return last
}

func TestPictures(t *testing.T) {
	c := load(t)
	pics := Pictures()
	files, err := fs.Glob(pics, "*.jpg")
	if err != nil {
		t.Fatal(err)
	}
	files = slices.DeleteFunc(files, func(name string) bool { return name == "banner.jpg" })
	if len(files) < 24 {
		t.Errorf("%d pictures, want ≥ 24", len(files))
	}
	for _, name := range files {
		f, err := pics.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := jpeg.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != 1600 || cfg.Height != 1067 {
			t.Errorf("%s: %dx%d, %v", name, cfg.Width, cfg.Height, err)
		}
		if st, err := fs.Stat(pics, name); err != nil || st.Size() > 120<<10 {
			t.Errorf("%s: larger than 120 KB or unreadable (%v)", name, err)
		}
	}
	check := func(what string, small, xl catalog.Picture, list []catalog.Picture) {
		if len(list) < 3 {
			t.Errorf("%s: %d pictures, want ≥ 3", what, len(list))
			return
		}
		seen := map[string]bool{}
		for _, p := range list {
			name, ok := strings.CutPrefix(p.Url, PictureURLPrefix)
			if !ok || p.ID == 0 || p.Name == "" || p.Width != 1600 || p.Height != 1067 {
				t.Errorf("%s: picture %+v", what, p)
				continue
			}
			if _, err := fs.Stat(pics, name); err != nil {
				t.Errorf("%s: %s not embedded", what, p.Url)
			}
			if seen[name] {
				t.Errorf("%s: %s twice", what, name)
			}
			seen[name] = true
		}
		if small.Url != list[0].Url || small.Width != 250 || small.Height != 167 || small.ID == 0 || small.Name == "" {
			t.Errorf("%s: small picture %+v", what, small)
		}
		if xl.Url != list[0].Url || xl.Width != 1600 || xl.Height != 1067 {
			t.Errorf("%s: xlarge picture %+v", what, xl)
		}
	}
	for _, p := range c.Properties {
		check("property "+strconv.FormatInt(p.ID, 10), p.SmallPictureItem, p.XLargePictureItem, p.Pictures)
	}
	for _, p := range c.Projects {
		check("project "+strconv.FormatInt(p.ID, 10), p.SmallPictureItem, p.XLargePictureItem, p.Pictures)
	}
}

// TestSitePictures checks the pictures site.json refers to besides the
// listings': the home page banner and the agency logo.
func TestSitePictures(t *testing.T) {
	pics := Pictures()
	for _, want := range []struct {
		name          string
		format        string
		width, height int
		maxSize       int64
	}{
		{"banner.jpg", "jpeg", 1920, 800, 180 << 10},
		{"logo.png", "png", 360, 96, 20 << 10},
	} {
		f, err := pics.Open(want.name)
		if err != nil {
			t.Errorf("%s: %v", want.name, err)
			continue
		}
		img, format, err := image.Decode(f)
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", want.name, err)
			continue
		}
		if b := img.Bounds(); format != want.format || b.Dx() != want.width || b.Dy() != want.height {
			t.Errorf("%s: %s %dx%d, want %s %dx%d", want.name, format, b.Dx(), b.Dy(), want.format, want.width, want.height)
		}
		if st, err := fs.Stat(pics, want.name); err != nil || st.Size() > want.maxSize {
			t.Errorf("%s: larger than %d KB or unreadable (%v)", want.name, want.maxSize>>10, err)
		}
		if want.format == "png" {
			// The logo sits on any background: transparent corners, opaque ink.
			_, _, _, corner := img.At(0, 0).RGBA()
			opaque := false
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y && !opaque; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					if _, _, _, a := img.At(x, y).RGBA(); a == 0xffff {
						opaque = true
						break
					}
				}
			}
			if corner != 0 || !opaque {
				t.Errorf("%s: corner alpha %d, opaque pixels %v: want a transparent background", want.name, corner, opaque)
			}
		}
	}
}

var saleRange = map[int][2]float64{1: {200000, 750000}, 2: {150000, 400000}, 3: {90000, 160000}, 4: {60000, 250000}, 5: {150000, 900000}, 6: {150000, 900000}, 7: {15000, 45000}}
var rentRange = map[int][2]float64{1: {1100, 2200}, 2: {650, 1400}, 3: {500, 700}, 6: {500, 3000}, 7: {60, 120}}

func TestListingFields(t *testing.T) {
	c := load(t)
	typeName := map[int]string{}
	for _, ty := range c.Types {
		typeName[ty.WebID] = ty.Name["fr"]
	}
	marquees := map[int]int{}
	hidden, fromPrice, privateAddress, long, viager, tours := 0, 0, 0, 0, 0, 0
	var withFeatures, withoutFeatures, withDocs int
	for _, p := range c.Properties {
		id := strconv.FormatInt(p.ID, 10)
		if p.TypeDescription != typeName[p.WebID] || p.MainTypeName == "" {
			t.Errorf("%s: type %d %q %q", id, p.WebID, p.TypeDescription, p.MainTypeName)
		}
		for i, w := range strings.Split(p.WebIDs, ",") {
			if n, err := strconv.Atoi(w); err != nil || (i == 0 && n != p.WebID) {
				t.Errorf("%s: WebIDs %q", id, p.WebIDs)
			}
		}
		for _, field := range []catalog.Text{p.Title, p.Description} {
			if field["fr"] == "" || field["nl"] == "" || field["en"] == "" || field["de"] != "" {
				t.Errorf("%s: text %v", id, field)
			}
		}
		if len([]rune(p.Description["fr"])) > 250 {
			long++
		}
		if p.Street == "" || p.HouseNumber == "" || p.Zip == "" || p.City == "" || p.Latitude == 0 || p.Longitude == 0 || p.Reference == "" {
			t.Errorf("%s: incomplete address or reference", id)
		}
		if y := p.DateCreated.Year(); y < 2025 || y > 2026 || p.DateCreated.After(time.Now()) {
			t.Errorf("%s: created %v", id, p.DateCreated)
		}
		if p.LifeAnnuity != nil {
			viager++
		} else if p.IsSale() {
			if r := saleRange[p.WebID]; p.Price < r[0] || p.Price > r[1] {
				t.Errorf("%s: sale price %.0f outside %v", id, p.Price, r)
			}
		} else if r := rentRange[p.WebID]; p.Price < r[0] || p.Price > r[1] {
			t.Errorf("%s: rent %.0f outside %v", id, p.Price, r)
		}
		if !p.IsSale() && (p.Financial == nil || p.Financial.MonthlyRent != p.Price || p.Financial.Deposit != 3*p.Price) {
			t.Errorf("%s: rent financial %+v", id, p.Financial)
		}
		if p.VirtualTour != "" {
			tours++
		}
		if p.Manager != nil && !strings.HasSuffix(p.Manager.Email, "@immo-arlon.be") {
			t.Errorf("%s: manager %+v", id, p.Manager)
		}
		if p.Features != nil {
			withFeatures++
		} else {
			withoutFeatures++
		}
		if len(p.Documents) > 0 {
			withDocs++
		}
		if region(p) == "fla" {
			l := p.Legal
			if l == nil || l.Permit["nl"] == "" || l.PreemptiveRights == nil || l.Summons == nil || l.JudicialDecision == nil || l.AllotmentPermit == nil {
				t.Errorf("%s: Flemish listing without planning information: %+v", id, l)
			}
			if p.Flood == nil || p.Flood.GScore == "" || p.Flood.PScore == "" {
				t.Errorf("%s: Flemish listing without flood scores", id)
			}
			if p.EnergyPerformance != nil && p.ConstructionYear < 2001 && p.Asbestos == nil {
				t.Errorf("%s: Flemish building from %d without asbestos certificate", id, p.ConstructionYear)
			}
		}
		if p.Status != catalog.StatusAvailable {
			continue
		}
		marquees[p.Marquee]++
		if (p.Marquee == 0) != (p.MarqueeName == "") {
			t.Errorf("%s: marquee %d %q", id, p.Marquee, p.MarqueeName)
		}
		if !p.PublishPrice {
			hidden++
		}
		if !p.PublishAddress {
			privateAddress++
		}
		switch p.PriceUnit {
		case 7:
			fromPrice++
			if p.PriceUnitText == "" {
				t.Errorf("%s: price unit 7 without text", id)
			}
		case 1:
			if p.PriceUnitText != "€" {
				t.Errorf("%s: price unit text %q", id, p.PriceUnitText)
			}
		default:
			t.Errorf("%s: price unit %d", id, p.PriceUnit)
		}
	}
	for _, m := range []int{1, 2, 5} {
		if marquees[m] == 0 {
			t.Errorf("no available listing with marquee %d (%v)", m, marquees)
		}
	}
	if marquees[3]+marquees[4]+marquees[13] == 0 || marquees[0] < 30 {
		t.Errorf("marquees %v: want mostly 0 and some hidden codes 3, 4, 13", marquees)
	}
	if hidden < 2 || fromPrice < 2 || privateAddress < 2 || privateAddress > 10 {
		t.Errorf("price on request %d, from-prices %d, hidden addresses %d", hidden, fromPrice, privateAddress)
	}
	if long < 10 {
		t.Errorf("only %d French descriptions longer than 250 characters", long)
	}
	if viager != 1 || tours != 2 {
		t.Errorf("viager %d, virtual tours %d, want 1 and 2", viager, tours)
	}
	if withFeatures == 0 || withoutFeatures == 0 || withDocs == 0 {
		t.Errorf("features %d/%d, with documents %d: groups must vary", withFeatures, withoutFeatures, withDocs)
	}
}

func TestProjects(t *testing.T) {
	c := load(t)
	if n := len(c.Projects); n < 3 || n > 4 {
		t.Fatalf("%d projects, want 3 or 4", n)
	}
	statuses := map[string]int{}
	external, noDocs := 0, 0
	for _, p := range c.Projects {
		if p.Status != catalog.StatusAvailable || p.Name["fr"] == "" || p.Name["nl"] == "" || p.Name["en"] == "" || p.Description["fr"] == "" {
			t.Errorf("project %d: %+v", p.ID, p.Name)
		}
		if len(p.Units) < 6 || len(p.Units) > 14 || len(p.Constructions) < 1 || len(p.Constructions) > 2 {
			t.Errorf("project %d: %d units, %d constructions", p.ID, len(p.Units), len(p.Constructions))
		}
		if p.PriceFrom <= 0 || p.PriceFrom > p.PriceTo || p.Delivery["fr"] == "" || p.ProjectNumber == "" {
			t.Errorf("project %d: prices %v-%v, delivery %v", p.ID, p.PriceFrom, p.PriceTo, p.Delivery)
		}
		for _, u := range p.Units {
			statuses[u.Status]++
			if u.Unit == "" || u.Floor == "" || u.Price <= 0 || u.Surface <= 0 {
				t.Errorf("project %d: unit %+v", p.ID, u)
			}
		}
		if p.ExternalWeb != "" {
			external++
			if !strings.HasPrefix(p.ExternalWeb, "https://") {
				t.Errorf("project %d: external web %q", p.ID, p.ExternalWeb)
			}
		}
		if len(p.Documents) == 0 {
			noDocs++
		}
	}
	for _, s := range []string{catalog.UnitAvailable, catalog.UnitSold, catalog.UnitSoldOut} {
		if statuses[s] == 0 {
			t.Errorf("no unit with status %q (%v)", s, statuses)
		}
	}
	if len(statuses) != 3 {
		t.Errorf("unit statuses %v", statuses)
	}
	if external != 1 || noDocs != 1 {
		t.Errorf("projects with external web %d, without documents %d, want 1 and 1", external, noDocs)
	}
}

func TestCatalogReturnsCopies(t *testing.T) {
	a, b := load(t), load(t)
	a.Properties[0].Title["fr"] = "changed"
	if b.Properties[0].Title["fr"] == "changed" {
		t.Error("Catalog shares data between calls")
	}
}

// The demo agency's zones cover its own area: every listing in the Belgian
// province of Luxembourg and in the Grand Duchy is in a zone a registrant
// can choose, so a demand on the map finds the demo's listings.
func TestZonesCoverTheAgencysArea(t *testing.T) {
	cfg, err := site.Parse("demo/site.json", SiteJSON())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, z := range cfg.Zones {
		ids = append(ids, z.ID)
	}
	covered, ok := cfg.Postcodes(ids)
	if !ok || len(cfg.Zones) < 5 {
		t.Fatalf("%d zones, postcodes %v", len(cfg.Zones), covered)
	}
	for _, p := range load(t).Properties {
		n := zipNum(p)
		inArea := p.CountryID == catalog.CountryLuxembourg || p.CountryID == catalog.CountryBelgium && n >= 6600 && n <= 6999
		if inArea && !slices.Contains(covered, p.Postcode()) {
			t.Errorf("listing %d (%s %s) is in no zone", p.ID, p.Zip, p.City)
		}
	}
}
