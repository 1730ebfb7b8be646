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

	"immo/internal/catalog"
	"immo/internal/i18n"
)

// Problem is one thing wrong with one record.
type Problem struct {
	Section string // types, properties or projects
	Index   int    // position in its section, from 0
	ID      int64  // the record's ID, 0 when unreadable
	Field   string
	Message string
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
		c.fail("ID", "must be a positive whole number")
	} else if c.seen[id] {
		c.fail("ID", "appears twice")
	}
	c.seen[id] = true
}

// isWebAddress tells whether s is an absolute http(s) address.
func isWebAddress(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

func (c *checker) fail(field, format string, args ...any) {
	c.problems = append(c.problems, Problem{c.section, c.index, c.id, field, fmt.Sprintf(format, args...)})
}

func (c *checker) required(field, value string) {
	if strings.TrimSpace(value) == "" {
		c.fail(field, "is required")
	}
}

func (c *checker) amount(field string, v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		c.fail(field, "must be a number, 0 or more")
	}
}

func (c *checker) text(field string, t catalog.Text) {
	for lang := range t {
		if !slices.Contains(i18n.Languages, lang) {
			c.fail(field, "unknown language %q (want one of %s)", lang, strings.Join(i18n.Languages, ", "))
		}
	}
}

func (c *checker) picture(field string, p catalog.Picture) {
	if p.Url == "" {
		return
	}
	onSite := strings.HasPrefix(p.Url, "/") && !strings.HasPrefix(p.Url, "//")
	if !onSite && !isWebAddress(p.Url) {
		c.fail(field+".Url", "must be a path on this site or an http(s) address")
	}
	if p.Width < 0 || p.Height < 0 {
		c.fail(field, "width and height must not be negative")
	}
}

// Validate checks every record of cat. known lists the type web ids that
// exist already; the file's own types count too.
func Validate(cat *catalog.Catalog, known []int) []Problem {
	c := &checker{}
	webIDs := slices.Clone(known)
	c.begin("types")
	for i, t := range cat.Types {
		c.record(i, int64(t.ID))
		if t.WebID <= 0 {
			c.fail("WebID", "must be a positive whole number")
		}
		if t.Name.In("fr") == "" {
			c.fail("Name", "needs a name in at least one language")
		}
		c.text("Name", t.Name)
		webIDs = append(webIDs, t.WebID)
	}
	c.begin("properties")
	for i := range cat.Properties {
		p := &cat.Properties[i]
		c.record(i, p.ID)
		if p.Goal < 0 {
			c.fail("Goal", "must be 0 (sale) or 1 (rent)")
		}
		if !slices.Contains(webIDs, p.WebID) {
			c.fail("WebID", "%d is not a known property type", p.WebID)
		}
		c.amount("Price", p.Price)
		if p.PriceUnit < 0 {
			c.fail("PriceUnit", "must not be negative")
		}
		c.required("City", p.City)
		c.required("Zip", p.Zip)
		if p.CountryID <= 0 {
			c.fail("CountryID", "must be a positive whole number")
		}
		switch p.Status {
		case "", catalog.StatusAvailable, catalog.StatusSold, catalog.StatusRented:
		default:
			c.fail("Status", "must be available, sold or rented")
		}
		if e := p.EnergyPerformance; e != nil && (math.IsNaN(*e) || math.IsInf(*e, 0)) {
			c.fail("EnergyPerformance", "must be a number")
		}
		if p.Latitude < -90 || p.Latitude > 90 || p.Longitude < -180 || p.Longitude > 180 {
			c.fail("Latitude", "coordinates out of range")
		}
		c.text("Title", p.Title)
		c.text("Description", p.Description)
		c.picture("SmallPictureItem", p.SmallPictureItem)
		c.picture("XLargePictureItem", p.XLargePictureItem)
		for k, pic := range p.Pictures {
			c.picture(fmt.Sprintf("Pictures[%d]", k), pic)
		}
	}
	c.begin("projects")
	for i := range cat.Projects {
		p := &cat.Projects[i]
		c.record(i, p.ID)
		c.required("City", p.City)
		c.text("Name", p.Name)
		if p.ExternalWeb != "" {
			if !isWebAddress(p.ExternalWeb) {
				c.fail("ExternalWeb", "must be an http(s) address")
			}
		}
		for k, u := range p.Units {
			switch u.Status {
			case catalog.UnitAvailable, catalog.UnitSold, catalog.UnitSoldOut:
			default:
				c.fail(fmt.Sprintf("Units[%d].Status", k), "must be available, sold or soldout")
			}
			c.amount(fmt.Sprintf("Units[%d].Price", k), u.Price)
		}
	}
	return c.problems
}
