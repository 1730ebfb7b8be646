package catalog

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// classified says, for every field of the stored listing types (Property,
// Project and every struct they hold), whether a visitor or an API client
// may see it. A field added to a stored type fails
// TestEveryStoredFieldIsClassified until it is listed here; a private one
// fails TestPublicViewsHoldNoPrivateField if a public view carries it.
// Private means "never sent": a feed's bookkeeping, or a field no view reads.
// An embedded struct (Property's Details) is a field of its own here, and
// its type is classified like any other stored struct.
var classified = map[reflect.Type]struct{ public, private []string }{
	reflect.TypeFor[Property](): {
		public: []string{"ID", "Goal", "TypeDescription", "WebID", "WebIDs", "Language", "Price", "PublishPrice", "PriceUnit",
			"Marquee", "MarqueeName", "PublishAddress", "Street", "HouseNumber", "BoxNr", "Zip", "City", "CountryID", "CountryName",
			"Latitude", "Longitude", "EnergyPerformance", "EPCLabelText", "SmallPictureItem", "XLargePictureItem", "Pictures",
			"Title", "Status", "Reference", "VirtualTour", "ConstructionYear", "RenovationYear",
			"Rooms", "Surfaces", "EnergyCertificate", "Manager", "Documents", "Details"},
		private: []string{"MainTypeName", "RecordFile", "PriceUnitText", "DateCreated", "DateModified"},
	},
	// The page's details: PublicProperty holds them whole, so none can be private.
	reflect.TypeFor[Details](): {public: []string{"Description", "Availability", "Financial", "Features", "Flags", "Legal", "Flood",
		"Asbestos", "Certificates", "LifeAnnuity", "PointsOfInterest"}},
	reflect.TypeFor[Project](): {
		public: []string{"ID", "Name", "Description", "ProjectNumber", "PublicAddress", "Street", "HouseNumber", "BoxNr", "Zip", "City",
			"ExternalWeb", "SmallPictureItem", "XLargePictureItem", "Pictures", "Delivery", "PriceFrom", "PriceTo",
			"Constructions", "Units", "Documents"},
		private: []string{"CountryID", "CountryName", "Latitude", "Longitude", "Status"},
	},
	reflect.TypeFor[Picture](): {public: []string{"ID", "Name", "Url", "Width", "Height"}},
	reflect.TypeFor[Financial](): {public: []string{"MonthlyRent", "ChargesOwner", "ChargesRenter", "TotalCost", "AgencyCost", "Inventory", "Deposit",
		"GaragePrice", "ParkingPrice", "RealEstateTax", "CadastralIncome", "NotaryFees", "NotaryFeesVAT", "RegistrationRights", "VATRegime", "VATValue"}},
	reflect.TypeFor[Rooms](): {public: []string{"Bedrooms", "Bathrooms", "ShowerRooms", "Toilets", "Garages", "Parkings", "ExternalParkings",
		"Floors", "Facades", "ExtraRooms"}},
	reflect.TypeFor[Surfaces]():          {public: []string{"Total", "Living", "Ground", "Terrace", "Garden", "Constructed", "FrontWidth", "PlotWidth"}},
	reflect.TypeFor[EnergyCertificate](): {public: []string{"Value", "Total", "Label", "EndDate", "CO2", "ELevel", "Number"}},
	reflect.TypeFor[Features](): {public: []string{"Heating", "Kitchen", "WindowGlazing", "WindowFrame", "RoofMaterial", "RoofCondition",
		"FloorCovering", "TerraceOrientation", "GardenOrientation", "RearOrientation"}},
	reflect.TypeFor[Flags](): {public: []string{"Gas", "Water", "Electricity", "Drain", "Lift", "Cellar", "Terrace", "Garden", "Attic",
		"Furnished", "Garage", "Parking", "Pool"}},
	reflect.TypeFor[Legal]():        {public: []string{"Permit", "AllotmentPermit", "Summons", "PreemptiveRights", "JudicialDecision", "PlanningDesignation"}},
	reflect.TypeFor[Flood]():        {public: []string{"ZoneName", "GScore", "PScore", "RiskArea", "RiparianZone"}},
	reflect.TypeFor[Asbestos]():     {public: []string{"Type", "Date"}},
	reflect.TypeFor[Certificates](): {public: []string{"Gas", "Electricity", "Ground"}},
	reflect.TypeFor[LifeAnnuity]():  {public: []string{"Bouquet", "MonthlyRent", "Occupied", "HeadAges"}},
	// The agent in charge: the page's contact box (name, phone, e-mail).
	reflect.TypeFor[Manager]():         {public: []string{"Name", "Phone", "Email"}},
	reflect.TypeFor[Document]():        {public: []string{"ID", "Name"}},
	reflect.TypeFor[PointOfInterest](): {public: []string{"Kind", "Name", "Distance"}},
	reflect.TypeFor[Construction]():    {public: []string{"Name", "Description"}},
	reflect.TypeFor[Unit]():            {public: []string{"Unit", "Floor", "Price", "Surface", "Bedrooms", "Construction", "Status"}},
}

// views are the public views and the stored type each is made of.
var views = []struct{ view, from reflect.Type }{
	{reflect.TypeFor[PublicProperty](), reflect.TypeFor[Property]()},
	{reflect.TypeFor[Card](), reflect.TypeFor[Property]()},
	{reflect.TypeFor[Marker](), reflect.TypeFor[Property]()},
	{reflect.TypeFor[PublicProject](), reflect.TypeFor[Project]()},
}

// storedStructs are the struct types of this package reachable from t's fields.
func storedStructs(t reflect.Type, seen map[reflect.Type]bool) {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		storedStructs(t.Elem(), seen)
	case reflect.Struct:
		if seen[t] || t.PkgPath() != reflect.TypeFor[Property]().PkgPath() {
			return // time.Time and other packages' values are leaves
		}
		seen[t] = true
		for f := range t.Fields() {
			storedStructs(f.Type, seen)
		}
	}
}

func stored() map[reflect.Type]bool {
	seen := map[reflect.Type]bool{}
	storedStructs(reflect.TypeFor[Property](), seen)
	storedStructs(reflect.TypeFor[Project](), seen)
	return seen
}

func TestEveryStoredFieldIsClassified(t *testing.T) {
	for typ := range stored() {
		c, ok := classified[typ]
		if !ok {
			t.Errorf("%s is stored but not in classified: list each of its fields as public or private", typ)
			continue
		}
		for f := range typ.Fields() {
			pub, priv := slices.Contains(c.public, f.Name), slices.Contains(c.private, f.Name)
			switch {
			case !pub && !priv:
				t.Errorf("%s.%s is not classified: add it to the public or the private list in public_test.go", typ.Name(), f.Name)
			case pub && priv:
				t.Errorf("%s.%s is both public and private", typ.Name(), f.Name)
			}
		}
		for _, name := range slices.Concat(c.public, c.private) {
			if _, ok := typ.FieldByName(name); !ok {
				t.Errorf("classified lists %s.%s, which does not exist", typ.Name(), name)
			}
		}
	}
}

func TestPublicViewsHoldNoPrivateField(t *testing.T) {
	isStored := stored()
	for _, v := range views {
		private := map[string]bool{} // Go and JSON names of the source's private fields
		for _, name := range classified[v.from].private {
			f, _ := v.from.FieldByName(name)
			private[name], private[jsonName(f)] = true, true
		}
		for f := range v.view.Fields() {
			if private[f.Name] || private[jsonName(f)] {
				t.Errorf("%s.%s carries the private %s.%s", v.view.Name(), f.Name, v.from.Name(), f.Name)
			}
			// A stored struct a view holds whole must be public whole: one
			// private field in it needs a public copy of the struct.
			inner := map[reflect.Type]bool{}
			storedStructs(f.Type, inner)
			for typ := range inner {
				if isStored[typ] && len(classified[typ].private) > 0 {
					t.Errorf("%s.%s holds %s, which has private fields %v", v.view.Name(), f.Name, typ.Name(), classified[typ].private)
				}
			}
		}
	}
}

// TestIndexHandsOutOnlyPublicViews: what the index answers reaches pages and
// the API, so no method gives the stored types away.
func TestIndexHandsOutOnlyPublicViews(t *testing.T) {
	for m := range reflect.TypeFor[*Index]().Methods() {
		for out := range m.Type.Outs() {
			inner := map[reflect.Type]bool{}
			storedStructs(out, inner)
			for _, typ := range []reflect.Type{reflect.TypeFor[Property](), reflect.TypeFor[Project]()} {
				if inner[typ] {
					t.Errorf("Index.%s returns the stored %s: return a public view", m.Name, typ.Name())
				}
			}
		}
	}
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" {
		return f.Name
	}
	return name
}

// fill sets every field of v (a pointer) to a value naming it: strings and
// texts "«Type.Field»", times in the year 1901, numbers 7, flags true.
func fill(v reflect.Value, owner string) {
	switch v.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), owner)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0), owner)
	case reflect.Map: // Text
		v.Set(reflect.ValueOf(Text{"fr": "«" + owner + "»"}))
	case reflect.String:
		v.SetString("«" + owner + "»")
	case reflect.Int, reflect.Int64:
		v.SetInt(7)
	case reflect.Float64:
		v.SetFloat(7)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Date(1901, 2, 3, 4, 5, 6, 0, time.UTC)))
			return
		}
		for i := range v.NumField() {
			fill(v.Field(i), v.Type().Name()+"."+v.Type().Field(i).Name)
		}
	}
}

// marks are the texts fill wrote into typ's fields of one visibility.
func marks(typ reflect.Type, public bool) []string {
	var out []string
	for t := range stored() {
		if t != typ {
			continue
		}
		names := classified[t].private
		if public {
			names = classified[t].public
		}
		for _, n := range names {
			f, _ := t.FieldByName(n)
			if k := f.Type.Kind(); k == reflect.String || f.Type == reflect.TypeFor[Text]() {
				out = append(out, "«"+t.Name()+"."+n+"»")
			}
		}
	}
	return out
}

// listingMarks are the marks of one visibility in the listings' own fields:
// Property's, the Details it embeds, Project's.
func listingMarks(public bool) []string {
	return slices.Concat(marks(reflect.TypeFor[Property](), public), marks(reflect.TypeFor[Details](), public),
		marks(reflect.TypeFor[Project](), public))
}

// filled is a property and a project with every field set, published
// address and price or not.
func filled(publish bool) (*Index, Property, Project) {
	var p Property
	fill(reflect.ValueOf(&p).Elem(), "")
	p.ID, p.Goal, p.Status, p.WebID = 1, GoalSale, StatusAvailable, 1
	p.PublishAddress, p.PublishPrice = publish, publish
	p.Price, p.Latitude, p.Longitude = 345678.9, 49.683214, 5.812345
	var j Project
	fill(reflect.ValueOf(&j).Elem(), "")
	j.ID, j.PublicAddress = 2, publish
	types := []PropertyType{{WebID: 1, Name: Text{"fr": "Maison", "nl": "Huis"}}}
	return NewIndex(&Catalog{Types: types, Properties: []Property{p}, Projects: []Project{j}}, 1), p, j
}

// shown is every public view of the filled listings, as JSON.
func shown(t *testing.T, ix *Index) string {
	t.Helper()
	pub, err := ix.Property(1, "nl")
	if err != nil {
		t.Fatal(err)
	}
	q := NewQuery()
	q.Lang = "nl"
	proj, err := ix.Project(2)
	if err != nil {
		t.Fatal(err)
	}
	all := []any{pub, pub.Marker(), ix.List(q), ix.Similar(1, 4, "nl"), ix.Search("1", "nl"), ix.Projects(), proj,
		ix.Markers(q, func(*Card) string { return "/p/1" })}
	b, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestPrivateFieldsNeverReachTheViews(t *testing.T) {
	for _, publish := range []bool{true, false} {
		ix, _, _ := filled(publish)
		out := shown(t, ix)
		private := listingMarks(false)
		if len(private) == 0 {
			t.Fatal("no private text field to look for")
		}
		for _, m := range private {
			if strings.Contains(out, m) {
				t.Errorf("publish %v: the private %s reached a public view", publish, m)
			}
		}
		if strings.Contains(out, "1901") {
			t.Errorf("publish %v: a private date reached a public view", publish)
		}
	}
	// The other way round: a field listed public is shown somewhere (a
	// field no view shows belongs in the private list).
	// (filled sets the status, and the known type's name replaces the feed's.)
	ix, _, _ := filled(true)
	out := shown(t, ix)
	for _, m := range listingMarks(true) {
		if m != "«Property.Status»" && m != "«Property.TypeDescription»" && !strings.Contains(out, m) {
			t.Errorf("%s is listed public but no view shows it", m)
		}
	}
}

func TestPrivateAddressAndHiddenPrice(t *testing.T) {
	ix, _, _ := filled(false)
	out := shown(t, ix)
	for _, m := range []string{"«Property.Street»", "«Property.HouseNumber»", "«Property.BoxNr»",
		"«Project.Street»", "«Project.HouseNumber»", "«Project.BoxNr»", "345678", "49.683214", "5.812345"} {
		if strings.Contains(out, m) {
			t.Errorf("private address or hidden price: %s is shown", m)
		}
	}
	pub, _ := ix.Property(1, "nl")
	card, _ := ix.Card(1, "nl")
	marker := pub.Marker()
	if pub.Price != 0 || card.Price != 0 || marker.Price != 0 {
		t.Errorf("hidden price sent: %v %v %v", pub.Price, card.Price, marker.Price)
	}
	if pub.Latitude != 49.68 || pub.Longitude != 5.81 || marker.Lat != 49.68 || marker.Lng != 5.81 {
		t.Errorf("private position not rough: %v,%v marker %v,%v", pub.Latitude, pub.Longitude, marker.Lat, marker.Lng)
	}
	if pub.TypeDescription != "Huis" || card.TypeDescription != "Huis" || marker.Title != "Huis – «Property.City»" {
		t.Errorf("type not in the page's language: %q %q %q", pub.TypeDescription, card.TypeDescription, marker.Title)
	}
	q := NewQuery()
	q.Lang = "nl"
	ms := ix.Markers(q, func(c *Card) string { return "/nl/" + c.TypeDescription + "/" })
	if len(ms) != 1 || ms[0].Lat != 49.68 || ms[0].Price != 0 || ms[0].Href != "/nl/Huis/" || ms[0].Picture != "«Picture.Url»" {
		t.Errorf("list markers %+v", ms)
	}
	// The title falls back to French and says so.
	if card.Title != "«Property.Title»" || card.TitleLang != "fr" {
		t.Errorf("card title %q in %q", card.Title, card.TitleLang)
	}

	ix, _, _ = filled(true)
	pub, _ = ix.Property(1, "nl")
	if pub.Street != "«Property.Street»" || pub.Price != 345678.9 || pub.Latitude != 49.683214 {
		t.Errorf("published address and price: %q %v %v", pub.Street, pub.Price, pub.Latitude)
	}
	if proj, _ := ix.Project(2); proj.Street != "«Project.Street»" {
		t.Errorf("published project address: %q", proj.Street)
	}
}
