// Package catalog holds the agency's listings (properties, projects, types,
// cities) and the queries visitors run over them. It imports no HTTP and no
// SQL: storage fills it, HTTP serves it.
package catalog

import (
	"strings"
	"time"

	"immo/internal/domain/rules"
)

// Goal values as the seed uses them: 0 is for sale, anything else for rent
// (the embedded data uses 1).
const (
	GoalSale = 0
	GoalRent = 1
)

// Status of a listing. Only available listings appear in the sale and rent
// lists; sold and rented ones appear in the sold/rented list.
const (
	StatusAvailable = "available"
	StatusSold      = "sold"
	StatusRented    = "rented"
)

// PriceUnitFrom is the PriceUnit of a "from" price: the lowest of the
// listing's prices (SPEC §9's starting-from prefix).
const PriceUnitFrom = 7

// Country ids the rules care about.
const (
	CountryBelgium    = 10
	CountryLuxembourg = 50
)

// Text is content in several languages, keyed by lower-case language code.
// German fields may be empty; see Text.In for the fallback.
type Text map[string]string

// In returns the text in lang, falling back to fr, then en, then any.
func (t Text) In(lang string) string {
	s, _ := t.Pick(lang)
	return s
}

// Pick is In that also says which language the text is written in, so a
// view can mark a fallback with its lang attribute. Both are "" when no
// language has the text.
func (t Text) Pick(lang string) (text, in string) {
	for _, l := range []string{lang, "fr", "en", "nl", "de"} {
		if s := t[l]; strings.TrimSpace(s) != "" {
			return s, l
		}
	}
	return "", ""
}

// Picture is one image of a listing. Url is a path on our own server (or a
// picture CDN when configured).
type Picture struct {
	ID     int64  `json:"ID,omitempty"`
	Name   string `json:"Name,omitempty"`
	Url    string `json:"Url"`
	Width  int    `json:"Width,omitempty"`
	Height int    `json:"Height,omitempty"`
}

// Property is one listing, in the seed's own field names (SPEC §3).
type Property struct {
	ID              int64  `json:"ID"`
	Goal            int    `json:"Goal"`
	TypeDescription string `json:"TypeDescription"`
	MainTypeName    string `json:"MainTypeName"`
	WebID           int    `json:"WebID"`
	WebIDs          string `json:"WebIDs"`
	Language        string `json:"Language,omitempty"`
	RecordFile      string `json:"RecordFile,omitempty"`

	Price         float64 `json:"Price"`
	PublishPrice  bool    `json:"PublishPrice"`
	PriceUnit     int     `json:"PriceUnit"`
	PriceUnitText string  `json:"PriceUnitText,omitempty"`

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

	SmallPictureItem  Picture   `json:"SmallPictureItem"`
	XLargePictureItem Picture   `json:"XLargePictureItem"`
	Pictures          []Picture `json:"Pictures,omitempty"`

	Title Text `json:"Title,omitempty"`

	Status       string    `json:"Status"`
	DateCreated  time.Time `json:"DateCreated"`
	DateModified time.Time `json:"DateModified,omitempty"`
	Reference    string    `json:"Reference,omitempty"`
	VirtualTour  string    `json:"VirtualTour,omitempty"`

	ConstructionYear int `json:"ConstructionYear,omitempty"`
	RenovationYear   int `json:"RenovationYear,omitempty"`

	Rooms             *Rooms             `json:"Rooms,omitempty"`
	Surfaces          *Surfaces          `json:"Surfaces,omitempty"`
	EnergyCertificate *EnergyCertificate `json:"EnergyCertificate,omitempty"`
	Manager           *Manager           `json:"Manager,omitempty"`
	Documents         []Document         `json:"Documents,omitempty"`

	Details // what only the property's own page shows (details.go)
}

// Financial holds the detail labels about money (SPEC §3 detail labels, tax and fees).
type Financial struct {
	MonthlyRent        float64 `json:"MonthlyRent,omitempty"`
	ChargesOwner       float64 `json:"ChargesOwner,omitempty"`
	ChargesRenter      float64 `json:"ChargesRenter,omitempty"`
	TotalCost          float64 `json:"TotalCost,omitempty"`
	AgencyCost         float64 `json:"AgencyCost,omitempty"`
	Inventory          float64 `json:"Inventory,omitempty"`
	Deposit            float64 `json:"Deposit,omitempty"`
	GaragePrice        float64 `json:"GaragePrice,omitempty"`
	ParkingPrice       float64 `json:"ParkingPrice,omitempty"`
	RealEstateTax      float64 `json:"RealEstateTax,omitempty"`
	CadastralIncome    float64 `json:"CadastralIncome,omitempty"`
	NotaryFees         float64 `json:"NotaryFees,omitempty"`
	NotaryFeesVAT      float64 `json:"NotaryFeesVAT,omitempty"`
	RegistrationRights float64 `json:"RegistrationRights,omitempty"`
	VATRegime          bool    `json:"VATRegime,omitempty"`
	VATValue           float64 `json:"VATValue,omitempty"`
}

// Rooms counts the rooms of a property.
type Rooms struct {
	Bedrooms         int `json:"Bedrooms,omitempty"`
	Bathrooms        int `json:"Bathrooms,omitempty"`
	ShowerRooms      int `json:"ShowerRooms,omitempty"`
	Toilets          int `json:"Toilets,omitempty"`
	Garages          int `json:"Garages,omitempty"`
	Parkings         int `json:"Parkings,omitempty"`
	ExternalParkings int `json:"ExternalParkings,omitempty"`
	Floors           int `json:"Floors,omitempty"`
	Facades          int `json:"Facades,omitempty"`
	ExtraRooms       int `json:"ExtraRooms,omitempty"`
}

// Surfaces in square metres, widths in metres.
type Surfaces struct {
	Total       float64 `json:"SurfaceTotal,omitempty"`
	Living      float64 `json:"SurfaceLiving,omitempty"`
	Ground      float64 `json:"SurfaceGround,omitempty"`
	Terrace     float64 `json:"SurfaceTerrace,omitempty"`
	Garden      float64 `json:"SurfaceGarden,omitempty"`
	Constructed float64 `json:"SurfaceConstructed,omitempty"`
	FrontWidth  float64 `json:"FrontWidth,omitempty"`
	PlotWidth   float64 `json:"PlotWidth,omitempty"`
}

// EnergyCertificate is the EPC certificate.
type EnergyCertificate struct {
	Value   float64 `json:"EPCValue,omitempty"`
	Total   float64 `json:"EPCTotal,omitempty"`
	Label   string  `json:"EPCLabel,omitempty"`
	EndDate string  `json:"EPCEndDate,omitempty"`
	CO2     float64 `json:"CO2Emission,omitempty"`
	ELevel  float64 `json:"ELevel,omitempty"`
	Number  string  `json:"EPCNumber,omitempty"`
}

// Features describes the building; values are free text from the agency.
type Features struct {
	Heating            Text   `json:"HeatingType,omitempty"`
	Kitchen            Text   `json:"Kitchen,omitempty"`
	WindowGlazing      Text   `json:"WindowGlazing,omitempty"`
	WindowFrame        Text   `json:"WindowFrame,omitempty"`
	RoofMaterial       Text   `json:"RoofMaterial,omitempty"`
	RoofCondition      Text   `json:"RoofCondition,omitempty"`
	FloorCovering      Text   `json:"FloorCovering,omitempty"`
	TerraceOrientation string `json:"TerraceOrientation,omitempty"`
	GardenOrientation  string `json:"GardenOrientation,omitempty"`
	RearOrientation    string `json:"RearOrientation,omitempty"`
}

// Flags are yes/no facts; nil means unknown.
type Flags struct {
	Gas         *bool `json:"Gas,omitempty"`
	Water       *bool `json:"Water,omitempty"`
	Electricity *bool `json:"Electricity,omitempty"`
	Drain       *bool `json:"Drain,omitempty"`
	Lift        *bool `json:"Lift,omitempty"`
	Cellar      *bool `json:"Cellar,omitempty"`
	Terrace     *bool `json:"Terrace,omitempty"`
	Garden      *bool `json:"Garden,omitempty"`
	Attic       *bool `json:"Attic,omitempty"`
	Furnished   *bool `json:"Furnished,omitempty"`
	Garage      *bool `json:"Garage,omitempty"`
	Parking     *bool `json:"Parking,omitempty"`
	Pool        *bool `json:"Pool,omitempty"`
}

// Legal holds the planning and legal information Belgian law requires.
type Legal struct {
	Permit              Text  `json:"Permit,omitempty"`
	AllotmentPermit     *bool `json:"AllotmentPermit,omitempty"`
	Summons             *bool `json:"Summons,omitempty"`
	PreemptiveRights    *bool `json:"PreemptiveRights,omitempty"`
	JudicialDecision    *bool `json:"JudicialDecision,omitempty"`
	PlanningDesignation Text  `json:"PlanningDesignation,omitempty"`
}

// Flood holds the flood-risk information.
type Flood struct {
	ZoneName     Text   `json:"FloodZoneName,omitempty"`
	GScore       string `json:"GScore,omitempty"`
	PScore       string `json:"PScore,omitempty"`
	RiskArea     Text   `json:"RiskAreaText,omitempty"`
	RiparianZone *bool  `json:"RiparianZone,omitempty"`
}

// Asbestos is the asbestos certificate.
type Asbestos struct {
	Type Text   `json:"AsbestosType,omitempty"`
	Date string `json:"AsbestosDate,omitempty"`
}

// Certificates are the conformity certificates (yes/no, nil unknown).
type Certificates struct {
	Gas         *bool `json:"GasCertificate,omitempty"`
	Electricity *bool `json:"ElectricityCertificate,omitempty"`
	Ground      *bool `json:"GroundCertificate,omitempty"`
}

// LifeAnnuity is the data of a sale in viager.
type LifeAnnuity struct {
	Bouquet     float64 `json:"Bouquet,omitempty"`
	MonthlyRent float64 `json:"MonthlyAnnuity,omitempty"`
	Occupied    *bool   `json:"Occupied,omitempty"`
	HeadAges    []int   `json:"HeadAges,omitempty"`
}

// Manager is the agent in charge of a listing.
type Manager struct {
	Name  string `json:"Name"`
	Phone string `json:"Phone,omitempty"`
	Email string `json:"Email,omitempty"`
}

// Document is a file a visitor can request.
type Document struct {
	ID   int64 `json:"ID"`
	Name Text  `json:"Name"`
}

// PointOfInterest is something near the property, with its distance in metres.
type PointOfInterest struct {
	Kind     string  `json:"Kind"`
	Name     string  `json:"Name"`
	Distance float64 `json:"Distance"`
}

// IsSale tells whether the property is for sale (Goal 0).
func (p *Property) IsSale() bool { return p.Goal == GoalSale }

// CountryCode is a feed's CountryID as ISO 3166-1 alpha-2 ("BE",
// "LU"), "" for another; a feed that states no country is the Belgian
// agency's.
func CountryCode(countryID int) string {
	switch countryID {
	case CountryBelgium, 0:
		return "BE"
	case CountryLuxembourg:
		return "LU"
	}
	return ""
}

// Postcode is the listing's postal code qualified by its country
// (rules.Postcode), as the agency's zones and the demands hold them; "" in
// another country. A feed that states no country is the Belgian agency's.
func (p *Property) Postcode() string {
	if c := CountryCode(p.CountryID); c != "" {
		return rules.Postcode(c, p.Zip)
	}
	return ""
}

// Bedrooms is the bedroom count, 0 when unknown.
func (p *Property) Bedrooms() int {
	if p.Rooms == nil {
		return 0
	}
	return p.Rooms.Bedrooms
}

// LivingSurface is the living surface in m², else the total, 0 when
// neither is stated.
func (p *Property) LivingSurface() float64 {
	if p.Surfaces == nil {
		return 0
	}
	if p.Surfaces.Living > 0 {
		return p.Surfaces.Living
	}
	return p.Surfaces.Total
}
