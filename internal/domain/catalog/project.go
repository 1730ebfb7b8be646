package catalog

// Project is a new-build project with its units (SPEC §3).
type Project struct {
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
	CountryID         int            `json:"CountryID"`
	CountryName       string         `json:"CountryName"`
	Latitude          float64        `json:"Latitude,omitempty"`
	Longitude         float64        `json:"Longitude,omitempty"`
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
	Status            string         `json:"Status"`
}

// Construction is one building of a project.
type Construction struct {
	Name        Text `json:"Name"`
	Description Text `json:"Description,omitempty"`
}

// Unit states of SPEC §4.
const (
	UnitAvailable = "available"
	UnitSold      = "sold"
	UnitSoldOut   = "soldout"
)

// Unit is one apartment, house or parking of a project.
type Unit struct {
	Unit         string  `json:"Unit"`
	Floor        string  `json:"Floor"`
	Price        float64 `json:"Price"`
	Surface      float64 `json:"Surface"`
	Bedrooms     int     `json:"Bedrooms,omitempty"`
	Construction string  `json:"Construction,omitempty"`
	Status       string  `json:"Status"`
}

// PropertyType is one of the agency's property types (SPEC §3). Name holds
// every language; Sale and Rent tell which goals it allows.
type PropertyType struct {
	ID        int  `json:"ID"`
	WebID     int  `json:"WebID"`
	Name      Text `json:"Name"`
	ShowOrder int  `json:"ShowOrder"`
	Sale      bool `json:"Sale"`
	Rent      bool `json:"Rent"`
}

// City is a place with listings. PropertyCount counts available listings of
// the list it belongs to; SaleCount and RentCount are the derived counts.
type City struct {
	Name          string `json:"Name"`
	Zip           string `json:"Zip"`
	CountryID     int    `json:"CountryID"`
	CountryName   string `json:"CountryName"`
	PropertyCount int    `json:"PropertyCount"`
	SaleCount     int    `json:"SaleCount"`
	RentCount     int    `json:"RentCount"`
}

// Catalog is everything the store holds, as imported or seeded.
type Catalog struct {
	Types      []PropertyType `json:"types"`
	Properties []Property     `json:"properties"`
	Projects   []Project      `json:"projects"`
}
