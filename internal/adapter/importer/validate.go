// Package importer loads a catalog file (the seed's format) into the store:
// every record is decoded and validated first, and problems are reported
// with the record's place, its ID and the field, before anything is written.
package importer

import (
	"fmt"
	"math"
	"net/url"
	"slices"
	"strings"

	"immo/internal/domain/catalog"
	"immo/internal/domain/i18n"
)

// Problem is one thing wrong with one record.
type Problem struct {
	Section string // types, properties or projects
	Index   int    // position in its section, from 0
	ID      int64  // the record's ID, 0 when unreadable
	Field   string
	Message string // in English, for the command line
	// Key names the problem for the staff (ProblemKeys; translated as
	// admin.runs.problem.<key>), Params its values: limits, and the value
	// at fault clipped to 100 bytes.
	Key    string
	Params map[string]string
}

func (p Problem) String() string {
	id := "?"
	if p.ID != 0 {
		id = fmt.Sprint(p.ID)
	}
	if p.Field == "" {
		return fmt.Sprintf("%s[%d] (ID %s): %s", p.Section, p.Index, id, p.Message)
	}
	return fmt.Sprintf("%s[%d] (ID %s): %s: %s", p.Section, p.Index, id, p.Field, p.Message)
}

type checker struct {
	section  string
	index    int
	id       int64
	seen     map[int64]bool // IDs of the current section
	problems []Problem
	// feedHost is the host of the CRM feed the file comes from: its
	// pictures are fetched into the site through the feed's client, so any
	// of its ports is accepted ("": a file).
	feedHost string
}

// begin starts checking a section.
func (c *checker) begin(section string) {
	c.section, c.seen = section, map[int64]bool{}
}

// record starts checking one record: its ID must be positive and unique in
// its section.
func (c *checker) record(index int, id int64) {
	c.index, c.id = index, id
	if id <= 0 {
		c.fail("ID", KeyPositiveWhole, nil, "must be a positive whole number")
	} else if c.seen[id] {
		c.fail("ID", KeyIDTwice, nil, "appears twice")
	}
	c.seen[id] = true
}

// fail reports a problem, once per field of a record: the specific rules
// run before the general bounds, and say more. key and params are what
// the staff read (ProblemKeys), format and args the English message.
func (c *checker) fail(field, key string, params map[string]string, format string, args ...any) {
	for i := len(c.problems) - 1; i >= 0; i-- {
		p := c.problems[i]
		if p.Section != c.section || p.Index != c.index {
			break
		}
		if p.Field == field {
			return
		}
	}
	c.problems = append(c.problems, Problem{Section: c.section, Index: c.index, ID: c.id, Field: field,
		Message: fmt.Sprintf(format, args...), Key: key, Params: params})
}

func (c *checker) required(field, value string) {
	if strings.TrimSpace(value) == "" {
		c.fail(field, KeyRequired, nil, "is required")
	}
}

// amount checks a price: a number from 0 to below MaxAmount euros.
func (c *checker) amount(field string, v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v >= MaxAmount {
		c.fail(field, KeyAmountRange, map[string]string{"max": num(int64(MaxAmount))}, "must be a number from 0 to below %.0f", MaxAmount)
	}
}

// count checks a whole number of things (rooms, floors…).
func (c *checker) count(field string, n int) {
	if n < 0 || n > 1000 {
		c.fail(field, KeyWholeRange, map[string]string{"min": "0", "max": "1000"}, "must be a whole number from 0 to 1000")
	}
}

// year checks a construction or renovation year; 0 is unknown.
func (c *checker) year(field string, y int) {
	if y != 0 && (y < 1000 || y > 2100) {
		c.fail(field, KeyYearRange, map[string]string{"min": "1000", "max": "2100"}, "must be a year from 1000 to 2100, or 0 when unknown")
	}
}

// place checks where a listing is: its city, its country and its postcode
// there.
func (c *checker) place(city string, countryID int, zip string) {
	c.required("City", city)
	if countryID <= 0 || countryID > 1000 {
		c.fail("CountryID", KeyWholeRange, map[string]string{"min": "1", "max": "1000"}, "must be a whole number from 1 to 1000")
	}
	c.zip(countryID, zip)
}

func (c *checker) zip(countryID int, zip string) {
	if strings.TrimSpace(zip) == "" {
		c.fail("Zip", KeyRequired, nil, "is required")
	} else if key, msg := zipProblem(countryID, zip); msg != "" && len(zip) <= 16 {
		c.fail("Zip", key, map[string]string{"value": zip}, "%q: %s", zip, msg)
	} else if msg != "" {
		c.fail("Zip", key, map[string]string{"value": param(zip)}, "%s", msg)
	}
}

// webAddress checks an optional link to another site.
func (c *checker) webAddress(field, s string) {
	if s != "" && !publicWebAddress(s) {
		c.fail(field, KeyNotPublicHost, nil, "must be an http(s) address on a public host")
	}
}

func (c *checker) text(field string, t catalog.Text) {
	for lang := range t {
		if !slices.Contains(i18n.Languages, lang) {
			c.fail(field, KeyUnknownLanguage, map[string]string{"lang": param(lang), "languages": strings.Join(i18n.Languages, ", ")},
				"unknown language %q (want one of %s)", lang, strings.Join(i18n.Languages, ", "))
		}
	}
}

func (c *checker) picture(field string, p catalog.Picture) {
	if p.Url == "" {
		return
	}
	if !sitePath(p.Url) && (strings.HasPrefix(p.Url, "/") || !publicWebAddress(p.Url) && !c.onFeedHost(p.Url)) {
		c.fail(field+".Url", KeyNotSitePathOrPublic, nil, "must be a path on this site or an http(s) address on a public host")
	}
	if p.Width < 0 || p.Height < 0 || p.Width > 100_000 || p.Height > 100_000 {
		c.fail(field, KeyPictureSize, map[string]string{"max": "100000"}, "width and height must be from 0 to 100000 pixels")
	}
}

// pictures checks a listing's pictures: its card's, its large one and its
// gallery.
func (c *checker) pictures(small, large catalog.Picture, gallery []catalog.Picture) {
	c.picture("SmallPictureItem", small)
	c.picture("XLargePictureItem", large)
	for k, pic := range gallery {
		c.picture(fmt.Sprintf("Pictures[%d]", k), pic)
	}
}

// onFeedHost is true for an http(s) address on the feed's host.
func (c *checker) onFeedHost(address string) bool {
	if c.feedHost == "" {
		return false
	}
	u, err := url.Parse(address)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.User == nil && strings.EqualFold(u.Hostname(), c.feedHost)
}

// Validate checks every record of cat. known lists the type web ids that
// exist already; the file's own types count too.
func Validate(cat *catalog.Catalog, known []int) []Problem { return validate(cat, known, "") }

// validate is Validate of a file from a CRM feed on feedHost ("": none).
func validate(cat *catalog.Catalog, known []int, feedHost string) []Problem {
	c := &checker{feedHost: feedHost}
	webIDs := slices.Clone(known)
	c.begin("types")
	for i, t := range cat.Types {
		c.record(i, int64(t.ID))
		if t.WebID <= 0 {
			c.fail("WebID", KeyPositiveWhole, nil, "must be a positive whole number")
		}
		if t.Name.In("fr") == "" {
			c.fail("Name", KeyNameNeeded, nil, "needs a name in at least one language")
		}
		c.text("Name", t.Name)
		webIDs = append(webIDs, t.WebID)
		c.bounded(t)
	}
	c.begin("properties")
	for i := range cat.Properties {
		p := &cat.Properties[i]
		c.record(i, p.ID)
		// The seed reads any Goal but 0 as rent; a file must say 0 or 1.
		if p.Goal != catalog.GoalSale && p.Goal != catalog.GoalRent {
			c.fail("Goal", KeyGoal, nil, "must be 0 (sale) or 1 (rent)")
		}
		if !slices.Contains(webIDs, p.WebID) {
			c.fail("WebID", KeyUnknownType, map[string]string{"webID": num(p.WebID)}, "%d is not a known property type", p.WebID)
		}
		c.amount("Price", p.Price)
		if p.PriceUnit < 0 || p.PriceUnit > 100 {
			c.fail("PriceUnit", KeyCodeRange, map[string]string{"min": "0", "max": "100"}, "must be a code from 0 to 100")
		}
		c.place(p.City, p.CountryID, p.Zip)
		c.year("ConstructionYear", p.ConstructionYear)
		c.year("RenovationYear", p.RenovationYear)
		if r := p.Rooms; r != nil {
			for _, f := range []struct {
				name string
				n    int
			}{{"Bedrooms", r.Bedrooms}, {"Bathrooms", r.Bathrooms}, {"ShowerRooms", r.ShowerRooms},
				{"Toilets", r.Toilets}, {"Garages", r.Garages}, {"Parkings", r.Parkings},
				{"ExternalParkings", r.ExternalParkings}, {"Floors", r.Floors}, {"Facades", r.Facades},
				{"ExtraRooms", r.ExtraRooms}} {
				c.count("Rooms."+f.name, f.n)
			}
		}
		c.webAddress("VirtualTour", p.VirtualTour)
		switch p.Status {
		case "", catalog.StatusAvailable, catalog.StatusSold, catalog.StatusRented:
		default:
			c.fail("Status", KeyPropertyStatus, nil, "must be available, sold or rented")
		}
		if e := p.EnergyPerformance; e != nil && (math.IsNaN(*e) || math.IsInf(*e, 0)) {
			c.fail("EnergyPerformance", KeyNotANumber, nil, "must be a number")
		}
		if p.Latitude < -90 || p.Latitude > 90 || p.Longitude < -180 || p.Longitude > 180 {
			c.fail("Latitude", KeyCoordinates, nil, "coordinates out of range")
		}
		c.text("Title", p.Title)
		c.text("Description", p.Description)
		c.pictures(p.SmallPictureItem, p.XLargePictureItem, p.Pictures)
		c.bounded(p)
	}
	c.begin("projects")
	for i := range cat.Projects {
		p := &cat.Projects[i]
		c.record(i, p.ID)
		c.place(p.City, p.CountryID, p.Zip)
		c.text("Name", p.Name)
		c.text("Description", p.Description)
		c.webAddress("ExternalWeb", p.ExternalWeb)
		c.amount("PriceFrom", p.PriceFrom)
		c.amount("PriceTo", p.PriceTo)
		c.pictures(p.SmallPictureItem, p.XLargePictureItem, p.Pictures)
		for k, u := range p.Units {
			switch u.Status {
			case catalog.UnitAvailable, catalog.UnitSold, catalog.UnitSoldOut:
			default:
				c.fail(fmt.Sprintf("Units[%d].Status", k), KeyUnitStatus, nil, "must be available, sold or soldout")
			}
			c.amount(fmt.Sprintf("Units[%d].Price", k), u.Price)
		}
		c.bounded(p)
	}
	return c.problems
}
