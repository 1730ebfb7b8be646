package catalog

import (
	"math"
	"time"
)

// Card is a property as a list shows it: the seed's field names, one
// language, and nothing a list does not need, so a page of 24 stays small.
type Card struct {
	ID                int64     `json:"ID"`
	Goal              int       `json:"Goal"`
	TypeDescription   string    `json:"TypeDescription"`
	MainTypeName      string    `json:"MainTypeName"`
	WebID             int       `json:"WebID"`
	Price             float64   `json:"Price"`
	PublishPrice      bool      `json:"PublishPrice"`
	PriceUnit         int       `json:"PriceUnit"`
	PriceUnitText     string    `json:"PriceUnitText,omitempty"`
	Marquee           int       `json:"Marquee"`
	MarqueeName       string    `json:"MarqueeName,omitempty"` // in Language; shown only for a code the site does not translate
	Language          string    `json:"Language,omitempty"`
	PublishAddress    bool      `json:"PublishAddress"`
	Street            string    `json:"Street,omitempty"`
	HouseNumber       string    `json:"HouseNumber,omitempty"`
	BoxNr             string    `json:"BoxNr,omitempty"`
	Zip               string    `json:"Zip"`
	City              string    `json:"City"`
	CountryID         int       `json:"CountryID"`
	CountryName       string    `json:"CountryName"`
	Latitude          float64   `json:"Latitude,omitempty"`
	Longitude         float64   `json:"Longitude,omitempty"`
	EnergyPerformance *float64  `json:"EnergyPerformance,omitempty"`
	EPCLabelText      string    `json:"EPCLabelText,omitempty"`
	SmallPictureItem  Picture   `json:"SmallPictureItem"`
	XLargePictureItem Picture   `json:"XLargePictureItem"`
	Title             string    `json:"Title,omitempty"`
	TitleLang         string    `json:"TitleLang,omitempty"` // the title's language when it is not the page's
	Status            string    `json:"Status"`
	DateCreated       time.Time `json:"DateCreated"`
	Bedrooms          int       `json:"Bedrooms,omitempty"`
	Bathrooms         int       `json:"Bathrooms,omitempty"`
	SurfaceLiving     float64   `json:"SurfaceLiving,omitempty"`
	SurfaceGround     float64   `json:"SurfaceGround,omitempty"`
}

// Public returns a copy of p fit to show: the type named in lang, no price
// when the agency does not publish it and, when the agency keeps the address
// private, no street and only a rough position.
func (p *Property) Public(lang string, typeName func(webID int, lang string) string) Property {
	out := *p
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

// Card returns the list form of the public property in lang.
func (p *Property) Card(lang string, typeName func(webID int, lang string) string) Card {
	pub := p.Public(lang, typeName)
	c := Card{
		ID: pub.ID, Goal: pub.Goal, TypeDescription: pub.TypeDescription, MainTypeName: pub.MainTypeName,
		WebID: pub.WebID, Price: pub.Price, PublishPrice: pub.PublishPrice, PriceUnit: pub.PriceUnit,
		PriceUnitText: pub.PriceUnitText, Marquee: pub.Marquee, MarqueeName: pub.MarqueeName, Language: pub.Language,
		PublishAddress: pub.PublishAddress, Street: pub.Street, HouseNumber: pub.HouseNumber, BoxNr: pub.BoxNr,
		Zip: pub.Zip, City: pub.City, CountryID: pub.CountryID, CountryName: pub.CountryName,
		Latitude: pub.Latitude, Longitude: pub.Longitude, EnergyPerformance: pub.EnergyPerformance,
		EPCLabelText: pub.EPCLabelText, SmallPictureItem: pub.SmallPictureItem, XLargePictureItem: pub.XLargePictureItem,
		Status: pub.Status, DateCreated: pub.DateCreated,
	}
	c.Title, c.TitleLang = pub.Title.Pick(lang)
	if c.TitleLang == lang {
		c.TitleLang = ""
	}
	if r := pub.Rooms; r != nil {
		c.Bedrooms, c.Bathrooms = r.Bedrooms, r.Bathrooms
	}
	if s := pub.Surfaces; s != nil {
		c.SurfaceLiving, c.SurfaceGround = s.Living, s.Ground
	}
	return c
}

// roughly rounds a coordinate to about a kilometre, enough for a map of the
// area without pointing at the house.
func roughly(x float64) float64 { return math.Round(x*100) / 100 }
