package catalog

import "math"

// The public views of a listing. A stored Property or Project holds
// whatever the feed sends; what a visitor's browser or an API client gets is
// only what these types list, field by field. A field added to the stored
// types stays private until it is added here (but for Details, which
// PublicProperty holds whole: a field added there is public), and
// public_test.go fails until it is classified public or private.

// PublicProperty is a property as its page and the API show it: the type
// named in the page's language, no price when the agency does not publish
// it and, when the agency keeps the address private, no street and only a
// rough position. The JSON names are the seed's.
type PublicProperty struct {
	ID              int64  `json:"ID"`
	Goal            int    `json:"Goal"`
	TypeDescription string `json:"TypeDescription"`
	WebID           int    `json:"WebID"`
	WebIDs          string `json:"WebIDs"`             // the other types the API's type filter matches
	Language        string `json:"Language,omitempty"` // of the feed's texts (MarqueeName)

	Price        float64 `json:"Price"`
	PublishPrice bool    `json:"PublishPrice"`
	PriceUnit    int     `json:"PriceUnit"`

	Marquee     int    `json:"Marquee"`
	MarqueeName string `json:"MarqueeName,omitempty"`

	PublishAddress bool    `json:"PublishAddress"`
	Street         string  `json:"Street"`
	HouseNumber    string  `json:"HouseNumber"`
	BoxNr          string  `json:"BoxNr,omitempty"`
	Zip            string  `json:"Zip"`
	City           string  `json:"City"`
	CountryID      int     `json:"CountryID"`
	CountryName    string  `json:"CountryName"`
	Latitude       float64 `json:"Latitude,omitempty"`
	Longitude      float64 `json:"Longitude,omitempty"`

	EnergyPerformance *float64 `json:"EnergyPerformance,omitempty"`
	EPCLabelText      string   `json:"EPCLabelText,omitempty"`

	XLargePictureItem Picture   `json:"XLargePictureItem"`
	Pictures          []Picture `json:"Pictures,omitempty"`

	Title Text `json:"Title,omitempty"`

	Status      string `json:"Status"`
	Reference   string `json:"Reference,omitempty"`
	VirtualTour string `json:"VirtualTour,omitempty"`

	ConstructionYear int `json:"ConstructionYear,omitempty"`
	RenovationYear   int `json:"RenovationYear,omitempty"`

	Rooms             *Rooms             `json:"Rooms,omitempty"`
	Surfaces          *Surfaces          `json:"Surfaces,omitempty"`
	EnergyCertificate *EnergyCertificate `json:"EnergyCertificate,omitempty"`
	Manager           *Manager           `json:"Manager,omitempty"`
	Documents         []Document         `json:"Documents,omitempty"`

	Details // whole: all of it is public
}

// Card is a property as a list shows it (lists, similar properties, banner
// slides, search suggestions, the API's list items): one language, and only
// what a card reads, so a page of 24 stays small.
type Card struct {
	ID                int64   `json:"ID"`
	Goal              int     `json:"Goal"`
	TypeDescription   string  `json:"TypeDescription"`
	WebID             int     `json:"WebID"`
	Price             float64 `json:"Price"`
	PublishPrice      bool    `json:"PublishPrice"`
	PriceUnit         int     `json:"PriceUnit"`
	Marquee           int     `json:"Marquee"`
	MarqueeName       string  `json:"MarqueeName,omitempty"` // in Language; shown only for a code the site does not translate
	Language          string  `json:"Language,omitempty"`
	Zip               string  `json:"Zip"`
	City              string  `json:"City"`
	SmallPictureItem  Picture `json:"SmallPictureItem"`
	XLargePictureItem Picture `json:"XLargePictureItem"`
	Title             string  `json:"Title,omitempty"`
	TitleLang         string  `json:"TitleLang,omitempty"` // the title's language when it is not the page's
	Status            string  `json:"Status"`
	Bedrooms          int     `json:"Bedrooms,omitempty"`
	Bathrooms         int     `json:"Bathrooms,omitempty"`
	SurfaceLiving     float64 `json:"SurfaceLiving,omitempty"`
	SurfaceGround     float64 `json:"SurfaceGround,omitempty"`
}

// Marker is a property on the site's map frame: its position (rough when
// the address is private), its price and status label, "type – city", the
// card's picture and its page (Href, empty on the property's own page).
type Marker struct {
	ID           int64   `json:"ID"`
	Goal         int     `json:"Goal"`
	Lat          float64 `json:"lat"`
	Lng          float64 `json:"lng"`
	Price        float64 `json:"Price"`
	PublishPrice bool    `json:"PublishPrice"`
	PriceUnit    int     `json:"PriceUnit"`
	Marquee      int     `json:"Marquee"`
	MarqueeName  string  `json:"MarqueeName,omitempty"`
	Language     string  `json:"Language,omitempty"` // of MarqueeName
	Title        string  `json:"title"`
	City         string  `json:"City"`
	Picture      string  `json:"picture,omitempty"`
	Href         string  `json:"href"`
}

// PublicProject is a project as its page and the API show it: without the
// street when the agency keeps the address private.
type PublicProject struct {
	ID                int64          `json:"ID"`
	Name              Text           `json:"Name"`
	Description       Text           `json:"Description,omitempty"`
	ProjectNumber     string         `json:"ProjectNumber,omitempty"`
	PublicAddress     bool           `json:"PublicAddress"`
	Street            string         `json:"Street"`
	HouseNumber       string         `json:"HouseNumber"`
	BoxNr             string         `json:"BoxNr,omitempty"`
	Zip               string         `json:"Zip"`
	City              string         `json:"City"`
	ExternalWeb       string         `json:"ExternalWeb,omitempty"`
	SmallPictureItem  Picture        `json:"SmallPictureItem"`
	XLargePictureItem Picture        `json:"XLargePictureItem"`
	Pictures          []Picture      `json:"Pictures,omitempty"`
	Delivery          Text           `json:"Delivery,omitempty"`
	PriceFrom         float64        `json:"PriceFrom,omitempty"`
	PriceTo           float64        `json:"PriceTo,omitempty"`
	Constructions     []Construction `json:"Constructions,omitempty"`
	Units             []Unit         `json:"Units,omitempty"`
	Documents         []Document     `json:"Documents,omitempty"`
}

// Public returns the property fit to show in lang (typeName names a web id
// in a language, "" when it does not know it).
func (p *Property) Public(lang string, typeName func(webID int, lang string) string) PublicProperty {
	out := PublicProperty{
		ID: p.ID, Goal: p.Goal, TypeDescription: p.TypeDescription, WebID: p.WebID, WebIDs: p.WebIDs, Language: p.Language,
		Price: p.Price, PublishPrice: p.PublishPrice, PriceUnit: p.PriceUnit,
		Marquee: p.Marquee, MarqueeName: p.MarqueeName,
		PublishAddress: p.PublishAddress, Street: p.Street, HouseNumber: p.HouseNumber, BoxNr: p.BoxNr,
		Zip: p.Zip, City: p.City, CountryID: p.CountryID, CountryName: p.CountryName,
		Latitude: p.Latitude, Longitude: p.Longitude,
		EnergyPerformance: p.EnergyPerformance, EPCLabelText: p.EPCLabelText,
		XLargePictureItem: p.XLargePictureItem, Pictures: p.Pictures,
		Title: p.Title, Status: p.Status, Reference: p.Reference, VirtualTour: p.VirtualTour,
		ConstructionYear: p.ConstructionYear, RenovationYear: p.RenovationYear,
		Rooms: p.Rooms, Surfaces: p.Surfaces, EnergyCertificate: p.EnergyCertificate,
		Manager: p.Manager, Documents: p.Documents, Details: p.Details,
	}
	if name := typeName(p.WebID, lang); name != "" {
		out.TypeDescription = name
	}
	if !p.PublishPrice {
		out.Price = 0 // "price on request": the visitor's browser never gets it
	}
	if !p.PublishAddress {
		out.Street, out.HouseNumber, out.BoxNr = "", "", ""
		out.Latitude, out.Longitude = roughly(p.Latitude), roughly(p.Longitude)
	}
	return out
}

// Card returns the list form of the property in lang.
func (p *Property) Card(lang string, typeName func(webID int, lang string) string) Card {
	pub := p.Public(lang, typeName)
	return pub.card(p.SmallPictureItem, lang)
}

// card is the list form of p in lang, with its small picture (which the
// property page does not show, so p does not hold it).
func (p *PublicProperty) card(small Picture, lang string) Card {
	c := Card{
		ID: p.ID, Goal: p.Goal, TypeDescription: p.TypeDescription, WebID: p.WebID,
		Price: p.Price, PublishPrice: p.PublishPrice, PriceUnit: p.PriceUnit,
		Marquee: p.Marquee, MarqueeName: p.MarqueeName, Language: p.Language,
		Zip: p.Zip, City: p.City, SmallPictureItem: small, XLargePictureItem: p.XLargePictureItem,
		Status: p.Status,
	}
	c.Title, c.TitleLang = p.Title.Pick(lang)
	if c.TitleLang == lang {
		c.TitleLang = ""
	}
	if r := p.Rooms; r != nil {
		c.Bedrooms, c.Bathrooms = r.Bedrooms, r.Bathrooms
	}
	if s := p.Surfaces; s != nil {
		c.SurfaceLiving, c.SurfaceGround = s.Living, s.Ground
	}
	return c
}

// Marker is the property's marker without a link or picture: the one its
// own page pins.
func (p *PublicProperty) Marker() Marker {
	return Marker{ID: p.ID, Goal: p.Goal, Lat: p.Latitude, Lng: p.Longitude,
		Price: p.Price, PublishPrice: p.PublishPrice, PriceUnit: p.PriceUnit,
		Marquee: p.Marquee, MarqueeName: p.MarqueeName, Language: p.Language,
		Title: p.TypeDescription + " – " + p.City, City: p.City}
}

// IsSale tells whether the property is for sale (Goal 0).
func (p *PublicProperty) IsSale() bool { return p.Goal == GoalSale }

// Public returns the project fit to show.
func (p *Project) Public() PublicProject {
	out := PublicProject{
		ID: p.ID, Name: p.Name, Description: p.Description, ProjectNumber: p.ProjectNumber,
		PublicAddress: p.PublicAddress, Street: p.Street, HouseNumber: p.HouseNumber, BoxNr: p.BoxNr,
		Zip: p.Zip, City: p.City, ExternalWeb: p.ExternalWeb,
		SmallPictureItem: p.SmallPictureItem, XLargePictureItem: p.XLargePictureItem, Pictures: p.Pictures,
		Delivery: p.Delivery, PriceFrom: p.PriceFrom, PriceTo: p.PriceTo,
		Constructions: p.Constructions, Units: p.Units, Documents: p.Documents,
	}
	if !p.PublicAddress {
		out.Street, out.HouseNumber, out.BoxNr = "", "", ""
	}
	return out
}

// roughly rounds a coordinate to about a kilometre, enough for a map of the
// area without pointing at the house.
func roughly(x float64) float64 { return math.Round(x*100) / 100 }
