package main

import "immo/internal/domain/catalog"

// planRow asks for one listing per digit of types (the type id; spaces are
// ignored), all in the same town, goal and status.
type planRow struct {
	town   string
	goal   int
	status string
	types  string
	viager bool // the first listing of the row is sold in viager
}

const (
	sale      = catalog.GoalSale
	rent      = catalog.GoalRent
	available = catalog.StatusAvailable
)

// plan is the whole demo catalog: 43 available for sale, 15 available for
// rent in exactly three cities, then 4 sold and 3 rented.
var plan = []planRow{
	// For sale: Arlon and the Walloon towns around it (33).
	{town: "arlon", goal: sale, status: available, types: "1111 2222 3 44 5 6 7"},
	{town: "messancy", goal: sale, status: available, types: "11 4"},
	{town: "aubange", goal: sale, status: available, types: "1 2 6"},
	{town: "attert", goal: sale, status: available, types: "1 4"},
	{town: "habay", goal: sale, status: available, types: "1", viager: true},
	{town: "habay", goal: sale, status: available, types: "1"},
	{town: "etalle", goal: sale, status: available, types: "1 4"},
	{town: "virton", goal: sale, status: available, types: "1 2 5"},
	{town: "bastogne", goal: sale, status: available, types: "1 2"},
	{town: "marche", goal: sale, status: available, types: "1 6"},
	// For sale in the Grand Duchy (4), Flanders (3) and Brussels (3).
	{town: "luxembourg", goal: sale, status: available, types: "2"},
	{town: "strassen", goal: sale, status: available, types: "1"},
	{town: "steinfort", goal: sale, status: available, types: "1"},
	{town: "bertrange", goal: sale, status: available, types: "2"},
	{town: "gent", goal: sale, status: available, types: "2"},
	{town: "leuven", goal: sale, status: available, types: "1"},
	{town: "hasselt", goal: sale, status: available, types: "3"},
	{town: "bruxelles", goal: sale, status: available, types: "2"},
	{town: "ixelles", goal: sale, status: available, types: "3"},
	{town: "uccle", goal: sale, status: available, types: "1"},
	// For rent (15), in three cities.
	{town: "arlon", goal: rent, status: available, types: "2222 11 3 7 6"},
	{town: "messancy", goal: rent, status: available, types: "22 1"},
	{town: "attert", goal: rent, status: available, types: "1 2 7"},
	// Sold and rented.
	{town: "arlon", goal: sale, status: catalog.StatusSold, types: "1 2"},
	{town: "habay", goal: sale, status: catalog.StatusSold, types: "1"},
	{town: "virton", goal: sale, status: catalog.StatusSold, types: "4"},
	{town: "arlon", goal: rent, status: catalog.StatusRented, types: "2 3"},
	{town: "messancy", goal: rent, status: catalog.StatusRented, types: "1"},
}

// Price ranges per type: sale in euros, rent in euros per month.
var saleRange = map[int][2]float64{
	tHouse: {200000, 750000}, tApartment: {150000, 400000}, tStudio: {90000, 160000},
	tLand: {60000, 250000}, tInvestment: {350000, 900000}, tCommercial: {150000, 900000}, tGarage: {15000, 45000},
}

var rentRange = map[int][2]float64{
	tHouse: {1100, 2200}, tApartment: {650, 1400}, tStudio: {500, 700},
	tCommercial: {900, 2500}, tGarage: {60, 120},
}

// EPC values (kWh/m².year) handed out in turn per region, so that every
// label of every region's scale appears (SPEC §9).
var epcValues = map[region][]float64{
	wallonia:   {-8, 30, 62, 140, 0, 220, 300, 380, 470, 620, 44, 80, 165, 250, 335, 420, 505, 710, 120, 190, 275},
	flanders:   {-12, 180, 540, 90, 260, 350, 450},
	brussels:   {-10, 380, 120, 40, 90, 200, 260, 320},
	luxembourg: {95, 120, 170, 210},
}

// epcLabel is the label text of an EPC value in a region.
func epcLabel(reg region, v float64) string {
	type band struct {
		max   float64
		label string
	}
	var scale []band
	switch reg {
	case flanders:
		scale = []band{{-0.001, "A+"}, {100, "A"}, {200, "B"}, {300, "C"}, {400, "D"}, {500, "E"}}
		if v > 500 {
			return "F"
		}
	case brussels:
		scale = []band{{0, "A+"}, {45, "A"}, {95, "B"}, {150, "C"}, {210, "D"}, {275, "E"}, {346, "F"}}
		if v > 346 {
			return "G"
		}
	case luxembourg:
		scale = []band{{45, "A"}, {95, "B"}, {125, "C"}, {180, "D"}, {235, "E"}, {290, "F"}, {355, "G"}, {470, "H"}}
		if v > 470 {
			return "I"
		}
	default:
		scale = []band{{0, "A++"}, {45, "A+"}, {85, "A"}, {170, "B"}, {255, "C"}, {340, "D"}, {425, "E"}, {510, "F"}}
		if v > 510 {
			return "G"
		}
	}
	for _, b := range scale {
		if v <= b.max {
			return b.label
		}
	}
	return scale[len(scale)-1].label
}
