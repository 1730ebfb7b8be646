package main

import (
	"fmt"
	"math"

	"immo/internal/domain/catalog"
)

// details fills the detail groups; which ones are present varies, so the
// site's "shown only when data exists" rules get exercised.
func (b *builder) details(p *catalog.Property, f *facts, ep *float64) {
	building := f.typ != tLand && f.typ != tGarage
	if f.rent || b.chance(0.9) {
		p.Financial = b.financial(f)
	}
	if f.typ != tLand && b.chance(0.95) {
		p.Rooms = b.rooms(f)
	}
	if f.typ == tLand || b.chance(0.95) {
		p.Surfaces = b.surfaces(f)
	}
	if ep != nil && b.chance(0.85) {
		p.EnergyCertificate = b.certificate(f, *ep)
	}
	if building && b.chance(0.8) {
		p.Features = b.features(f)
	}
	if b.chance(0.85) {
		p.Flags = b.flags(f)
	}
	if f.region == flanders || (f.region != luxembourg && b.chance(0.45)) {
		p.Legal = b.legal(f)
	}
	if f.region == flanders || (f.region == wallonia && b.chance(0.55)) {
		p.Flood = b.flood(f)
	}
	if f.region == flanders && building && f.year < 2001 {
		p.Asbestos = &catalog.Asbestos{
			Type: pick(b.r, []tri{
				{"Attestation amiante : présence limitée, sans risque", "Asbestattest: beperkte aanwezigheid, geen risico", "Asbestos certificate: limited presence, no risk"},
				{"Attestation amiante : aucun amiante détecté", "Asbestattest: geen asbest vastgesteld", "Asbestos certificate: no asbestos found"},
			}).text(),
			Date: fmt.Sprintf("2025-%02d-%02d", b.intn(1, 12), b.intn(1, 28)),
		}
	}
	if building && b.chance(0.55) || f.region == flanders {
		p.Certificates = &catalog.Certificates{Electricity: bp(f.year > 1985 || f.reno > 0)}
		if building {
			p.Certificates.Gas = bp(true)
		}
		if f.region == flanders {
			p.Certificates.Ground = bp(true)
		}
	}
	if f.viager != nil {
		p.LifeAnnuity = &catalog.LifeAnnuity{Bouquet: f.viager.bouquet, MonthlyRent: f.viager.rent, Occupied: bp(true), HeadAges: f.viager.ages[:]}
	}
	if b.chance(0.8) {
		p.Availability = pick(b.r, availabilities).text()
	}
	if b.chance(0.95) {
		m := managers[b.r.IntN(len(managers))]
		p.Manager = &m
	}
	if b.chance(0.3) {
		docs := documentsFor(f)
		n := min(b.intn(1, 3), len(docs))
		start := b.r.IntN(len(docs))
		for i := range n {
			b.docID++
			p.Documents = append(p.Documents, catalog.Document{ID: b.docID, Name: docs[(start+i)%len(docs)].text()})
		}
	}
}

// documentsFor lists the documents that make sense for a listing.
func documentsFor(f *facts) []tri {
	docs := []tri{docCadastral}
	switch f.typ {
	case tLand:
		return append(docs, docSoil)
	case tGarage:
		return docs
	case tApartment, tStudio:
		docs = append(docs, docCoOwnership)
	}
	if f.label != "" {
		docs = append(docs, docEPC)
	}
	if f.region == flanders {
		docs = append(docs, docSoil)
	}
	return append(docs, docPlans, docElectrical)
}

func (b *builder) financial(f *facts) *catalog.Financial {
	if f.rent {
		fin := &catalog.Financial{MonthlyRent: f.price, ChargesRenter: f.charges, Deposit: 3 * f.price, TotalCost: f.price + f.charges}
		if b.chance(0.5) {
			fin.Inventory = round(rf(b.r, 150, 250), 10)
		}
		return fin
	}
	fin := &catalog.Financial{}
	if f.region != luxembourg {
		ci := map[int]float64{
			tHouse: f.living * rf(b.r, 5.5, 9), tApartment: f.living * rf(b.r, 7, 10), tStudio: rf(b.r, 350, 600),
			tLand: rf(b.r, 20, 60), tInvestment: f.living * rf(b.r, 5, 7), tCommercial: f.living * rf(b.r, 8, 12), tGarage: rf(b.r, 90, 180),
		}[f.typ]
		fin.CadastralIncome = math.Round(ci)
		fin.RealEstateTax = math.Round(ci * 0.95)
	}
	fin.NotaryFees = round(f.price*0.009+1500, 10)
	fin.NotaryFeesVAT = round(fin.NotaryFees*1.21, 10)
	rate := map[region]float64{wallonia: 0.125, brussels: 0.125, flanders: 0.12, luxembourg: 0.07}[f.region]
	if f.region == flanders && (f.typ == tHouse || f.typ == tApartment || f.typ == tStudio) {
		rate = 0.02 // sole own home
	}
	fin.RegistrationRights = round(f.price*rate, 10)
	if f.newBuild {
		fin.VATRegime = true
		fin.VATValue = 21
		fin.RegistrationRights = round(f.price*0.3*rate, 10) // on the land share only
	}
	if f.typ == tApartment || f.typ == tStudio {
		fin.ChargesOwner = round(rf(b.r, 60, 220), 5)
		if b.chance(0.25) {
			fin.GaragePrice = round(rf(b.r, 15000, 25000), 500)
		} else if b.chance(0.15) {
			fin.ParkingPrice = round(rf(b.r, 10000, 18000), 500)
		}
	}
	return fin
}

func (b *builder) rooms(f *facts) *catalog.Rooms {
	r := b.r
	switch f.typ {
	case tHouse:
		floors := 2
		switch f.sub.name[0] {
		case "Bungalow":
			floors = 1
		case "Maison de maître":
			floors = 3
		}
		return &catalog.Rooms{Bedrooms: f.bedrooms, Bathrooms: f.baths, ShowerRooms: r.IntN(2), Toilets: b.intn(1, 3),
			Garages: f.garages, Parkings: r.IntN(3), Floors: floors, Facades: f.facades, ExtraRooms: r.IntN(3)}
	case tApartment:
		rm := &catalog.Rooms{Bedrooms: f.bedrooms, Bathrooms: f.baths, ShowerRooms: r.IntN(2), Toilets: b.intn(1, 2),
			Floors: f.floor + b.intn(1, 3), Facades: 2}
		if f.parking {
			rm.Parkings = 1
		}
		return rm
	case tStudio:
		return &catalog.Rooms{ShowerRooms: 1, Toilets: 1, Floors: f.floor + b.intn(1, 3)}
	case tInvestment:
		return &catalog.Rooms{Bedrooms: f.bedrooms, Bathrooms: f.baths, Toilets: f.units, Floors: b.intn(3, 4), Facades: b.intn(2, 3), Garages: r.IntN(3)}
	case tCommercial:
		rm := &catalog.Rooms{Toilets: b.intn(1, 2), Floors: b.intn(1, 2), Facades: 2}
		if f.parking {
			rm.Parkings = b.intn(2, 6)
		}
		return rm
	default:
		if f.sub.name[0] == "Parking" {
			return &catalog.Rooms{Parkings: 1}
		}
		return &catalog.Rooms{Garages: 1}
	}
}

func (b *builder) surfaces(f *facts) *catalog.Surfaces {
	switch f.typ {
	case tHouse:
		return &catalog.Surfaces{Total: round(f.living*1.15, 1), Living: f.living, Ground: f.ground, Terrace: f.terrace,
			Garden: f.garden, Constructed: round(f.living*0.6, 1), FrontWidth: f.front, PlotWidth: round(f.front*rf(b.r, 1.4, 2.5), 0.1)}
	case tApartment, tStudio:
		return &catalog.Surfaces{Total: round(f.living*1.1, 1), Living: f.living, Terrace: f.terrace}
	case tLand:
		return &catalog.Surfaces{Ground: f.ground, FrontWidth: f.front, PlotWidth: f.front}
	case tInvestment:
		return &catalog.Surfaces{Total: round(f.living*1.2, 1), Living: f.living, Ground: f.ground, Constructed: round(f.ground*0.6, 1), FrontWidth: f.front}
	case tCommercial:
		return &catalog.Surfaces{Total: round(f.living*1.1, 1), Living: f.living}
	default:
		return &catalog.Surfaces{Total: f.living}
	}
}

func (b *builder) certificate(f *facts, ep float64) *catalog.EnergyCertificate {
	issued := b.intn(2016, 2026)
	month, day := b.intn(1, 12), b.intn(1, 28)
	c := &catalog.EnergyCertificate{
		Value:   ep,
		Total:   math.Round(ep * f.living),
		Label:   f.label,
		EndDate: fmt.Sprintf("%d-%02d-%02d", issued+10, month, day),
		CO2:     math.Round(math.Max(ep, 0) * 0.21),
	}
	serial := b.intn(100000, 999999)
	switch f.region {
	case flanders:
		c.ELevel = math.Max(10, math.Round(ep*0.35))
		c.Number = fmt.Sprintf("%d%02d%02d-0002%06d-RES-1", issued, month, day, serial)
	case brussels:
		c.Number = fmt.Sprintf("%d%02d%02d-0000%06d-01-4", issued, month, day, serial)
	case luxembourg:
		c.Number = fmt.Sprintf("LU-%d-%06d", issued, serial)
	default:
		c.Number = fmt.Sprintf("%d%02d%02d%06d", issued, month, day, serial)
	}
	return c
}

func (b *builder) features(f *facts) *catalog.Features {
	r := b.r
	ft := &catalog.Features{
		Heating:       pick(r, heatings).text(),
		WindowGlazing: glazings[0].text(),
		FloorCovering: pick(r, floorings).text(),
	}
	switch {
	case f.newBuild || f.year >= 2019:
		ft.Heating = heatings[2].text()
		ft.WindowGlazing = glazings[1].text()
	case f.year < 1960 && f.reno == 0 && r.IntN(2) == 0:
		ft.WindowGlazing = glazings[2].text()
	}
	if f.typ == tCommercial {
		return ft
	}
	ft.Kitchen = pick(r, kitchens).text()
	ft.WindowFrame = pick(r, frames).text()
	if f.typ == tHouse || f.typ == tInvestment {
		ft.RoofMaterial = roofMaterials[r.IntN(2)].text()
		cond := roofConditions[r.IntN(2)]
		if f.newBuild || f.reno > 2015 {
			cond = roofConditions[2]
		}
		ft.RoofCondition = cond.text()
		ft.RearOrientation = pick(r, orientations)
	}
	if f.garden > 0 {
		ft.GardenOrientation = f.orient
	}
	if f.terrace > 0 {
		ft.TerraceOrientation = f.orient
	}
	return ft
}

func (b *builder) flags(f *facts) *catalog.Flags {
	fl := &catalog.Flags{Water: bp(true), Electricity: bp(true)}
	switch f.typ {
	case tLand:
		fl.Gas = bp(b.chance(0.5))
		fl.Drain = bp(true)
		return fl
	case tGarage:
		fl.Water = nil
		return fl
	}
	fl.Gas = bp(b.chance(0.6))
	fl.Drain = bp(true)
	fl.Cellar = bp(f.cellar)
	fl.Terrace = bp(f.terrace > 0)
	fl.Garden = bp(f.garden > 0)
	fl.Garage = bp(f.garages > 0)
	fl.Parking = bp(f.parking)
	switch f.typ {
	case tHouse:
		fl.Attic = bp(f.sub.name[0] != "Bungalow")
		fl.Pool = bp(f.sub.name[0] == "Villa" && b.chance(0.5))
	case tApartment, tStudio:
		fl.Lift = bp(f.lift)
		fl.Furnished = bp(f.furnish)
	}
	return fl
}

func (b *builder) legal(f *facts) *catalog.Legal {
	l := &catalog.Legal{
		Permit:              tri{"Permis d'urbanisme délivré", "Stedenbouwkundige vergunning uitgereikt", "Planning permission granted"}.text(),
		PlanningDesignation: tri{"Zone d'habitat", "Woongebied", "Residential area"}.text(),
	}
	if f.region == wallonia && b.chance(0.5) {
		l.PlanningDesignation = tri{"Zone d'habitat à caractère rural", "Woongebied met landelijk karakter", "Rural residential area"}.text()
	}
	if f.region == flanders || b.chance(0.5) {
		l.PreemptiveRights = bp(false)
		l.Summons = bp(false)
		l.JudicialDecision = bp(false)
		l.AllotmentPermit = bp(f.typ == tLand && b.chance(0.5))
	}
	return l
}

func (b *builder) flood(f *facts) *catalog.Flood {
	if f.region == flanders {
		return &catalog.Flood{
			GScore:       "A",
			PScore:       pick(b.r, []string{"A", "A", "B"}),
			RiskArea:     tri{"Pas situé en zone inondable", "Niet gelegen in overstromingsgevoelig gebied", "Not located in a flood-prone area"}.text(),
			RiparianZone: bp(false),
		}
	}
	zone := tri{"Hors zone d'aléa d'inondation", "Buiten overstromingsgebied", "Outside any flood hazard zone"}
	if b.chance(0.25) {
		zone = tri{"Aléa d'inondation faible", "Laag overstromingsrisico", "Low flood hazard"}
	}
	return &catalog.Flood{ZoneName: zone.text(), RiparianZone: bp(false)}
}
