package site

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"

	"immo/internal/domain/rules"
)

// Zone is one of the agency's areas a registrant chooses on the demand
// register's map (SPEC §3 "regions or zips"): a name per language, its
// outline as a GeoJSON geometry (Polygon or MultiPolygon, longitude then
// latitude) drawn on the map, and the postal codes it covers, which a
// demand matches listings by. The map and a list of checkboxes show the
// same zones, so the form works by keyboard and without the map.
type Zone struct {
	ID   string `json:"id"`
	Name Text   `json:"name"`
	// Country is the postal codes' country, "BE" or "LU": Belgian and
	// Luxembourg codes are both four digits and overlap (1930 is Zaventem
	// and Luxembourg City).
	Country string   `json:"country"`
	Zips    []string `json:"zips"`
	Area    Geometry `json:"area"`
}

// Geometry is a GeoJSON geometry as the map draws it: a Polygon (rings of
// [longitude, latitude]) or a MultiPolygon (polygons of such rings).
type Geometry struct {
	Type        string `json:"type"`
	Coordinates any    `json:"coordinates"`
}

// Countries of the zones' postal codes.
var ZoneCountries = []string{"BE", "LU"}

// Bounds of the zones, so a map and a form stay usable and a page small.
const (
	MaxZones       = 60
	MaxZoneZips    = 100
	MaxZonePoints  = 2000 // per zone, every ring together
	maxZoneIDBytes = 40
)

var (
	zoneID  = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	zoneZip = regexp.MustCompile(`^[0-9]{4}$`)
)

// Postcodes are the postal codes (rules.Postcode: qualified by country) of the zones ids names, in order, each
// once; false when an id is none of the configuration's.
func (c *Config) Postcodes(ids []string) ([]string, bool) {
	var out []string
	for _, id := range ids {
		i := slices.IndexFunc(c.Zones, func(z Zone) bool { return z.ID == id })
		if i < 0 {
			return nil, false
		}
		z := c.Zones[i]
		for _, zip := range z.Zips {
			if pc := rules.Postcode(z.Country, zip); !slices.Contains(out, pc) {
				out = append(out, pc)
			}
		}
	}
	return out, true
}

func (c *Config) checkZones(p *problems) {
	if len(c.Zones) > MaxZones {
		p.add("zones", "at most %d zones", MaxZones)
	}
	seen := map[string]bool{}
	for i, z := range c.Zones {
		path := fmt.Sprintf("zones[%d]", i)
		switch {
		case len(z.ID) > maxZoneIDBytes || !zoneID.MatchString(z.ID):
			p.add(path+".id", "%q is not a zone id (lower-case letters, digits and dashes)", z.ID)
		case seen[z.ID]:
			p.add(path+".id", "%q twice", z.ID)
		}
		seen[z.ID] = true
		if _, in := z.Name.Pick(c.Languages.Default); in != c.Languages.Default {
			p.add(path+".name", "required in the default language")
		}
		oneOf(p, path+".country", z.Country, ZoneCountries)
		switch {
		case len(z.Zips) == 0:
			p.add(path+".zips", "at least one postal code")
		case len(z.Zips) > MaxZoneZips:
			p.add(path+".zips", "at most %d postal codes", MaxZoneZips)
		}
		for j, zip := range z.Zips {
			switch {
			case !zoneZip.MatchString(zip):
				p.add(fmt.Sprintf("%s.zips[%d]", path, j), "%q is not a postal code (four digits)", zip)
			case slices.Index(z.Zips, zip) < j:
				p.add(fmt.Sprintf("%s.zips[%d]", path, j), "%q twice", zip)
			}
		}
		if err := checkArea(z.Area); err != nil {
			p.addErr(path+".area", err)
		}
	}
}

// checkArea checks a GeoJSON Polygon or MultiPolygon geometry: closed
// rings of at least four positions, longitudes and latitudes in range, at
// most MaxZonePoints positions.
func checkArea(g Geometry) error {
	if g.Type == "" && g.Coordinates == nil {
		return errorf("required: a GeoJSON Polygon or MultiPolygon")
	}
	coordinates, err := json.Marshal(g.Coordinates)
	if err != nil {
		return errorf("not a GeoJSON geometry: %v", err)
	}
	var polygons [][][][]float64
	switch g.Type {
	case "Polygon":
		var rings [][][]float64
		if err := json.Unmarshal(coordinates, &rings); err != nil {
			return errorf("a Polygon's coordinates are rings of [longitude, latitude]: %v", err)
		}
		polygons = [][][][]float64{rings}
	case "MultiPolygon":
		if err := json.Unmarshal(coordinates, &polygons); err != nil {
			return errorf("a MultiPolygon's coordinates are polygons of rings of [longitude, latitude]: %v", err)
		}
	default:
		return errorf("type %q: a Polygon or a MultiPolygon", g.Type)
	}
	points := 0
	for _, rings := range polygons {
		if len(rings) == 0 {
			return errorf("a polygon without rings")
		}
		for _, ring := range rings {
			if len(ring) < 4 {
				return errorf("a ring of %d positions: at least 4, the last the first", len(ring))
			}
			for _, pos := range ring {
				if len(pos) < 2 || pos[0] < -180 || pos[0] > 180 || pos[1] < -90 || pos[1] > 90 {
					return errorf("a position %v: [longitude -180..180, latitude -90..90]", pos)
				}
			}
			if first, last := ring[0], ring[len(ring)-1]; first[0] != last[0] || first[1] != last[1] {
				return errorf("a ring not closed: its last position must be its first")
			}
			points += len(ring)
		}
	}
	if points > MaxZonePoints {
		return errorf("%d positions: at most %d", points, MaxZonePoints)
	}
	return nil
}

// ZoneIDs are the ids of the zones whose postal codes are all among
// postcodes (a demand's, as Postcodes made them), in the configuration's
// order: the zones a registrant chose.
func (c *Config) ZoneIDs(postcodes []string) []string {
	var out []string
	for _, z := range c.Zones {
		all := len(z.Zips) > 0
		for _, zip := range z.Zips {
			if !slices.Contains(postcodes, rules.Postcode(z.Country, zip)) {
				all = false
				break
			}
		}
		if all {
			out = append(out, z.ID)
		}
	}
	return out
}

// ZoneName is the name in lang of the zone id, "" when there is none.
func (c *Config) ZoneName(id, lang string) string {
	for _, z := range c.Zones {
		if z.ID == id {
			name, _ := z.Name.Pick(lang)
			return name
		}
	}
	return ""
}
