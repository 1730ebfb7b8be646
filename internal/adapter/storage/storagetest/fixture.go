package storagetest

import (
	"fmt"
	"time"

	"immo/internal/domain/catalog"
)

func ptr[T any](v T) *T { return &v }

// cet is deliberately not UTC: a store must keep the instant, whatever the
// zone it comes back in.
var cet = time.FixedZone("CET", 3600)

func types() []catalog.PropertyType {
	return []catalog.PropertyType{
		{ID: 1, WebID: 101, Name: catalog.Text{"fr": "Maison", "nl": "Huis", "en": "House", "de": "Haus"}, ShowOrder: 1, Sale: true, Rent: true},
		{ID: 2, WebID: 102, Name: catalog.Text{"fr": "Appartement", "nl": "Appartement", "en": "Flat"}, ShowOrder: 2, Sale: true, Rent: true},
		{ID: 3, WebID: 103, Name: catalog.Text{"fr": "Terrain", "nl": "Grond", "en": "Land"}, ShowOrder: 3, Sale: true},
	}
}

// richProperty fills every field and detail group, with the awkward values
// a JSON round trip can lose: false and true behind pointers, non-ASCII and
// HTML in texts, fractional floats, nanoseconds and a non-UTC zone.
func richProperty(id int64) catalog.Property {
	return catalog.Property{
		ID: id, Goal: catalog.GoalSale, TypeDescription: "Maison", MainTypeName: "House",
		WebID: 101, WebIDs: "101,102", Language: "fr", RecordFile: "rec-42",
		Price: 412345.67, PublishPrice: true, PriceUnit: 1, PriceUnitText: "€",
		Marquee: 2, MarqueeName: "Nouveau",
		PublishAddress: true, Street: "Rue de l'Étuve", HouseNumber: "12", BoxNr: "b3",
		Zip: "1000", City: "Bruxelles", CountryID: catalog.CountryBelgium, CountryName: "Belgique",
		Latitude: 50.8450267, Longitude: 4.3499856,
		EnergyPerformance: ptr(123.4), EPCLabelText: "B",
		SmallPictureItem:  catalog.Picture{ID: 1, Name: "small", Url: "/pictures/1-s.jpg", Width: 320, Height: 240},
		XLargePictureItem: catalog.Picture{ID: 2, Name: "xl", Url: "/pictures/1-xl.jpg", Width: 1920, Height: 1080},
		Pictures: []catalog.Picture{
			{ID: 3, Url: "/pictures/1-a.jpg", Width: 800, Height: 600},
			{ID: 4, Name: "façade", Url: "/pictures/1-b.jpg"},
		},
		Title:            catalog.Text{"fr": "Belle maison <b>&</b> jardin", "nl": "Mooi huis", "en": "Nice house", "de": ""},
		Status:           catalog.StatusAvailable,
		DateCreated:      time.Date(2024, 3, 1, 9, 30, 15, 123456789, cet),
		DateModified:     time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC),
		Reference:        "REF-42",
		VirtualTour:      "https://tour.example/42",
		ConstructionYear: 1930, RenovationYear: 2015,
		Rooms: &catalog.Rooms{Bedrooms: 3, Bathrooms: 1, ShowerRooms: 1, Toilets: 2, Garages: 1,
			Parkings: 2, ExternalParkings: 1, Floors: 2, Facades: 3, ExtraRooms: 1},
		Surfaces: &catalog.Surfaces{Total: 250.5, Living: 180, Ground: 400, Terrace: 12.25, Garden: 150,
			Constructed: 200, FrontWidth: 8.5, PlotWidth: 10},
		EnergyCertificate: &catalog.EnergyCertificate{Value: 123.4, Total: 24680, Label: "B",
			EndDate: "2034-05-01", CO2: 25.5, ELevel: 60, Number: "20240501-0001"},
		Manager: &catalog.Manager{Name: "Anne Dupont", Phone: "+32 2 123 45 67", Email: "anne@example.be"},
		Documents: []catalog.Document{
			{ID: 7, Name: catalog.Text{"fr": "PEB", "nl": "EPC"}},
			{ID: 8, Name: catalog.Text{"fr": "Plan"}},
		},
		Details: catalog.Details{
			Description:  catalog.Text{"fr": "Ligne 1\nLigne 2 « guillemets »", "nl": "Beschrijving"},
			Availability: catalog.Text{"fr": "À l'acte", "en": "At deed"},
			Financial: &catalog.Financial{
				MonthlyRent: 1, ChargesOwner: 2, ChargesRenter: 3, TotalCost: 4, AgencyCost: 5, Inventory: 6,
				Deposit: 7, GaragePrice: 8, ParkingPrice: 9, RealEstateTax: 10, CadastralIncome: 1234.5,
				NotaryFees: 11, NotaryFeesVAT: 12, RegistrationRights: 13, VATRegime: true, VATValue: 21,
			},
			Features: &catalog.Features{
				Heating: catalog.Text{"fr": "Gaz", "nl": "Gas"}, Kitchen: catalog.Text{"fr": "Équipée"},
				WindowGlazing: catalog.Text{"fr": "Double"}, WindowFrame: catalog.Text{"fr": "Bois"},
				RoofMaterial: catalog.Text{"fr": "Tuiles"}, RoofCondition: catalog.Text{"fr": "Bon"},
				FloorCovering:      catalog.Text{"fr": "Parquet"},
				TerraceOrientation: "S", GardenOrientation: "SW", RearOrientation: "N",
			},
			Flags: &catalog.Flags{Gas: ptr(true), Water: ptr(true), Electricity: ptr(true), Drain: ptr(false),
				Lift: ptr(false), Cellar: ptr(true), Terrace: ptr(true), Garden: ptr(true), Attic: nil,
				Furnished: ptr(false), Garage: ptr(true), Parking: ptr(true), Pool: ptr(false)},
			Legal: &catalog.Legal{Permit: catalog.Text{"fr": "Permis obtenu"}, AllotmentPermit: ptr(false),
				Summons: ptr(false), PreemptiveRights: ptr(true), JudicialDecision: ptr(false),
				PlanningDesignation: catalog.Text{"fr": "Zone d'habitat"}},
			Flood: &catalog.Flood{ZoneName: catalog.Text{"fr": "Hors zone"}, GScore: "A", PScore: "B",
				RiskArea: catalog.Text{"nl": "Geen risico"}, RiparianZone: ptr(false)},
			Asbestos:     &catalog.Asbestos{Type: catalog.Text{"fr": "Aucun"}, Date: "2023-06-01"},
			Certificates: &catalog.Certificates{Gas: ptr(true), Electricity: ptr(false), Ground: nil},
			LifeAnnuity:  &catalog.LifeAnnuity{Bouquet: 50000, MonthlyRent: 900.5, Occupied: ptr(true), HeadAges: []int{78, 81}},
			PointsOfInterest: []catalog.PointOfInterest{
				{Kind: "school", Name: "École n°1", Distance: 350},
				{Kind: "station", Name: "Bruxelles-Central", Distance: 1200.5},
			},
		},
	}
}

// property is a plain listing; version varies a field so updates show.
func property(id int64, version int) catalog.Property {
	return catalog.Property{
		ID: id, Goal: int(id % 2), Status: catalog.StatusAvailable,
		Street: "Chaussée de Wavre", HouseNumber: fmt.Sprint(id), Zip: "1050", City: "Ixelles",
		CountryID: catalog.CountryBelgium, CountryName: "Belgique",
		Price:       float64(200000 + 1000*version),
		Title:       catalog.Text{"fr": fmt.Sprintf("Bien %d v%d", id, version)},
		DateCreated: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC),
	}
}

func project(id int64, version int) catalog.Project {
	return catalog.Project{
		ID: id, Name: catalog.Text{"fr": fmt.Sprintf("Projet %d v%d", id, version), "nl": "Project"},
		Description: catalog.Text{"fr": "Résidence neuve"}, ProjectNumber: "P-1",
		PublicAddress: true, Street: "Avenue Louise", HouseNumber: "1", Zip: "1050", City: "Ixelles",
		CountryID: catalog.CountryBelgium, CountryName: "Belgique", Latitude: 50.83, Longitude: 4.36,
		SmallPictureItem: catalog.Picture{Url: "/p/s.jpg"}, XLargePictureItem: catalog.Picture{Url: "/p/xl.jpg"},
		Pictures:  []catalog.Picture{{Url: "/p/1.jpg"}},
		Delivery:  catalog.Text{"fr": "2027"},
		PriceFrom: 250000, PriceTo: 600000 + float64(version),
		Constructions: []catalog.Construction{{Name: catalog.Text{"fr": "Bloc A"}, Description: catalog.Text{"fr": "Quatre étages"}}},
		Units: []catalog.Unit{
			{Unit: "A1", Floor: "0", Price: 250000, Surface: 65.5, Bedrooms: 1, Construction: "A", Status: catalog.UnitAvailable},
			{Unit: "A2", Floor: "1", Price: 320000, Surface: 85, Bedrooms: 2, Construction: "A", Status: catalog.UnitSold},
		},
		Documents: []catalog.Document{{ID: 9, Name: catalog.Text{"fr": "Cahier des charges"}}},
		Status:    catalog.StatusAvailable,
	}
}

// sample is a catalog of n plain properties (ids 1..n) plus the rich one
// (id 1000), and the given projects.
func sample(n int, version int, projects ...int64) *catalog.Catalog {
	c := &catalog.Catalog{Types: types()}
	for id := range int64(n) {
		c.Properties = append(c.Properties, property(id+1, version))
	}
	c.Properties = append(c.Properties, richProperty(1000))
	for _, id := range projects {
		c.Projects = append(c.Projects, project(id, version))
	}
	return c
}
