package web

import (
	"encoding/json"
	"html/template"
	"strings"
	"time"

	"immo/internal/domain/catalog"
	"immo/internal/domain/i18n"
	"immo/internal/domain/rules"
	"immo/internal/domain/site"
	"immo/internal/http/web/route"
)

// The page's schema.org JSON-LD, written by the head (head.go) as data
// blocks: the agency on every page, the listing on a property page, the
// cards shown on a list page, the breadcrumb on every page but the home.
// Everything comes from the site configuration and the public views of
// the catalog (catalog.PublicProperty, route.CardView), never from the
// stored listing: what the page does not show, the JSON-LD does not say.
// structured_test.go checks every type and property against an extract of
// the schema.org vocabulary.

// ld is one JSON-LD object; its keys are schema.org names.
type ld = map[string]any

// structuredData is the page's JSON-LD blocks, each ready for a script
// element: encoding/json escapes <, > and & (\u003c…), so no text of a
// listing can end the element.
func structuredData(r *route.Resolver, res route.Result) []template.JS {
	var blocks []ld
	if res.Status < 300 {
		blocks = append(blocks, agencyLD(r, res.Lang))
	}
	switch p := res.Props.(type) {
	case *route.PropertyProps:
		if p.Property != nil && res.Status == 200 {
			blocks = append(blocks, listingLD(r, p, res.Head))
		}
	case *route.ListProps:
		if res.Status == 200 && len(p.Items) > 0 {
			blocks = append(blocks, itemListLD(r, p))
		}
	}
	if b := breadcrumbLD(res.Head.Breadcrumb, r.Absolute); b != nil {
		blocks = append(blocks, b)
	}
	out := make([]template.JS, 0, len(blocks))
	for _, b := range blocks {
		b["@context"] = "https://schema.org"
		j, err := json.Marshal(b)
		if err != nil {
			panic(err) // strings, numbers and maps of them
		}
		out = append(out, template.JS(j))
	}
	return out
}

// agencyLD is the agency as a RealEstateAgent (Google's LocalBusiness:
// name and address required; geo, opening hours, telephone, url
// recommended), from the site configuration only: a field it leaves empty
// is left out.
func agencyLD(r *route.Resolver, lang string) ld {
	a := r.Site.Agency
	out := ld{"@type": "RealEstateAgent", "@id": r.Base() + "/#agency", "name": a.Name, "url": r.Absolute(r.HomeURL(lang))}
	addr := ld{"@type": "PostalAddress"}
	setText(addr, "streetAddress", strings.TrimSpace(a.Address.Street+" "+a.Address.Number))
	setText(addr, "postalCode", a.Address.Zip)
	setText(addr, "addressLocality", a.Address.City)
	setText(addr, "addressCountry", rules.CountryCode(a.Address.Country.In(lang)))
	out["address"] = addr
	setText(out, "telephone", rules.FormatPhone(a.Phone))
	setText(out, "email", a.Email)
	setText(out, "vatID", a.VATNumber)
	if a.Logo != "" {
		out["logo"] = r.Absolute(a.Logo)
	}
	if img := r.Site.SiteInfo.Settings.Image; img != "" {
		out["image"] = r.Absolute(img)
	}
	if a.Geo.Lat != 0 || a.Geo.Lng != 0 {
		out["geo"] = geoLD(a.Geo.Lat, a.Geo.Lng)
	}
	if hours := openingHoursLD(a.OpeningHours); len(hours) > 0 {
		out["openingHoursSpecification"] = hours
	}
	return out
}

// openingHoursLD is one OpeningHoursSpecification per day and range: a
// day with only a text ("on appointment") or none is left out, as
// schema.org has no words for it.
func openingHoursLD(days []site.OpeningDay) []ld {
	var out []ld
	for _, d := range days {
		day := dayOfWeek[d.Day]
		for _, h := range d.Hours {
			if day == "" {
				continue
			}
			out = append(out, ld{"@type": "OpeningHoursSpecification", "dayOfWeek": day, "opens": h.From, "closes": h.To})
		}
	}
	return out
}

var dayOfWeek = map[string]string{
	"monday": "https://schema.org/Monday", "tuesday": "https://schema.org/Tuesday", "wednesday": "https://schema.org/Wednesday",
	"thursday": "https://schema.org/Thursday", "friday": "https://schema.org/Friday", "saturday": "https://schema.org/Saturday",
	"sunday": "https://schema.org/Sunday",
}

// Offer availability of a listing by status. Sold is SoldOut: it will not
// come back. Rented is OutOfStock: let, not for offer now, and offered
// again when the lease ends — schema.org has no "leased".
var availability = map[string]string{
	catalog.StatusAvailable: "https://schema.org/InStock",
	catalog.StatusSold:      "https://schema.org/SoldOut",
	catalog.StatusRented:    "https://schema.org/OutOfStock",
}

// listingLD is a property page as a RealEstateListing: the page (name,
// url, description, pictures) with its Offer, and the property itself as
// its mainEntity, an Accommodation, which is where schema.org puts floor
// size, rooms, address and geo. A price on request has no price; an
// address the agency keeps private has neither address nor geo (the
// public view's rough position is no position).
func listingLD(r *route.Resolver, p *route.PropertyProps, head route.Head) ld {
	prop := p.Property
	canonical := head.Canonical
	out := ld{"@type": "RealEstateListing", "name": p.Title, "url": canonical}
	setText(out, "description", head.Description)
	if images := listingImages(r, prop); len(images) > 0 {
		out["image"] = images
	}
	offer := ld{"@type": "Offer", "url": canonical, "offeredBy": ld{"@id": r.Base() + "/#agency"}}
	if a := availability[prop.Status]; a != "" {
		offer["availability"] = a
	}
	if prop.PublishPrice && prop.Price > 0 {
		price := priceLD(prop)
		for k, v := range price {
			offer[k] = v
		}
	}
	out["offers"] = offer
	// The date it came online, which the public view leaves out: told
	// here only, as schema.org's datePosted, which search engines ask for.
	if full, ok := catalog.Listing(r.Catalog.Index(), prop.ID); ok && !full.DateCreated.IsZero() {
		out["datePosted"] = full.DateCreated.UTC().Format(time.DateOnly)
	}
	kind := placeType(prop.WebID)
	place := ld{"@type": kind, "name": p.Title}
	if s := prop.Surfaces; s != nil && s.Living > 0 && kind != "Place" {
		place["floorSize"] = ld{"@type": "QuantitativeValue", "value": s.Living, "unitCode": "MTK"}
	}
	if rm := prop.Rooms; rm != nil && kind != "Place" {
		if rm.Bedrooms > 0 {
			place["numberOfBedrooms"] = rm.Bedrooms
		}
		if n := rm.Bathrooms + rm.ShowerRooms; n > 0 {
			place["numberOfBathroomsTotal"] = n
		}
	}
	if prop.PublishAddress {
		addr := ld{"@type": "PostalAddress"}
		setText(addr, "streetAddress", strings.TrimSpace(prop.Street+" "+prop.HouseNumber+boxSuffix(prop.BoxNr, p.Site.Lang)))
		setText(addr, "postalCode", prop.Zip)
		setText(addr, "addressLocality", prop.City)
		country := catalog.CountryCode(prop.CountryID) // ISO 3166-1, as schema.org asks
		if country == "" {
			country = prop.CountryName
		}
		setText(addr, "addressCountry", country)
		place["address"] = addr
		if prop.Latitude != 0 || prop.Longitude != 0 {
			place["geo"] = geoLD(prop.Latitude, prop.Longitude)
		}
	}
	out["mainEntity"] = place
	return out
}

// priceLD is a published price: a sale's price in euros, a rent's per
// month (UnitPriceSpecification, unit MON), a "from" price (PriceUnit 7)
// as the lowest price of a PriceSpecification.
func priceLD(p *catalog.PublicProperty) ld {
	const eur = "EUR"
	switch {
	case p.PriceUnit == catalog.PriceUnitFrom:
		return ld{"priceSpecification": ld{"@type": "PriceSpecification", "minPrice": p.Price, "priceCurrency": eur}}
	case !p.IsSale():
		return ld{"price": p.Price, "priceCurrency": eur,
			"priceSpecification": ld{"@type": "UnitPriceSpecification", "price": p.Price, "priceCurrency": eur, "unitCode": "MON"}}
	}
	return ld{"price": p.Price, "priceCurrency": eur}
}

// listingImages are the gallery's pictures, absolute, the large one when
// the listing has no gallery.
func listingImages(r *route.Resolver, p *catalog.PublicProperty) []string {
	var out []string
	for _, pic := range p.Pictures {
		if pic.Url != "" {
			out = append(out, r.Absolute(pic.Url))
		}
	}
	if len(out) == 0 && p.XLargePictureItem.Url != "" {
		out = append(out, r.Absolute(p.XLargePictureItem.Url))
	}
	return out
}

// itemListLD is the cards a list page shows, in order, each a ListItem
// with its position in the whole list and its absolute address (Google's
// summary-page carousel); numberOfItems counts the whole list.
func itemListLD(r *route.Resolver, p *route.ListProps) ld {
	first := (max(p.Page, 1) - 1) * route.ListPageSize
	items := make([]ld, len(p.Items))
	for i, c := range p.Items {
		items[i] = ld{"@type": "ListItem", "position": first + i + 1, "url": r.Absolute(c.Href)}
	}
	return ld{"@type": "ItemList", "name": p.Title, "numberOfItems": p.Total, "itemListElement": items}
}

// breadcrumbLD is the page's breadcrumb as a BreadcrumbList with absolute
// addresses; nil without a breadcrumb (the home page).
func breadcrumbLD(crumbs []route.Crumb, absolute func(string) string) ld {
	if len(crumbs) < 2 {
		return nil
	}
	items := make([]ld, len(crumbs))
	for i, c := range crumbs {
		items[i] = ld{"@type": "ListItem", "position": i + 1, "name": c.Label}
		if c.Href != "" {
			items[i]["item"] = absolute(c.Href)
		}
	}
	return ld{"@type": "BreadcrumbList", "itemListElement": items}
}

func geoLD(lat, lng float64) ld {
	return ld{"@type": "GeoCoordinates", "latitude": lat, "longitude": lng}
}

// boxSuffix is a box number as lang writes it after the house number
// ("bte 3", "bus 3"): a bare "3" reads as another house number.
func boxSuffix(box, lang string) string {
	if box = strings.TrimSpace(box); box != "" {
		return " " + i18n.T(lang, "common.box") + " " + box
	}
	return ""
}

// placeType is the schema.org type of a property of the catalog's type
// webID (SPEC §3's types): land (4), a shop (6) or a garage (7) is a
// Place, where rooms and floor size mean nothing; a dwelling an
// Accommodation.
func placeType(webID int) string {
	switch webID {
	case 4, 6, 7:
		return "Place"
	}
	return "Accommodation"
}

// setText sets key to s unless s is blank.
func setText(m ld, key, s string) {
	if s = strings.TrimSpace(s); s != "" {
		m[key] = s
	}
}
