package main

import (
	"fmt"
	"math"
	"strconv"

	"immo/internal/domain/catalog"
)

// projectDef describes one new-build project; its units are generated.
type projectDef struct {
	name, desc    tri
	number        string
	town          string
	street, house string
	public        bool
	delivery      tri
	buildings     []building
	externalWeb   string
	documents     []tri
	exterior      picKind
	interiors     []picKind
	perM2         float64
}

// building is one construction of a project.
type building struct {
	code     string // unit prefix, "A" gives "A.0.1"
	name     tri
	floors   int // above ground
	perFloor int
	houses   bool // single-storey house units instead of flats
	parkings int  // underground parking units
}

var projectDefs = []projectDef{
	{
		name:   tri{"Résidence Le Belvédère", "Residentie Le Belvédère", "Le Belvédère Residence"},
		desc:   tri{"Deux immeubles à taille humaine sur les hauteurs d'Arlon, avec vue dégagée sur la vallée de la Semois. Appartements d'une à trois chambres avec terrasses généreuses, ascenseur et parkings en sous-sol. Construction basse énergie, pompe à chaleur et panneaux photovoltaïques.", "Twee gebouwen op mensenmaat op de heuvels van Aarlen, met een open zicht op de Semoisvallei. Appartementen met één tot drie slaapkamers, ruime terrassen, lift en ondergrondse parkeerplaatsen. Lage-energiebouw met warmtepomp en zonnepanelen.", "Two human-scale buildings on the heights of Arlon, with open views over the Semois valley. One- to three-bedroom apartments with generous terraces, a lift and underground parking. Low-energy construction with heat pumps and solar panels."},
		number: "P-2025-01", town: "arlon", street: "Rue de Bastogne", house: "112", public: true,
		delivery: tri{"Printemps 2027", "Voorjaar 2027", "Spring 2027"},
		buildings: []building{
			{code: "A", name: tri{"Bloc A", "Blok A", "Block A"}, floors: 3, perFloor: 2, parkings: 2},
			{code: "B", name: tri{"Bloc B", "Blok B", "Block B"}, floors: 2, perFloor: 2},
		},
		externalWeb: "https://www.residence-exemple.be/",
		documents: []tri{
			{"Brochure commerciale", "Verkoopsbrochure", "Sales brochure"},
			{"Cahier des charges", "Lastenboek", "Specifications"},
			{"Plans des appartements", "Plannen van de appartementen", "Apartment floor plans"},
		},
		exterior: kModern, interiors: []picKind{kLiving, kKitchen, kBedroom}, perM2: 3300,
	},
	{
		name:   tri{"Les Jardins de Schoppach", "Les Jardins de Schoppach", "Les Jardins de Schoppach"},
		desc:   tri{"Petite résidence de huit appartements au calme, à deux pas du parc de Schoppach et à dix minutes à pied de la gare. Chaque logement dispose d'un jardin privatif ou d'une terrasse.", "Kleine residentie met acht appartementen in een rustige omgeving, vlak bij het park van Schoppach en op tien minuten wandelen van het station. Elke woning heeft een eigen tuin of terras.", "A small, quiet residence of eight apartments, a stone's throw from Schoppach park and a ten-minute walk from the station. Every home has a private garden or terrace."},
		number: "P-2025-02", town: "arlon", street: "Rue de Schoppach", house: "45", public: true,
		delivery:  tri{"Fin 2026", "Eind 2026", "End of 2026"},
		buildings: []building{{code: "A", name: tri{"Résidence", "Residentie", "Residence"}, floors: 4, perFloor: 2}},
		documents: []tri{{"Brochure commerciale", "Verkoopsbrochure", "Sales brochure"}},
		exterior:  kModern, interiors: []picKind{kKitchen, kBathroom, kLiving}, perM2: 3150,
	},
	{
		name:   tri{"Clos du Moulin", "Clos du Moulin", "Clos du Moulin"},
		desc:   tri{"Six maisons trois façades dans un clos arboré, au cœur du village d'Attert. Trois chambres, jardin orienté sud-ouest et carport pour chaque maison, à quelques minutes de la frontière luxembourgeoise.", "Zes halfopen woningen in een groene doodlopende straat, in het hart van het dorp Attert. Drie slaapkamers, tuin op het zuidwesten en carport bij elke woning, op enkele minuten van de Luxemburgse grens.", "Six semi-detached houses in a leafy close in the heart of the village of Attert. Three bedrooms, a south-west facing garden and a carport for every house, a few minutes from the Luxembourg border."},
		number: "P-2026-03", town: "attert", street: "Rue du Moulin", house: "8", public: false,
		delivery:  tri{"Été 2027", "Zomer 2027", "Summer 2027"},
		buildings: []building{{code: "M", name: tri{"Maisons", "Woningen", "Houses"}, floors: 1, perFloor: 6, houses: true}},
		exterior:  kHouse, interiors: []picKind{kLiving, kBedroom, kKitchen}, perM2: 2500,
	},
	{
		name:   tri{"Résidence Saint-Donat", "Residentie Sint-Donatus", "Saint-Donat Residence"},
		desc:   tri{"Au pied de l'église Saint-Donat, un immeuble contemporain de dix appartements avec commerces au rez-de-chaussée. Finitions haut de gamme, triple vitrage et caves privatives. Emplacements de parking disponibles en option.", "Aan de voet van de Sint-Donatuskerk, een hedendaags gebouw met tien appartementen en handelsruimten op het gelijkvloers. Hoogwaardige afwerking, driedubbele beglazing en privékelders. Parkeerplaatsen optioneel verkrijgbaar.", "At the foot of Saint-Donat church, a contemporary building of ten apartments with shops on the ground floor. High-end finishes, triple glazing and private cellars. Parking spaces available as an option."},
		number: "P-2026-04", town: "arlon", street: "Avenue de Longwy", house: "210", public: true,
		delivery:  tri{"Hiver 2027-2028", "Winter 2027-2028", "Winter 2027-2028"},
		buildings: []building{{code: "A", name: tri{"Immeuble", "Gebouw", "Building"}, floors: 5, perFloor: 2, parkings: 2}},
		documents: []tri{
			{"Brochure commerciale", "Verkoopsbrochure", "Sales brochure"},
			{"Certificat PEB (projet)", "EPB-aangifte (ontwerp)", "EPB declaration (design)"},
		},
		exterior: kModern, interiors: []picKind{kLiving, kKitchen, kBathroom, kBedroom}, perM2: 3400,
	},
}

// Unit statuses handed out in turn, so each one appears.
var unitStatuses = []string{
	catalog.UnitAvailable, catalog.UnitSold, catalog.UnitAvailable, catalog.UnitAvailable,
	catalog.UnitSoldOut, catalog.UnitAvailable, catalog.UnitSold,
}

func (b *builder) projects() []catalog.Project {
	var out []catalog.Project
	statusIdx := 0
	for i, d := range projectDefs {
		id := int64(5200001 + i)
		t := towns[d.town]
		p := catalog.Project{
			ID: id, Name: d.name.text(), Description: d.desc.text(), ProjectNumber: d.number,
			PublicAddress: d.public, Street: d.street, HouseNumber: d.house, Zip: t.Zip, City: t.City,
			CountryID: t.CountryID, CountryName: "Belgique",
			Latitude:    round(t.lat+rf(b.r, -0.008, 0.008), 0.000001),
			Longitude:   round(t.lon+rf(b.r, -0.012, 0.012), 0.000001),
			ExternalWeb: d.externalWeb, Delivery: d.delivery.text(), Status: available,
		}
		for _, bd := range d.buildings {
			p.Constructions = append(p.Constructions, catalog.Construction{
				Name:        bd.name.text(),
				Description: b.constructionText(bd).text(),
			})
			for _, u := range b.units(bd, d.perM2) {
				u.Status = unitStatuses[statusIdx%len(unitStatuses)]
				statusIdx++
				p.Units = append(p.Units, u)
			}
		}
		p.PriceFrom, p.PriceTo = math.Inf(1), 0
		for _, u := range p.Units {
			if u.Bedrooms > 0 {
				p.PriceFrom = math.Min(p.PriceFrom, u.Price)
				p.PriceTo = math.Max(p.PriceTo, u.Price)
			}
		}
		for _, name := range d.documents {
			b.docID++
			p.Documents = append(p.Documents, catalog.Document{ID: b.docID, Name: name.text()})
		}
		used := map[string]bool{}
		for j, k := range append([]picKind{d.exterior}, d.interiors...) {
			pic := b.next(k, used)
			used[pic.File] = true
			p.Pictures = append(p.Pictures, catalog.Picture{ID: id*10 + int64(j+1), Name: pic.Name, Url: pictureURL + pic.File, Width: picW, Height: picH})
		}
		first := p.Pictures[0]
		p.SmallPictureItem = catalog.Picture{ID: first.ID, Name: first.Name, Url: first.Url, Width: 250, Height: 167}
		p.XLargePictureItem = catalog.Picture{ID: first.ID, Name: first.Name, Url: first.Url, Width: picW, Height: picH}
		out = append(out, p)
	}
	return out
}

func (b *builder) constructionText(bd building) tri {
	n := bd.floors * bd.perFloor
	if bd.houses {
		return tri{fmt.Sprintf("%d maisons unifamiliales", n), fmt.Sprintf("%d eengezinswoningen", n), fmt.Sprintf("%d family houses", n)}
	}
	return tri{
		fmt.Sprintf("%d niveaux, %d appartements", bd.floors, n),
		fmt.Sprintf("%d bouwlagen, %d appartementen", bd.floors, n),
		fmt.Sprintf("%d storeys, %d apartments", bd.floors, n),
	}
}

// units lists the flats (or houses) of a building, then its parkings.
func (b *builder) units(bd building, perM2 float64) []catalog.Unit {
	var out []catalog.Unit
	for fl := range bd.floors {
		for k := 1; k <= bd.perFloor; k++ {
			surface := round(rf(b.r, 55, 125), 1)
			if bd.houses {
				surface = round(rf(b.r, 135, 165), 1)
			}
			beds := max(1, min(3, int(surface/40)))
			code := fmt.Sprintf("%s.%d.%d", bd.code, fl, k)
			if bd.houses {
				code = bd.code + strconv.Itoa(k)
			}
			out = append(out, catalog.Unit{
				Unit: code, Floor: strconv.Itoa(fl), Price: round(surface*perM2*(1+0.02*float64(fl)), 1000),
				Surface: surface, Bedrooms: beds, Construction: bd.name[0],
			})
		}
	}
	for k := 1; k <= bd.parkings; k++ {
		out = append(out, catalog.Unit{Unit: fmt.Sprintf("%s.P.%d", bd.code, k), Floor: "-1", Price: 25000, Surface: 13, Construction: bd.name[0]})
	}
	return out
}
