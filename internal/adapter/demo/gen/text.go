package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// facts are what the texts of one listing talk about.
type facts struct {
	typ      int
	sub      subtype
	rent     bool
	town     town
	region   region
	bedrooms int
	baths    int
	living   float64
	ground   float64
	garden   float64
	terrace  float64
	front    float64
	garages  int
	facades  int
	floor    int // apartments and studios
	lift     bool
	cellar   bool
	parking  bool
	year     int
	reno     int
	newBuild bool
	label    string // EPC label text, empty when none
	orient   string // garden or terrace orientation code
	units    int    // investment buildings
	income   float64
	charges  float64
	price    float64
	furnish  bool
	viager   *viager
	poi      []poiDist
}

type viager struct {
	bouquet, rent float64
	ages          [2]int
}

type poiDist struct {
	kind, name string
	dist       float64
}

// Number formatting per language: 1 250 / 1.250 / 1,250.
func num(v float64, lang int) string {
	s := fmt.Sprintf("%d", int64(v+0.5))
	sep := []string{"\u202f", ".", ","}[lang]
	var b strings.Builder
	for i, ch := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(ch)
	}
	return b.String()
}

// deFr is "de Virton" or, before a vowel, "d'Arlon".
func deFr(city string) string {
	if strings.ContainsRune("AEÉIOUY", []rune(city)[0]) {
		return "d'" + city
	}
	return "de " + city
}

// anEn is the English indefinite article for word.
func anEn(word string) string {
	if strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// dist formats a distance: 650 m, 1,2 km (fr, nl) or 1.2 km (en).
func dist(d float64, lang int) string {
	if d < 1000 {
		return fmt.Sprintf("%.0f m", d)
	}
	s := fmt.Sprintf("%.1f km", d/1000)
	if lang < 2 {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// each builds a tri by calling f for fr (0), nl (1) and en (2).
func each(f func(l int) string) tri { return tri{f(0), f(1), f(2)} }

func lower(t tri) tri {
	return tri{strings.ToLower(t[0]), strings.ToLower(t[1]), strings.ToLower(t[2])}
}

var orientNames = map[string]tri{
	"N": {"nord", "noorden", "north"}, "NE": {"nord-est", "noordoosten", "north-east"},
	"E": {"est", "oosten", "east"}, "SE": {"sud-est", "zuidoosten", "south-east"},
	"S": {"sud", "zuiden", "south"}, "SW": {"sud-ouest", "zuidwesten", "south-west"},
	"W": {"ouest", "westen", "west"}, "NW": {"nord-ouest", "noordwesten", "north-west"},
}

func facadeStyle(n int) tri {
	switch n {
	case 4:
		return tri{"quatre façades", "open bebouwing", "detached"}
	case 3:
		return tri{"trois façades", "halfopen bebouwing", "semi-detached"}
	}
	return tri{"deux façades", "gesloten bebouwing", "terraced"}
}

func plural(n int, one, many tri) tri {
	if n == 1 {
		return one
	}
	return many
}

func baths(n int) tri {
	switch n {
	case 1:
		return tri{"une salle de bains", "een badkamer", "one bathroom"}
	case 2:
		return tri{"deux salles de bains", "twee badkamers", "two bathrooms"}
	}
	return tri{fmt.Sprintf("%d salles de bains", n), fmt.Sprintf("%d badkamers", n), fmt.Sprintf("%d bathrooms", n)}
}

func floorPhrase(f int) tri {
	switch f {
	case 0:
		return tri{"au rez-de-chaussée", "op het gelijkvloers", "on the ground floor"}
	case 1:
		return tri{"au 1er étage", "op de 1ste verdieping", "on the 1st floor"}
	}
	nl, en := "de", "th"
	if f == 8 {
		nl = "ste"
	}
	switch f {
	case 2:
		en = "nd"
	case 3:
		en = "rd"
	}
	return tri{fmt.Sprintf("au %de étage", f), fmt.Sprintf("op de %d%s verdieping", f, nl), fmt.Sprintf("on the %d%s floor", f, en)}
}

// title is the short headline of a listing.
func title(f *facts, r *rand.Rand) tri {
	city := f.town.name
	sub := f.sub.name
	subL := lower(sub)
	n := f.bedrooms
	switch f.typ {
	case tHouse:
		if f.viager != nil {
			return tri{"Viager occupé : maison " + fmt.Sprint(n) + " chambres à " + city[0],
				"Lijfrente: woning met " + fmt.Sprint(n) + " slaapkamers in " + city[1],
				"Life annuity sale: " + fmt.Sprint(n) + "-bedroom house in " + city[2]}
		}
		if f.newBuild {
			return tri{fmt.Sprintf("Nouvelle construction : %s %d chambres à %s", subL[0], n, city[0]),
				fmt.Sprintf("Nieuwbouw: %s met %d slaapkamers in %s", subL[1], n, city[1]),
				fmt.Sprintf("New build: %d-bedroom %s in %s", n, subL[2], city[2])}
		}
		if r.IntN(3) == 0 {
			st := facadeStyle(f.facades)
			return tri{fmt.Sprintf("%s %s avec %d chambres à %s", sub[0], st[0], n, city[0]),
				fmt.Sprintf("%s (%s) met %d slaapkamers in %s", sub[1], st[1], n, city[1]),
				fmt.Sprintf("%s %s with %d bedrooms in %s", strings.ToUpper(st[2][:1])+st[2][1:], subL[2], n, city[2])}
		}
		extra := tri{"avec jardin", "en tuin", "with garden"}
		if f.garages > 0 && r.IntN(2) == 0 {
			extra = tri{"avec garage", "en garage", "with garage"}
		}
		return tri{fmt.Sprintf("%s %d chambres %s à %s", sub[0], n, extra[0], city[0]),
			fmt.Sprintf("%s met %d slaapkamers %s in %s", sub[1], n, extra[1], city[1]),
			fmt.Sprintf("%d-bedroom %s %s in %s", n, subL[2], extra[2], city[2])}
	case tApartment:
		ch := plural(n, tri{"chambre", "slaapkamer", "bedroom"}, tri{"chambres", "slaapkamers", "bedrooms"})
		if f.terrace > 0 {
			return tri{fmt.Sprintf("%s %d %s avec terrasse à %s", sub[0], n, ch[0], city[0]),
				fmt.Sprintf("%s met %d %s en terras in %s", sub[1], n, ch[1], city[1]),
				fmt.Sprintf("%d-bedroom %s with terrace in %s", n, subL[2], city[2])}
		}
		bright := "Lichtrijke"
		if subL[1] == "appartement" {
			bright = "Lichtrijk" // het-word: no inflection
		}
		return tri{fmt.Sprintf("%s lumineux de %d %s à %s", sub[0], n, ch[0], city[0]),
			fmt.Sprintf("%s %s met %d %s in %s", bright, subL[1], n, ch[1], city[1]),
			fmt.Sprintf("Bright %d-bedroom %s in %s", n, subL[2], city[2])}
	case tStudio:
		if f.furnish {
			return tri{"Studio meublé à " + city[0], "Gemeubelde studio in " + city[1], "Furnished studio in " + city[2]}
		}
		return tri{"Studio lumineux à " + city[0], "Lichtrijke studio in " + city[1], "Bright studio in " + city[2]}
	case tLand:
		return tri{fmt.Sprintf("Terrain à bâtir de %s m² à %s", num(f.ground, 0), city[0]),
			fmt.Sprintf("Bouwgrond van %s m² in %s", num(f.ground, 1), city[1]),
			fmt.Sprintf("%s m² building plot in %s", num(f.ground, 2), city[2])}
	case tInvestment:
		return tri{fmt.Sprintf("Immeuble de rapport de %d logements à %s", f.units, city[0]),
			fmt.Sprintf("Opbrengsteigendom met %d wooneenheden in %s", f.units, city[1]),
			fmt.Sprintf("Investment building with %d units in %s", f.units, city[2])}
	case tCommercial:
		if sub[0] == "Bureau" {
			return tri{fmt.Sprintf("Bureaux de %s m² à %s", num(f.living, 0), city[0]),
				fmt.Sprintf("Kantoorruimte van %s m² in %s", num(f.living, 1), city[1]),
				fmt.Sprintf("%s m² office space in %s", num(f.living, 2), city[2])}
		}
		return tri{fmt.Sprintf("Local commercial de %s m² à %s", num(f.living, 0), city[0]),
			fmt.Sprintf("Handelspand van %s m² in %s", num(f.living, 1), city[1]),
			fmt.Sprintf("%s m² retail unit in %s", num(f.living, 2), city[2])}
	default:
		if sub[0] == "Parking" {
			return tri{"Emplacement de parking à " + city[0], "Parkeerplaats in " + city[1], "Parking space in " + city[2]}
		}
		return tri{"Garage fermé à " + city[0], "Gesloten garagebox in " + city[1], "Lock-up garage in " + city[2]}
	}
}

// description joins two to five sentences about the listing.
func description(f *facts, r *rand.Rand) tri {
	intro := introSentence(f, r)
	var rest []tri
	if s, ok := layoutSentence(f, r); ok {
		rest = append(rest, s)
	}
	if s, ok := outsideSentence(f); ok {
		rest = append(rest, s)
	}
	if s, ok := energySentence(f); ok {
		rest = append(rest, s)
	}
	if s, ok := locationSentence(f, r); ok {
		rest = append(rest, s)
	}
	// Keep one to four of the others, in order; short texts now and then.
	keep := 1 + r.IntN(4)
	if r.IntN(5) == 0 {
		keep = 1
	}
	for len(rest) > keep {
		i := r.IntN(len(rest))
		rest = append(rest[:i], rest[i+1:]...)
	}
	all := append([]tri{intro}, rest...)
	if f.rent {
		all = append(all, rentSentence(f))
	} else if f.viager != nil {
		all = append(all, viagerSentence(f))
	}
	if len(all) > 5 {
		all = append(all[:4], all[len(all)-1])
	}
	return each(func(l int) string {
		parts := make([]string, len(all))
		for i, s := range all {
			parts[i] = s[l]
		}
		return strings.Join(parts, " ")
	})
}

func introSentence(f *facts, r *rand.Rand) tri {
	city := f.town.name
	subL := lower(f.sub.name)
	liv := each(func(l int) string { return num(f.living, l) })
	act := tri{"vendre", "koop", "sale"}
	if f.rent {
		act = tri{"louer", "huur", "rent"}
	}
	art := "un"
	if f.sub.fem {
		art = "une"
	}
	e := ""
	if f.sub.fem {
		e = "e"
	}
	switch f.typ {
	case tHouse:
		style := facadeStyle(f.facades)
		if r.IntN(2) == 0 {
			return tri{
				fmt.Sprintf("À %s dans un quartier calme %s : %s %s %s de %s m² habitables, à proximité de toutes les commodités.", act[0], deFr(city[0]), art, subL[0], style[0], liv[0]),
				fmt.Sprintf("Te %s in een rustige wijk van %s: %s (%s) met %s m² bewoonbare oppervlakte, vlak bij alle voorzieningen.", act[1], city[1], subL[1], style[1], liv[1]),
				fmt.Sprintf("For %s in a quiet area of %s: a %s %s offering %s m² of living space, close to all amenities.", act[2], city[2], style[2], subL[2], liv[2]),
			}
		}
		gr := each(func(l int) string { return num(f.ground, l) })
		return tri{
			fmt.Sprintf("Sur un beau terrain de %s m², %s %s %s construit%s en %d, au calme et à quelques minutes du centre %s.", gr[0], art, subL[0], style[0], e, f.year, deFr(city[0])),
			fmt.Sprintf("Op een mooi perceel van %s m² staat een %s (%s) uit %d, rustig gelegen op enkele minuten van het centrum van %s.", gr[1], subL[1], style[1], f.year, city[1]),
			fmt.Sprintf("Set on a lovely %s m² plot, this %s %s built in %d enjoys a quiet location just minutes from the centre of %s.", gr[2], style[2], subL[2], f.year, city[2]),
		}
	case tApartment:
		fl := floorPhrase(f.floor)
		res := tri{"petite résidence", "kleine residentie", "small building"}
		if f.lift {
			res = tri{"résidence avec ascenseur", "residentie met lift", "building with a lift"}
		}
		if r.IntN(2) == 0 {
			return tri{
				fmt.Sprintf("À %s %s d'une %s %s : un %s de %s m² en excellent état.", act[0], fl[0], res[0], deFr(city[0]), subL[0], liv[0]),
				fmt.Sprintf("Te %s %s van een %s in %s: %s van %s m² in uitstekende staat.", act[1], fl[1], res[1], city[1], subL[1], liv[1]),
				fmt.Sprintf("For %s %s of a %s in %s: a %s m² %s in excellent condition.", act[2], fl[2], res[2], city[2], liv[2], subL[2]),
			}
		}
		return tri{
			fmt.Sprintf("Dans un quartier recherché %s, proche du centre, un %s lumineux de %s m² situé %s.", deFr(city[0]), subL[0], liv[0], fl[0]),
			fmt.Sprintf("In een gegeerde buurt van %s, dicht bij het centrum, vindt u een %s van %s m² met veel lichtinval, %s.", city[1], subL[1], liv[1], fl[1]),
			fmt.Sprintf("In a sought-after part of %s, close to the centre, this bright %s m² %s is located %s.", city[2], liv[2], subL[2], fl[2]),
		}
	case tStudio:
		fl := floorPhrase(f.floor)
		fr, nl, en := "", "", ""
		if f.furnish {
			fr, nl, en = "meublé ", "gemeubelde ", "furnished "
		}
		return tri{
			fmt.Sprintf("Idéal pour un étudiant ou un jeune actif, ce studio %sde %s m² est situé %s d'un immeuble bien entretenu à %s.", fr, liv[0], fl[0], city[0]),
			fmt.Sprintf("Ideaal voor een student of jonge werkende: %sstudio van %s m² %s van een goed onderhouden gebouw in %s.", nl, liv[1], fl[1], city[1]),
			fmt.Sprintf("Ideal for a student or young professional, this %s%s m² studio is located %s of a well-kept building in %s.", en, liv[2], fl[2], city[2]),
		}
	case tLand:
		gr := each(func(l int) string { return num(f.ground, l) })
		return tri{
			fmt.Sprintf("Beau terrain à bâtir de %s m² avec une façade de %.0f m, situé dans une rue calme %s.", gr[0], f.front, deFr(city[0])),
			fmt.Sprintf("Mooie bouwgrond van %s m² met een breedte van %.0f m, gelegen in een rustige straat in %s.", gr[1], f.front, city[1]),
			fmt.Sprintf("Attractive %s m² building plot with a %.0f m frontage, located in a quiet street in %s.", gr[2], f.front, city[2]),
		}
	case tInvestment:
		return tri{
			fmt.Sprintf("Immeuble de rapport composé de %d logements, entièrement loué, au cœur %s.", f.units, deFr(city[0])),
			fmt.Sprintf("Opbrengsteigendom met %d wooneenheden, volledig verhuurd, in het hart van %s.", f.units, city[1]),
			fmt.Sprintf("Investment building with %d residential units, fully let, in the heart of %s.", f.units, city[2]),
		}
	case tCommercial:
		if f.sub.name[0] == "Bureau" {
			return tri{
				fmt.Sprintf("Plateau de bureaux de %s m² à %s, lumineux et facilement accessible, avec parkings privatifs.", liv[0], city[0]),
				fmt.Sprintf("Kantoorruimte van %s m² in %s, lichtrijk en vlot bereikbaar, met eigen parkeerplaatsen.", liv[1], city[1]),
				fmt.Sprintf("Bright %s m² office space in %s, easy to reach, with private parking.", liv[2], city[2]),
			}
		}
		return tri{
			fmt.Sprintf("Surface commerciale de %s m² idéalement située en centre-ville %s, avec une large vitrine et un bon passage.", liv[0], deFr(city[0])),
			fmt.Sprintf("Handelsruimte van %s m², ideaal gelegen in het stadscentrum van %s, met een brede etalage en veel passage.", liv[1], city[1]),
			fmt.Sprintf("A %s m² retail unit ideally located in the town centre of %s, with a wide shop window and good footfall.", liv[2], city[2]),
		}
	default:
		if f.sub.name[0] == "Parking" {
			return tri{
				fmt.Sprintf("Emplacement de parking en sous-sol d'une résidence récente à %s, accès par badge.", city[0]),
				fmt.Sprintf("Ondergrondse parkeerplaats in een recente residentie in %s, toegang met badge.", city[1]),
				fmt.Sprintf("Underground parking space in a recent residence in %s, with badge access.", city[2]),
			}
		}
		return tri{
			fmt.Sprintf("Garage fermé de %s m² avec porte sectionnelle, situé dans un ensemble sécurisé à %s.", liv[0], city[0]),
			fmt.Sprintf("Gesloten garagebox van %s m² met sectionaalpoort, in een beveiligd complex in %s.", liv[1], city[1]),
			fmt.Sprintf("Lock-up garage of %s m² with a sectional door, in a secure complex in %s.", liv[2], city[2]),
		}
	}
}

func layoutSentence(f *facts, r *rand.Rand) (tri, bool) {
	n := f.bedrooms
	b := baths(f.baths)
	switch f.typ {
	case tHouse:
		if r.IntN(2) == 0 || f.sub.name[0] == "Bungalow" {
			return tri{
				fmt.Sprintf("Le bien comprend un hall d'entrée, un séjour lumineux, une cuisine équipée, %d chambres et %s.", n, b[0]),
				fmt.Sprintf("Het pand omvat een inkomhal, een lichtrijke leefruimte, een ingerichte keuken, %d slaapkamers en %s.", n, b[1]),
				fmt.Sprintf("It comprises an entrance hall, a bright living room, a fitted kitchen, %d bedrooms and %s.", n, b[2]),
			}, true
		}
		return tri{
			fmt.Sprintf("Au rez-de-chaussée : séjour avec feu ouvert, cuisine équipée et buanderie ; à l'étage : %d chambres, %s et un grenier aménageable.", n, b[0]),
			fmt.Sprintf("Op het gelijkvloers: leefruimte met open haard, ingerichte keuken en berging; op de verdieping: %d slaapkamers, %s en een zolder die kan worden ingericht.", n, b[1]),
			fmt.Sprintf("Ground floor: living room with fireplace, fitted kitchen and utility room; upstairs: %d bedrooms, %s and an attic with conversion potential.", n, b[2]),
		}, true
	case tApartment:
		ch := plural(n, tri{"chambre", "slaapkamer", "bedroom"}, tri{"chambres", "slaapkamers", "bedrooms"})
		bd := tri{"d'" + b[0], b[1], b[2]}
		if f.baths > 1 {
			bd[0] = "de " + b[0]
		}
		return tri{
			fmt.Sprintf("Il se compose d'un hall, d'un séjour ouvert sur la cuisine équipée, de %d %s, %s et d'un WC séparé.", n, ch[0], bd[0]),
			fmt.Sprintf("Het omvat een inkomhal, een leefruimte met open ingerichte keuken, %d %s, %s en een apart toilet.", n, ch[1], bd[1]),
			fmt.Sprintf("It features an entrance hall, a living room open to the fitted kitchen, %d %s, %s and a separate toilet.", n, ch[2], bd[2]),
		}, true
	case tStudio:
		return tri{
			"Il comprend une pièce de vie avec coin cuisine équipé, une salle de douche et un WC.",
			"De studio omvat een leefruimte met ingerichte kitchenette, een douchekamer en een toilet.",
			"It offers a living area with a fitted kitchenette, a shower room and a toilet.",
		}, true
	case tLand:
		st := facadeStyle(f.facades)
		return tri{
			fmt.Sprintf("Le terrain est situé en zone d'habitat, hors lotissement, et convient à la construction d'une maison %s.", st[0]),
			fmt.Sprintf("De grond ligt in woongebied, buiten verkaveling, en is geschikt voor de bouw van een woning in %s.", st[1]),
			fmt.Sprintf("The plot is zoned residential, outside any allotment, and suits the construction of a %s house.", st[2]),
		}, true
	case tInvestment:
		liv := each(func(l int) string { return num(f.living, l) })
		return tri{
			fmt.Sprintf("Il comprend %d appartements d'une ou deux chambres, des caves et une cour commune, pour une surface totale de %s m².", f.units, liv[0]),
			fmt.Sprintf("Het omvat %d appartementen met één of twee slaapkamers, kelders en een gemeenschappelijke koer, voor een totale oppervlakte van %s m².", f.units, liv[1]),
			fmt.Sprintf("It comprises %d one- and two-bedroom flats, cellars and a shared courtyard, with a total floor area of %s m².", f.units, liv[2]),
		}, true
	case tCommercial:
		return tri{
			"L'espace est modulable et dispose d'une réserve, d'une kitchenette et de sanitaires.",
			"De ruimte is flexibel indeelbaar en beschikt over een berging, een kitchenette en sanitair.",
			"The space is flexible and includes a storeroom, a kitchenette and toilets.",
		}, true
	default:
		return tri{
			"Idéal pour ranger une voiture, des vélos ou du matériel.",
			"Ideaal om een wagen, fietsen of materiaal te stallen.",
			"Ideal for a car, bikes or extra storage.",
		}, true
	}
}

func outsideSentence(f *facts) (tri, bool) {
	or := orientNames[f.orient]
	switch {
	case f.typ == tHouse && f.garden > 0:
		g := each(func(l int) string { return num(f.garden, l) })
		gar := tri{}
		switch {
		case f.garages == 1:
			gar = tri{" ; garage pour une voiture", "; garage voor één wagen", "; single garage"}
		case f.garages > 1:
			gar = tri{" ; garage double", "; dubbele garage", "; double garage"}
		}
		return tri{
			fmt.Sprintf("À l'extérieur, un jardin de %s m² orienté %s et une terrasse%s.", g[0], or[0], gar[0]),
			fmt.Sprintf("Buiten: een tuin van %s m² op het %s en een terras%s.", g[1], or[1], gar[1]),
			fmt.Sprintf("Outside there is %s %s-facing garden of %s m² and a terrace%s.", anEn(or[2]), or[2], g[2], gar[2]),
		}, true
	case (f.typ == tApartment || f.typ == tStudio) && f.terrace > 0:
		ex := tri{}
		if f.cellar && f.parking {
			ex = tri{" ; cave et emplacement de parking compris", "; kelder en parkeerplaats inbegrepen", "; a cellar and a parking space are included"}
		}
		return tri{
			fmt.Sprintf("Une terrasse de %.0f m² orientée %s prolonge le séjour%s.", f.terrace, or[0], ex[0]),
			fmt.Sprintf("Een terras van %.0f m² op het %s verlengt de leefruimte%s.", f.terrace, or[1], ex[1]),
			fmt.Sprintf("%s %s-facing terrace of %.0f m² extends the living room%s.", strings.ToUpper(anEn(or[2])[:1])+anEn(or[2])[1:], or[2], f.terrace, ex[2]),
		}, true
	case (f.typ == tApartment || f.typ == tStudio) && f.cellar:
		return tri{"Une cave privative complète le bien.", "Een privékelder vervolledigt het geheel.", "A private cellar completes the property."}, true
	case f.typ == tLand:
		return tri{"Eau, électricité et égout disponibles en voirie.", "Water, elektriciteit en riolering aanwezig in de straat.", "Water, electricity and sewer connections are available in the street."}, true
	case f.typ == tInvestment:
		inc := each(func(l int) string { return num(f.income, l) })
		return tri{
			fmt.Sprintf("Revenus locatifs actuels : %s € par mois.", inc[0]),
			fmt.Sprintf("Huidige huurinkomsten: %s € per maand.", inc[1]),
			fmt.Sprintf("Current rental income: €%s per month.", inc[2]),
		}, true
	}
	return tri{}, false
}

func energySentence(f *facts) (tri, bool) {
	if f.label == "" {
		return tri{}, false
	}
	if f.newBuild {
		return tri{
			fmt.Sprintf("Construction neuve de %d, très performante sur le plan énergétique (PEB %s).", f.year, f.label),
			fmt.Sprintf("Nieuwbouw uit %d, zeer energiezuinig (energielabel %s).", f.year, f.label),
			fmt.Sprintf("A %d new build with excellent energy performance (rating %s).", f.year, f.label),
		}, true
	}
	reno := tri{}
	if f.reno > 0 {
		reno = tri{fmt.Sprintf(" et rénové en %d", f.reno), fmt.Sprintf(" en gerenoveerd in %d", f.reno), fmt.Sprintf(" and renovated in %d", f.reno)}
	}
	cert := tri{"certificat PEB", "energielabel", "energy rating"}
	if f.region == flanders {
		cert = tri{"certificat PEB", "EPC-label", "EPC rating"}
	}
	if f.region == luxembourg {
		cert = tri{"passeport énergétique", "energiepas", "energy pass rating"}
	}
	return tri{
		fmt.Sprintf("Le bien, construit en %d%s, affiche un %s de classe %s.", f.year, reno[0], cert[0], f.label),
		fmt.Sprintf("Het pand, gebouwd in %d%s, heeft %s %s.", f.year, reno[1], cert[1], f.label),
		fmt.Sprintf("Built in %d%s, the property has an %s of %s.", f.year, reno[2], cert[2], f.label),
	}, true
}

// nearBorder lists the towns from which Luxembourg is a short drive.
var nearBorder = map[string]bool{"Arlon": true, "Messancy": true, "Aubange": true, "Attert": true, "Habay": true, "Étalle": true, "Virton": true}

func locationSentence(f *facts, r *rand.Rand) (tri, bool) {
	if len(f.poi) == 0 {
		return tri{}, false
	}
	a, b := f.poi[0], f.poi[len(f.poi)-1]
	s := tri{
		fmt.Sprintf("Écoles, commerces et transports à proximité : %s à %s, %s à %s.", a.name, dist(a.dist, 0), b.name, dist(b.dist, 0)),
		fmt.Sprintf("Scholen, winkels en openbaar vervoer in de buurt: %s op %s, %s op %s.", a.name, dist(a.dist, 1), b.name, dist(b.dist, 1)),
		fmt.Sprintf("Schools, shops and transport nearby: %s %s away, %s %s away.", a.name, dist(a.dist, 2), b.name, dist(b.dist, 2)),
	}
	if nearBorder[f.town.City] && r.IntN(3) > 0 {
		s = tri{
			s[0] + " Accès rapide aux grands axes et au Grand-Duché de Luxembourg, idéal pour les frontaliers.",
			s[1] + " Snelle toegang tot de grote verkeersassen en het Groothertogdom Luxemburg, ideaal voor grensarbeiders.",
			s[2] + " Quick access to the main roads and the Grand Duchy of Luxembourg, ideal for cross-border commuters.",
		}
	}
	return s, true
}

func rentSentence(f *facts) tri {
	rent := each(func(l int) string { return num(f.price, l) })
	if f.charges == 0 {
		return tri{
			fmt.Sprintf("Loyer : %s € par mois ; garantie locative de 3 mois.", rent[0]),
			fmt.Sprintf("Huurprijs: %s € per maand; huurwaarborg van 3 maanden.", rent[1]),
			fmt.Sprintf("Rent: €%s per month; deposit of 3 months' rent.", rent[2]),
		}
	}
	ch := each(func(l int) string { return num(f.charges, l) })
	return tri{
		fmt.Sprintf("Loyer : %s € par mois + %s € de provisions pour charges ; garantie locative de 3 mois.", rent[0], ch[0]),
		fmt.Sprintf("Huurprijs: %s € per maand + %s € provisie voor lasten; huurwaarborg van 3 maanden.", rent[1], ch[1]),
		fmt.Sprintf("Rent: €%s per month plus €%s service charges; deposit of 3 months' rent.", rent[2], ch[2]),
	}
}

func viagerSentence(f *facts) tri {
	v := f.viager
	b := each(func(l int) string { return num(v.bouquet, l) })
	m := each(func(l int) string { return num(v.rent, l) })
	return tri{
		fmt.Sprintf("Vente en viager occupé sur deux têtes (%d et %d ans) : bouquet de %s € et rente mensuelle de %s €.", v.ages[0], v.ages[1], b[0], m[0]),
		fmt.Sprintf("Verkoop op lijfrente, bewoond door twee personen (%d en %d jaar): boeket van %s € en maandelijkse rente van %s €.", v.ages[0], v.ages[1], b[1], m[1]),
		fmt.Sprintf("Life annuity sale (viager), occupied by two people aged %d and %d: down payment of €%s and a monthly annuity of €%s.", v.ages[0], v.ages[1], b[2], m[2]),
	}
}
