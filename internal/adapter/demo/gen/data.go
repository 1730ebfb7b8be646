package main

import "immo/internal/domain/catalog"

// tri is a text in French, Dutch and English; German content stays empty.
type tri [3]string

func (t tri) text() catalog.Text {
	return catalog.Text{"fr": t[0], "nl": t[1], "en": t[2], "de": ""}
}

// ptype is one of the seven property types of SPEC §3.
type ptype struct {
	ID   int
	Name [4]string // fr, nl, en, de
}

var types = []ptype{
	{1, [4]string{"Villa/Maison/Ferme", "Villa/Huis/Hoeve", "Villa/House/Farm", "Villa/Haus/Bauernhof"}},
	{2, [4]string{"Appartement", "Appartement", "Apartment", "Wohnung"}},
	{3, [4]string{"Studio", "Studio", "Studio", "Studio"}},
	{4, [4]string{"Terrain", "Grond", "Land", "Grundstück"}},
	{5, [4]string{"Immeuble de rapport", "Opbrengsteigendom", "Investment property", "Renditeobjekt"}},
	{6, [4]string{"Local commercial", "Handelspand", "Commercial premises", "Gewerbefläche"}},
	{7, [4]string{"Garage/parking", "Garage/parking", "Garage/parking", "Garage/Stellplatz"}},
}

// Type ids, as used by the plan below.
const (
	tHouse      = 1
	tApartment  = 2
	tStudio     = 3
	tLand       = 4
	tInvestment = 5
	tCommercial = 6
	tGarage     = 7
)

// subtype is the precise kind shown in titles (MainTypeName is its fr name).
type subtype struct {
	name tri
	fem  bool // French gender, for adjectives
}

var subtypes = map[int][]subtype{
	tHouse: {
		{tri{"Maison", "Woning", "House"}, true},
		{tri{"Villa", "Villa", "Villa"}, true},
		{tri{"Maison de maître", "Herenhuis", "Town house"}, true},
		{tri{"Ferme", "Hoeve", "Farmhouse"}, true},
		{tri{"Bungalow", "Bungalow", "Bungalow"}, false},
	},
	tApartment: {
		{tri{"Appartement", "Appartement", "Apartment"}, false},
		{tri{"Duplex", "Duplex", "Duplex"}, false},
		{tri{"Penthouse", "Penthouse", "Penthouse"}, false},
	},
	tStudio:     {{tri{"Studio", "Studio", "Studio"}, false}},
	tLand:       {{tri{"Terrain", "Grond", "Plot"}, false}},
	tInvestment: {{tri{"Immeuble", "Opbrengstpand", "Building"}, false}},
	tCommercial: {
		{tri{"Commerce", "Handelspand", "Shop"}, false},
		{tri{"Bureau", "Kantoor", "Office"}, false},
	},
	tGarage: {
		{tri{"Garage", "Garage", "Garage"}, false},
		{tri{"Parking", "Parkeerplaats", "Parking space"}, false},
	},
}

// street is a real street of a town; zip overrides the town's (Luxembourg
// zips are per street).
type street struct {
	name string
	zip  string
}

// town is a place the agency lists in.
type town struct {
	City      string
	Zip       string
	CountryID int
	name      tri // the town's name in each language, for texts
	lat, lon  float64
	ref       string // reference prefix
	streets   []street
	pois      []catalog.PointOfInterest // distances are replaced per listing
}

func st(names ...string) []street {
	out := make([]street, len(names))
	for i, n := range names {
		out[i] = street{name: n}
	}
	return out
}

func pois(school, bakery, station, shop string) []catalog.PointOfInterest {
	out := []catalog.PointOfInterest{
		{Kind: "school", Name: school},
		{Kind: "bakery", Name: bakery},
		{Kind: "supermarket", Name: shop},
	}
	if station != "" {
		out = append(out, catalog.PointOfInterest{Kind: "station", Name: station})
	}
	return out
}

var towns = map[string]town{
	"arlon": {"Arlon", "6700", catalog.CountryBelgium, tri{"Arlon", "Aarlen", "Arlon"}, 49.6833, 5.8167, "ARL",
		st("Grand-Rue", "Rue de Diekirch", "Avenue de Longwy", "Rue des Martyrs", "Place Léopold", "Rue de Bastogne",
			"Rue des Faubourgs", "Avenue de Mersch", "Rue de Neufchâteau", "Rue du Marché au Beurre", "Rue Paul Reuter",
			"Avenue Nothomb", "Rue de Sesselich", "Rue de Luxembourg", "Rue Godefroid Kurth", "Rue de Schoppach"),
		pois("Athénée Royal d'Arlon", "Boulangerie de la Grand-Rue", "Gare d'Arlon", "Delhaize Arlon")},
	"messancy": {"Messancy", "6780", catalog.CountryBelgium, tri{"Messancy", "Messancy", "Messancy"}, 49.5920, 5.8190, "MES",
		st("Grand-Rue", "Rue de l'Institut", "Rue des Écoles", "Route d'Arlon", "Rue de Longwy", "Rue du Bois"),
		pois("École communale de Messancy", "Boulangerie du Centre", "Gare de Messancy", "Colruyt Messancy")},
	"aubange": {"Aubange", "6790", catalog.CountryBelgium, tri{"Aubange", "Aubange", "Aubange"}, 49.5667, 5.8050, "AUB",
		st("Rue Haute", "Rue de la Gare", "Rue du Centre", "Rue de Longwy"),
		pois("École communale d'Aubange", "Boulangerie Saint-Jean", "Gare d'Aubange", "Carrefour Market Aubange")},
	"attert": {"Attert", "6717", catalog.CountryBelgium, tri{"Attert", "Attert", "Attert"}, 49.7500, 5.7833, "ATT",
		st("Voie de la Liberté", "Rue des Écoles", "Rue de l'Église", "Rue du Moulin", "Rue de Nobressart"),
		pois("École communale d'Attert", "Boulangerie du Pont", "", "Proxy Delhaize Attert")},
	"habay": {"Habay", "6720", catalog.CountryBelgium, tri{"Habay", "Habay", "Habay"}, 49.7250, 5.6450, "HAB",
		st("Rue de la Gare", "Rue du Châtelet", "Rue de l'Hôtel de Ville", "Rue des Ardennes"),
		pois("Institut Notre-Dame Habay", "Boulangerie du Châtelet", "Gare de Habay", "Intermarché Habay")},
	"etalle": {"Étalle", "6740", catalog.CountryBelgium, tri{"Étalle", "Étalle", "Étalle"}, 49.6750, 5.6000, "ETA",
		st("Grand-Rue", "Rue du Moulin", "Rue de Virton", "Rue des Écoles"),
		pois("École communale d'Étalle", "Boulangerie de la Semois", "", "Carrefour Market Étalle")},
	"virton": {"Virton", "6760", catalog.CountryBelgium, tri{"Virton", "Virton", "Virton"}, 49.5667, 5.5333, "VIR",
		st("Grand-Rue", "Rue Charles Magnette", "Avenue Bouvier", "Rue d'Arlon", "Faubourg d'Arival", "Rue de la Roche"),
		pois("Athénée Royal de Virton", "Boulangerie Gaumaise", "Gare de Virton-Saint-Mard", "Delhaize Virton")},
	"bastogne": {"Bastogne", "6600", catalog.CountryBelgium, tri{"Bastogne", "Bastenaken", "Bastogne"}, 50.0000, 5.7167, "BAS",
		st("Rue du Sablon", "Place McAuliffe", "Rue de Marche", "Chaussée d'Houffalize", "Rue Pierre Thomas"),
		pois("Athénée Royal de Bastogne", "Boulangerie du Sablon", "", "Colruyt Bastogne")},
	"marche": {"Marche-en-Famenne", "6900", catalog.CountryBelgium, tri{"Marche-en-Famenne", "Marche-en-Famenne", "Marche-en-Famenne"}, 50.2275, 5.3444, "MAR",
		st("Rue Porte Haute", "Rue des Brasseurs", "Chaussée de Liège", "Avenue de France", "Rue Victor Libert"),
		pois("Athénée Royal de Marche", "Boulangerie de la Porte Haute", "Gare de Marloie", "Delhaize Marche")},
	"luxembourg": {"Luxembourg", "1930", catalog.CountryLuxembourg, tri{"Luxembourg", "Luxemburg", "Luxembourg City"}, 49.6116, 6.1319, "LUX",
		[]street{{"Avenue de la Liberté", "1930"}, {"Rue de Hollerich", "1740"}, {"Boulevard de la Pétrusse", "2320"}},
		pois("Lycée Aline Mayrisch", "Boulangerie Fischer", "Gare de Luxembourg", "Cactus Hollerich")},
	"strassen": {"Strassen", "8011", catalog.CountryLuxembourg, tri{"Strassen", "Strassen", "Strassen"}, 49.6206, 6.0736, "STR",
		[]street{{"Route d'Arlon", "8011"}},
		pois("École fondamentale de Strassen", "Boulangerie Oberweis", "", "Cactus Strassen")},
	"steinfort": {"Steinfort", "8410", catalog.CountryLuxembourg, tri{"Steinfort", "Steinfort", "Steinfort"}, 49.6611, 5.9192, "STE",
		[]street{{"Route d'Arlon", "8410"}},
		pois("École fondamentale de Steinfort", "Boulangerie Hoffmann", "", "Cactus Steinfort")},
	"bertrange": {"Bertrange", "8077", catalog.CountryLuxembourg, tri{"Bertrange", "Bertrange", "Bertrange"}, 49.6111, 6.0500, "BER",
		[]street{{"Rue de Luxembourg", "8077"}},
		pois("École fondamentale de Bertrange", "Boulangerie Jos & Jean-Marie", "Gare de Bertrange-Strassen", "Auchan La Belle Étoile")},
	"gent": {"Gent", "9000", catalog.CountryBelgium, tri{"Gand", "Gent", "Ghent"}, 51.0543, 3.7174, "GEN",
		st("Korenmarkt", "Veldstraat", "Coupure Links", "Kortrijksesteenweg", "Sint-Pietersnieuwstraat"),
		pois("Sint-Barbaracollege", "Bakkerij Himschoot", "Gent-Sint-Pieters", "Delhaize Gent Zuid")},
	"leuven": {"Leuven", "3000", catalog.CountryBelgium, tri{"Louvain", "Leuven", "Leuven"}, 50.8798, 4.7005, "LEU",
		st("Bondgenotenlaan", "Naamsestraat", "Tiensestraat", "Brusselsestraat"),
		pois("Sint-Pieterscollege", "Bakkerij Vandersanden", "Station Leuven", "Carrefour Market Leuven")},
	"hasselt": {"Hasselt", "3500", catalog.CountryBelgium, tri{"Hasselt", "Hasselt", "Hasselt"}, 50.9307, 5.3325, "HAS",
		st("Grote Markt", "Demerstraat", "Kuringersteenweg", "Koning Albertstraat"),
		pois("Sint-Jozefscollege", "Bakkerij Jacobs", "Station Hasselt", "Colruyt Hasselt")},
	"bruxelles": {"Bruxelles", "1000", catalog.CountryBelgium, tri{"Bruxelles", "Brussel", "Brussels"}, 50.8467, 4.3525, "BXL",
		st("Rue Haute", "Boulevard Anspach", "Rue Antoine Dansaert", "Rue du Marché aux Herbes"),
		pois("Athénée Léon Lepage", "Boulangerie Dandoy", "Gare de Bruxelles-Central", "Delhaize Sainte-Catherine")},
	"ixelles": {"Ixelles", "1050", catalog.CountryBelgium, tri{"Ixelles", "Elsene", "Ixelles"}, 50.8333, 4.3667, "IXE",
		st("Chaussée d'Ixelles", "Rue du Bailli", "Place Flagey", "Rue de la Brasserie"),
		pois("Athénée Royal d'Ixelles", "Boulangerie Flagey", "Gare de Bruxelles-Luxembourg", "Carrefour Express Flagey")},
	"uccle": {"Uccle", "1180", catalog.CountryBelgium, tri{"Uccle", "Ukkel", "Uccle"}, 50.8000, 4.3333, "UCC",
		st("Chaussée d'Alsemberg", "Avenue Brugmann", "Rue Vanderkindere", "Avenue De Fré"),
		pois("Athénée Royal d'Uccle", "Boulangerie Vanderkindere", "Gare d'Uccle-Calevoet", "Delhaize Fort Jaco")},
}

// Region of a listing, by country and postal code (SPEC §9).
type region int

const (
	wallonia region = iota
	flanders
	brussels
	luxembourg
)

func regionOf(countryID int, zip string) region {
	if countryID == catalog.CountryLuxembourg {
		return luxembourg
	}
	n := 0
	for _, ch := range zip {
		n = n*10 + int(ch-'0')
	}
	switch {
	case n >= 1000 && n <= 1299:
		return brussels
	case n >= 1300 && n <= 1499, n >= 4000 && n <= 7999:
		return wallonia
	default:
		return flanders
	}
}

// The agency's agents.
var managers = []catalog.Manager{
	{Name: "Sophie Lambert", Phone: "0478123456", Email: "sophie.lambert@immo-arlon.be"},
	{Name: "Marc Schmit", Phone: "0496234517", Email: "marc.schmit@immo-arlon.be"},
	{Name: "Julie Thiry", Phone: "0472981340", Email: "julie.thiry@immo-arlon.be"},
}

// Multilingual option lists for the building features.
var (
	heatings = []tri{
		{"Gaz naturel (chaudière à condensation)", "Aardgas (condensatieketel)", "Natural gas (condensing boiler)"},
		{"Mazout", "Stookolie", "Heating oil"},
		{"Pompe à chaleur air/eau", "Lucht-waterwarmtepomp", "Air-to-water heat pump"},
		{"Électrique", "Elektrisch", "Electric"},
		{"Chaudière à pellets", "Pelletketel", "Pellet boiler"},
	}
	kitchens = []tri{
		{"Entièrement équipée", "Volledig uitgerust", "Fully equipped"},
		{"Semi-équipée", "Half uitgerust", "Semi-equipped"},
		{"Américaine équipée", "Open ingerichte keuken", "Open-plan fitted kitchen"},
		{"Hyper-équipée avec îlot", "Luxueus uitgerust met eiland", "High-end, with island"},
	}
	glazings = []tri{
		{"Double vitrage", "Dubbele beglazing", "Double glazing"},
		{"Triple vitrage", "Driedubbele beglazing", "Triple glazing"},
		{"Simple vitrage", "Enkele beglazing", "Single glazing"},
	}
	frames = []tri{
		{"PVC", "PVC", "PVC"},
		{"Aluminium", "Aluminium", "Aluminium"},
		{"Bois", "Hout", "Wood"},
	}
	roofMaterials = []tri{
		{"Ardoises naturelles", "Natuurleien", "Natural slate"},
		{"Tuiles", "Dakpannen", "Clay tiles"},
		{"Toiture plate (EPDM)", "Plat dak (EPDM)", "Flat roof (EPDM)"},
	}
	roofConditions = []tri{
		{"Bon état", "Goede staat", "Good condition"},
		{"À rafraîchir", "Op te frissen", "Needs refreshing"},
		{"Neuve", "Nieuw", "New"},
	}
	floorings = []tri{
		{"Carrelage et parquet", "Tegels en parket", "Tiles and parquet"},
		{"Parquet chêne", "Eiken parket", "Oak parquet"},
		{"Carrelage", "Tegels", "Tiles"},
		{"Sol vinyle", "Vinyl", "Vinyl flooring"},
	}
	orientations = []string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

	availabilities = []tri{
		{"Immédiatement", "Onmiddellijk", "Immediately"},
		{"À l'acte", "Bij akte", "On signing of the deed"},
		{"À convenir", "In overleg", "To be agreed"},
		{"Libre au 1er mars 2027", "Vrij vanaf 1 maart 2027", "Available from 1 March 2027"},
		{"Libre au 1er janvier 2027", "Vrij vanaf 1 januari 2027", "Available from 1 January 2027"},
	}
)

// Documents a visitor can request.
var (
	docEPC         = tri{"Certificat PEB", "EPC-certificaat", "EPC certificate"}
	docCadastral   = tri{"Plan cadastral", "Kadastraal plan", "Cadastral plan"}
	docPlans       = tri{"Plans du bien", "Plannen van het pand", "Floor plans"}
	docSoil        = tri{"Attestation du sol", "Bodemattest", "Soil certificate"}
	docCoOwnership = tri{"Règlement de copropriété", "Basisakte", "Co-ownership regulations"}
	docElectrical  = tri{"Rapport de contrôle électrique", "Keuringsverslag elektriciteit", "Electrical inspection report"}
)

// Marquee codes and their French names. 3, 4 and 13 are not shown by the site.
var marqueeNames = map[int]string{
	1:  "Nouveau",
	2:  "Option",
	3:  "Sous compromis",
	4:  "Exclusivité",
	5:  "Prix revu",
	13: "Coup de cœur",
}
