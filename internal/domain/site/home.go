package site

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
)

// Banner kinds (SPEC §2 Home page).
const (
	BannerImage      = "image"
	BannerGallery    = "gallery"
	BannerVideo      = "video"
	BannerProperties = "properties"
	BannerProjects   = "projects"
)

// BannerTypes lists the banner kinds.
var BannerTypes = []string{BannerImage, BannerGallery, BannerVideo, BannerProperties, BannerProjects}

// Banner is the home page banner. Properties and Projects are listing ids;
// a properties banner with none falls back to the image.
type Banner struct {
	Type        string  `json:"type"`
	Image       Image   `json:"image"`
	Gallery     Gallery `json:"gallery"`
	Video       Video   `json:"video"`
	Properties  []int64 `json:"properties"`
	Projects    []int64 `json:"projects"`
	Title       Text    `json:"title"`
	Description Text    `json:"description"`
	ShowLogo    bool    `json:"showLogo"`
}

// Gallery is the pictures of a gallery banner or module.
type Gallery struct {
	Images []Image `json:"images"`
}

// Video is a banner video. The file gives either the URL as a string or an
// object {url, mimetype}.
type Video struct {
	URL      string `json:"url"`
	MimeType string `json:"mimetype"`
}

// videoObject is Video without its methods, for the object form.
type videoObject Video

// UnmarshalJSON accepts a URL string, an object {url, mimetype} or null.
func (v *Video) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*v = Video{}
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		*v = Video{}
		return json.Unmarshal(b, &v.URL)
	}
	var o videoObject
	if err := json.Unmarshal(b, &o); err != nil {
		return fmt.Errorf("video: want a URL string or an object {url, mimetype}: %w", err)
	}
	*v = Video(o)
	return nil
}

// MarshalJSON writes the string form when there is no mime type.
func (v Video) MarshalJSON() ([]byte, error) {
	if v.MimeType == "" {
		return json.Marshal(v.URL)
	}
	return json.Marshal(videoObject(v))
}

// SearchBlock is the optional quick search over the home banner. Title and
// Description may hold the placeholders {{forSale}} and {{forRent}}, the
// totals of available listings.
type SearchBlock struct {
	Enabled        bool   `json:"enabled"`
	Title          Text   `json:"title"`
	Description    Text   `json:"description"`
	Logo           string `json:"logo"`
	ShowSaleButton bool   `json:"showSaleButton"`
	ShowRentButton bool   `json:"showRentButton"`
	ShowCounts     bool   `json:"showCounts"`
}

// TitleIn is the title in lang with the totals filled in.
func (s SearchBlock) TitleIn(lang string, forSale, forRent int) string {
	return fill(s.Title.In(lang), map[string]int{"forSale": forSale, "forRent": forRent})
}

// DescriptionIn is the description in lang with the totals filled in.
func (s SearchBlock) DescriptionIn(lang string, forSale, forRent int) string {
	return fill(s.Description.In(lang), map[string]int{"forSale": forSale, "forRent": forRent})
}

var placeholder = regexp.MustCompile(`\{\{\s*([A-Za-z]+)\s*\}\}`)

// fill replaces the {{name}} placeholders found in values; others stay.
func fill(s string, values map[string]int) string {
	return placeholder.ReplaceAllStringFunc(s, func(m string) string {
		if n, ok := values[placeholder.FindStringSubmatch(m)[1]]; ok {
			return strconv.Itoa(n)
		}
		return m
	})
}

// Pop-up publication values.
const (
	PopupYes = "yes"
	PopupNo  = "no"
)

// Popup is the pop-up shown on arrival, at once or after Delay seconds.
type Popup struct {
	IsPublished string `json:"isPublished"`
	Delay       int    `json:"delay"`
	Link        string `json:"link"`
	Title       Text   `json:"title"`
	Description Text   `json:"description"`
	Media       Image  `json:"media"`
}

// Published tells whether the pop-up is shown.
func (p Popup) Published() bool { return p.IsPublished == PopupYes }
