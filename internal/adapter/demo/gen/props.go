package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"immo/internal/domain/catalog"
)

// pictureURL is where the site serves the embedded pictures.
const pictureURL = "/pictures/demo/"

// builder turns the plan into listings, deterministically.
type builder struct {
	r         *rand.Rand
	pics      map[picKind][]picture
	rot       map[picKind]int
	epcIdx    map[region]int
	streetIdx map[string]int
	docID     int64
	refNo     int
}

func newBuilder(pics []picture) *builder {
	return &builder{
		r:         rand.New(rand.NewPCG(6700, 2026)),
		pics:      byKind(pics),
		rot:       map[picKind]int{},
		epcIdx:    map[region]int{},
		streetIdx: map[string]int{},
		docID:     7100000,
		refNo:     1040,
	}
}

// listingOpts carries the position of a listing in the plan; the flags that
// must appear a given number of times are decided from it.
type listingOpts struct {
	seq     int // index among available listings, -1 otherwise
	saleSeq int // index among available sale listings, -1 otherwise
	viager  bool
}

// Marquee codes handed out in turn over the available listings.
var marqueeCycle = []int{0, 1, 0, 0, 2, 0, 5, 0, 0, 1, 0, 3, 0, 0, 5, 0, 2, 0, 4, 0, 1, 0, 0, 13, 0, 0}

func (b *builder) properties() []catalog.Property {
	var out []catalog.Property
	id := int64(4100001)
	seq, saleSeq := 0, 0
	for _, row := range plan {
		first := true
		for _, ch := range row.types {
			if ch == ' ' {
				continue
			}
			o := listingOpts{seq: -1, saleSeq: -1, viager: row.viager && first}
			if row.status == available {
				o.seq = seq
				seq++
				if row.goal == sale {
					o.saleSeq = saleSeq
					saleSeq++
				}
			}
			out = append(out, b.property(id, row, int(ch-'0'), o))
			id++
			first = false
		}
	}
	// Two virtual tours: the first house for sale and the first apartment for rent.
	tours := 0
	for _, want := range []struct{ goal, typ int }{{sale, tHouse}, {rent, tApartment}} {
		for i := range out {
			p := &out[i]
			if p.Goal == want.goal && p.WebID == want.typ && p.Status == available {
				tours++
				p.VirtualTour = fmt.Sprintf("https://my.matterport.com/show/?m=ExampleDemo%d", tours)
				break
			}
		}
	}
	return out
}

func bp(v bool) *bool { return &v }

func round(v, step float64) float64 { return math.Round(v/step) * step }

func clamp(v float64, r [2]float64) float64 { return math.Max(r[0], math.Min(r[1], v)) }

func (b *builder) chance(p float64) bool { return b.r.Float64() < p }

func (b *builder) intn(lo, hi int) int { return lo + b.r.IntN(hi-lo+1) }

// pickSubtype chooses the precise kind of a listing, by town for houses.
func (b *builder) pickSubtype(typ int, t town, o listingOpts) subtype {
	all := subtypes[typ]
	if typ == tHouse {
		idx := []int{0, 0, 0, 1, 4}
		switch t.City {
		case "Attert", "Étalle", "Habay", "Messancy", "Bastogne", "Marche-en-Famenne":
			idx = append(idx, 3)
		case "Arlon", "Virton", "Uccle":
			idx = append(idx, 2)
		}
		if o.viager {
			return all[0]
		}
		return all[idx[b.r.IntN(len(idx))]]
	}
	if typ == tApartment {
		return all[[]int{0, 0, 0, 0, 0, 0, 1, 1, 2}[b.r.IntN(9)]]
	}
	return all[b.r.IntN(len(all))]
}

func (b *builder) property(id int64, row planRow, typ int, o listingOpts) catalog.Property {
	t := towns[row.town]
	s := t.streets[b.streetIdx[row.town]%len(t.streets)]
	b.streetIdx[row.town]++
	zip := t.Zip
	if s.zip != "" {
		zip = s.zip
	}
	reg := regionOf(t.CountryID, zip)
	f := &facts{typ: typ, sub: b.pickSubtype(typ, t, o), rent: row.goal != sale, town: t, region: reg}
	b.shape(f)
	ep := b.energy(f)
	b.price(f, o)

	p := catalog.Property{
		ID:               id,
		Goal:             row.goal,
		TypeDescription:  types[typ-1].Name[0],
		MainTypeName:     f.sub.name[0],
		WebID:            typ,
		WebIDs:           strconv.Itoa(typ),
		Language:         "fr",
		Price:            f.price,
		PublishPrice:     true,
		PriceUnit:        1,
		PriceUnitText:    "€",
		PublishAddress:   true,
		Street:           s.name,
		HouseNumber:      strconv.Itoa(b.intn(1, 160)),
		Zip:              zip,
		City:             t.City,
		CountryID:        t.CountryID,
		CountryName:      map[int]string{catalog.CountryBelgium: "Belgique", catalog.CountryLuxembourg: "Luxembourg"}[t.CountryID],
		Latitude:         round(t.lat+rf(b.r, -0.012, 0.012), 0.000001),
		Longitude:        round(t.lon+rf(b.r, -0.018, 0.018), 0.000001),
		Status:           row.status,
		ConstructionYear: f.year,
		RenovationYear:   f.reno,
	}
	switch {
	case typ == tHouse && b.chance(0.2), typ == tCommercial && b.chance(0.5):
		p.WebIDs += ",5" // also listed as an investment
	case typ == tInvestment:
		p.WebIDs += ",2"
	}
	if typ == tApartment || typ == tStudio {
		p.BoxNr = strconv.Itoa(f.floor*10 + b.intn(1, 4))
	}
	if ep != nil {
		p.EnergyPerformance = ep
		p.EPCLabelText = f.label
	}
	if o.seq >= 0 {
		p.Marquee = marqueeCycle[o.seq%len(marqueeCycle)]
		p.MarqueeName = marqueeNames[p.Marquee]
		p.PublishAddress = o.seq%12 != 5
	}
	if o.saleSeq >= 0 && !o.viager {
		p.PublishPrice = o.saleSeq%14 != 6
		if o.saleSeq%14 == 10 {
			p.PriceUnit = 7
			p.PriceUnitText = "à partir de"
		}
	}
	b.dates(&p)
	b.refNo += b.intn(1, 25)
	p.Reference = fmt.Sprintf("%s-%d", t.ref, b.refNo)

	if b.chance(0.75) {
		f.poi = b.pois(t)
		p.PointsOfInterest = make([]catalog.PointOfInterest, len(f.poi))
		for i, x := range f.poi {
			p.PointsOfInterest[i] = catalog.PointOfInterest{Kind: x.kind, Name: x.name, Distance: x.dist}
		}
	}
	p.Title = title(f, b.r).text()
	p.Description = description(f, b.r).text()
	p.Pictures = b.pictures(f, id)
	first := p.Pictures[0]
	p.SmallPictureItem = catalog.Picture{ID: first.ID, Name: first.Name, Url: first.Url, Width: 250, Height: 167}
	p.XLargePictureItem = catalog.Picture{ID: first.ID, Name: first.Name, Url: first.Url, Width: picW, Height: picH}
	b.details(&p, f, ep)
	return p
}

// shape sets rooms and surfaces according to the type.
func (b *builder) shape(f *facts) {
	r := b.r
	switch f.typ {
	case tHouse:
		f.facades = b.intn(2, 4)
		switch f.sub.name[0] {
		case "Villa", "Ferme", "Bungalow":
			f.facades = 4
		case "Maison de maître":
			f.facades = 2
		}
		f.living = round(rf(r, 120, 300), 1)
		switch f.sub.name[0] {
		case "Bungalow":
			f.living = round(rf(r, 100, 160), 1)
		case "Ferme", "Maison de maître":
			f.living = round(rf(r, 220, 360), 1)
		}
		f.bedrooms = min(2+int(f.living/90)+r.IntN(2), 6)
		f.baths = 1 + int(f.living/180)
		f.ground = round(map[int]float64{2: rf(r, 150, 450), 3: rf(r, 350, 900), 4: rf(r, 600, 2500)}[f.facades], 1)
		if f.sub.name[0] == "Ferme" {
			f.ground = round(rf(r, 2500, 6000), 1)
		}
		f.garden = round(f.ground*rf(r, 0.5, 0.75), 1)
		f.terrace = round(rf(r, 12, 40), 1)
		f.garages = r.IntN(3)
		f.front = round(rf(r, 6, 18), 0.1)
		f.orient = pick(r, orientations)
		f.cellar = r.IntN(3) > 0
		f.parking = f.facades > 2
	case tApartment:
		f.living = round(rf(r, 55, 140), 1)
		f.floor = r.IntN(6)
		if f.sub.name[0] == "Penthouse" {
			f.living = round(rf(r, 110, 160), 1)
			f.floor = b.intn(5, 7)
		}
		f.bedrooms = max(1, min(3, int(f.living/40)))
		f.baths = 1
		if f.living > 115 {
			f.baths = 2
		}
		f.lift = f.floor > 1 || r.IntN(2) == 0
		if r.IntN(3) > 0 {
			f.terrace = round(rf(r, 6, 28), 1)
			if f.sub.name[0] == "Penthouse" {
				f.terrace = round(rf(r, 30, 60), 1)
			}
		}
		f.orient = pick(r, orientations)
		f.cellar = r.IntN(3) > 0
		f.parking = r.IntN(2) == 0
	case tStudio:
		f.living = round(rf(r, 24, 42), 1)
		f.floor = r.IntN(5)
		f.baths = 1
		f.lift = f.floor > 2
		f.furnish = r.IntN(2) == 0
		f.cellar = r.IntN(2) == 0
		if r.IntN(3) == 0 {
			f.terrace = round(rf(r, 4, 10), 1)
		}
		f.orient = pick(r, orientations)
	case tLand:
		f.ground = round(rf(r, 450, 2400), 1)
		f.front = round(rf(r, 14, 32), 1)
		f.facades = b.intn(3, 4)
	case tInvestment:
		f.units = b.intn(3, 6)
		f.living = round(float64(f.units)*rf(r, 65, 90), 1)
		f.ground = round(rf(r, 150, 600), 1)
		f.bedrooms = f.units + r.IntN(f.units)
		f.baths = f.units
		f.income = round(float64(f.units)*rf(r, 650, 850), 10)
		f.front = round(rf(r, 8, 14), 0.1)
		f.cellar = true
	case tCommercial:
		f.living = round(rf(r, 60, 420), 1)
		if f.sub.name[0] == "Bureau" {
			f.living = round(rf(r, 80, 300), 1)
			f.parking = true
		}
	case tGarage:
		f.living = round(rf(r, 14, 22), 0.5)
		if f.sub.name[0] == "Parking" {
			f.living = round(rf(r, 12, 14), 0.5)
		}
	}
}

// energy picks the EPC value in turn for the region and derives the
// construction and renovation years from it; nil for land and garages.
func (b *builder) energy(f *facts) *float64 {
	r := b.r
	if f.typ == tLand {
		return nil
	}
	if f.typ == tGarage {
		f.year = b.intn(1970, 2015)
		return nil
	}
	vals := epcValues[f.region]
	v := vals[b.epcIdx[f.region]%len(vals)]
	b.epcIdx[f.region]++
	if v > 0 {
		v = math.Round(v * (1 - 0.04*r.Float64())) // never crosses a band upward
	}
	switch {
	case v <= 45:
		f.year = b.intn(2019, 2025)
	case v <= 100:
		f.year = b.intn(2006, 2018)
	case v <= 255:
		f.year = b.intn(1960, 2005)
		if f.year < 1990 {
			f.reno = b.intn(2005, 2023)
		}
	default:
		f.year = b.intn(1900, 1975)
		if r.IntN(3) == 0 {
			f.reno = b.intn(1990, 2012)
		}
	}
	b.plausibleYears(f, v)
	f.newBuild = f.year >= 2024 && !f.rent
	f.label = epcLabel(f.region, v)
	return &v
}

// plausibleYears keeps the construction year credible for the subtype: old
// farms and town houses (renovated when their EPC is good), no pre-war flats.
func (b *builder) plausibleYears(f *facts, v float64) {
	switch f.sub.name[0] {
	case "Ferme", "Maison de maître":
		if f.year > 1935 {
			f.year = b.intn(1900, 1935)
			if v <= 255 {
				f.reno = b.intn(2008, 2023)
			}
		}
	case "Penthouse":
		if f.year < 1985 {
			f.year, f.reno = b.intn(1985, 2005), 0
		}
	}
	if (f.typ == tApartment || f.typ == tStudio) && f.year < 1955 {
		f.year = b.intn(1955, 1975)
		if f.reno != 0 && f.reno < f.year+15 {
			f.reno = 0
		}
	}
}

// price sets the asking price (sale) or monthly rent.
func (b *builder) price(f *facts, o listingOpts) {
	r := b.r
	if f.rent {
		perM2 := map[int]float64{tHouse: rf(r, 7, 9), tApartment: rf(r, 10, 12.5), tStudio: rf(r, 17, 20), tCommercial: rf(r, 8, 10)}[f.typ]
		v := f.living * perM2
		if f.typ == tGarage {
			v = rf(r, 60, 120)
		}
		f.price = clamp(round(v, 10), rentRange[f.typ])
		switch f.typ {
		case tApartment:
			f.charges = round(rf(r, 60, 180), 5)
		case tStudio:
			f.charges = round(rf(r, 40, 90), 5)
		case tCommercial:
			f.charges = round(rf(r, 50, 150), 5)
		}
		return
	}
	var v float64
	switch f.typ {
	case tHouse:
		v = f.living * rf(r, 1700, 2400)
	case tApartment:
		v = f.living * rf(r, 2300, 3000)
	case tStudio:
		v = f.living * rf(r, 3200, 3800)
	case tLand:
		v = f.ground * rf(r, 80, 150)
	case tInvestment:
		v = f.income * 12 / rf(r, 0.045, 0.055)
	case tCommercial:
		v = f.living * rf(r, 1400, 2200)
	case tGarage:
		v = rf(r, 15000, 45000)
	}
	switch f.region {
	case luxembourg:
		v *= 1.6
	case brussels:
		v *= 1.3
	case flanders:
		v *= 1.15
	}
	step := 5000.0
	if f.typ == tGarage {
		step = 500
	}
	f.price = clamp(round(v, step), saleRange[f.typ])
	if o.viager {
		f.viager = &viager{bouquet: round(rf(r, 60000, 110000), 5000), rent: round(rf(r, 700, 1200), 10), ages: [2]int{b.intn(76, 80), b.intn(79, 85)}}
		f.price = f.viager.bouquet
	}
}

var (
	firstDay = time.Date(2025, 1, 6, 0, 0, 0, 0, time.UTC)
	lastDay  = time.Date(2026, 11, 16, 0, 0, 0, 0, time.UTC)
)

func (b *builder) dates(p *catalog.Property) {
	span := int(lastDay.Sub(firstDay).Hours() / 24)
	if p.Status != available {
		span = 300 // sold and rented ones were listed in 2025
	}
	d := firstDay.AddDate(0, 0, b.r.IntN(span)).Add(time.Duration(b.intn(8*60, 18*60)) * time.Minute)
	p.DateCreated = d
	m := d.AddDate(0, 0, b.r.IntN(60)).Add(time.Duration(b.r.IntN(8*60)) * time.Minute)
	if m.After(lastDay) {
		m = lastDay.Add(10 * time.Hour)
	}
	p.DateModified = m
}

func (b *builder) pois(t town) []poiDist {
	rng := map[string][2]float64{"school": {200, 1500}, "bakery": {80, 800}, "supermarket": {300, 2500}, "station": {400, 4500}}
	out := make([]poiDist, len(t.pois))
	for i, x := range t.pois {
		out[i] = poiDist{kind: x.Kind, name: x.Name, dist: round(rf(b.r, rng[x.Kind][0], rng[x.Kind][1]), 10)}
	}
	return out
}

// next returns the next picture of a kind in rotation, skipping used ones.
func (b *builder) next(k picKind, used map[string]bool) picture {
	pool := b.pics[k]
	for range pool {
		p := pool[b.rot[k]%len(pool)]
		b.rot[k]++
		if !used[p.File] {
			return p
		}
	}
	return pool[0]
}

// pictures picks an exterior first, then interiors or more views.
func (b *builder) pictures(f *facts, id int64) []catalog.Picture {
	var ext picKind
	var rest []picKind
	switch f.typ {
	case tHouse:
		ext, rest = kHouse, []picKind{kLiving, kKitchen, kBedroom, kBathroom, kHouse}
	case tApartment:
		ext, rest = kBlock, []picKind{kLiving, kKitchen, kBedroom, kBathroom}
		if f.newBuild || f.year >= 2018 {
			ext = kModern
		}
	case tStudio:
		ext, rest = kBlock, []picKind{kLiving, kKitchen, kBathroom}
	case tLand:
		ext, rest = kLand, []picKind{kLand, kLand}
	case tInvestment:
		ext, rest = kBlock, []picKind{kBlock, kKitchen, kLiving, kBathroom}
	case tCommercial:
		ext, rest = kShop, []picKind{kShop, kShop}
	default:
		ext, rest = kGarage, []picKind{kGarage, kGarage}
	}
	n := min(len(rest), 2+b.r.IntN(4))
	if len(rest) > 2 {
		// Keep the order but drop some, so combinations differ.
		for len(rest) > n {
			i := b.r.IntN(len(rest))
			rest = slices.Delete(rest, i, i+1)
		}
	}
	used := map[string]bool{}
	var out []catalog.Picture
	for i, k := range append([]picKind{ext}, rest...) {
		p := b.next(k, used)
		used[p.File] = true
		out = append(out, catalog.Picture{ID: id*10 + int64(i+1), Name: p.Name, Url: pictureURL + p.File, Width: picW, Height: picH})
	}
	return out
}
