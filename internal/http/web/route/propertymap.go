package route

import (
	"math"
	"net/url"
	"strconv"

	"immo/internal/domain/catalog"
)

// PropertyMap is what the property page shows of the property's position
// (SPEC §2: map and street view): only for a published address, so a
// private one is never pinned, even roughly.
type PropertyMap struct {
	// Marker is the property's one marker on the site's map frame. Its Href
	// is empty: the marker is on the page it would link to.
	Marker     Marker     `json:"marker"`
	StreetView StreetView `json:"streetView"`
}

// StreetView is Google Street View at the position: Embed, a Maps Embed API
// frame, when the site configures a key; always Link, street view in
// Google Maps (a new tab, and the fallback without JavaScript).
type StreetView struct {
	Embed string `json:"embed,omitempty"`
	Link  string `json:"link"`
}

// propertyMap is p's map, or nil when its address is private or it has no
// position.
func (c *resolution) propertyMap(p *catalog.PublicProperty) *PropertyMap {
	lat, lng := p.Latitude, p.Longitude
	if !p.PublishAddress || !validPosition(lat, lng) {
		return nil
	}
	m := &PropertyMap{Marker: p.Marker()}
	// Digits, dot, minus and the comma: nothing to escape in at.
	at := coordinate(lat) + "," + coordinate(lng)
	m.StreetView.Link = "https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=" + at
	if key := c.r.Site.StreetView.APIKey; key != "" {
		m.StreetView.Embed = "https://www.google.com/maps/embed/v1/streetview?key=" + url.QueryEscape(key) +
			"&location=" + at + "&language=" + c.lang
	}
	return m
}

// validPosition: on the globe, and not 0,0 (a feed's "no position").
func validPosition(lat, lng float64) bool {
	return !math.IsNaN(lat) && !math.IsNaN(lng) && math.Abs(lat) <= 90 && math.Abs(lng) <= 180 && (lat != 0 || lng != 0)
}

// coordinate is a degree to 6 decimals (about 10 cm), the form map addresses take.
func coordinate(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }
