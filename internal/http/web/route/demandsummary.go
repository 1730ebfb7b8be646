package route

import (
	"slices"
	"strconv"
	"strings"

	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
	"immo/internal/domain/i18n"
	"immo/internal/domain/rules"
)

// DemandSummary says a demand's search in words in lang: to buy or rent,
// the types, the zones, the price, the rooms it asks for ("2 bedrooms
// min", "1–2 garages") — the registrant's area and the inbox's list of
// demands alike.
func (r *Resolver) DemandSummary(d demand.Demand, lang string) string {
	t := func(key string, pairs ...string) string { return i18n.Tf(lang, "registrant.summary."+key, pairs...) }
	parts := []string{t("buy")}
	if d.Goal == catalog.GoalRent {
		parts[0] = t("rent")
	}
	var names []string
	for _, id := range d.Types {
		if n := r.TypeName(id, lang); n != "" {
			names = append(names, n)
		}
	}
	parts = append(parts, strings.Join(names, ", "))
	names = nil
	for _, id := range r.Site.ZoneIDs(d.Zips) {
		names = append(names, r.Site.ZoneName(id, lang))
	}
	parts = append(parts, strings.Join(names, ", "))
	euros := rules.Euros
	switch {
	case d.Price.Min > 0 && d.Price.Max > 0:
		parts = append(parts, t("between", "min", euros(d.Price.Min), "max", euros(d.Price.Max)))
	case d.Price.Max > 0:
		parts = append(parts, t("upTo", "price", euros(d.Price.Max)))
	case d.Price.Min > 0:
		parts = append(parts, t("from", "price", euros(d.Price.Min)))
	default:
		parts = append(parts, t("anyPrice"))
	}
	rooms := func(name string, r demand.Range) {
		n := func(v int64) string { return strconv.FormatInt(v, 10) }
		key := "rooms." + name
		switch {
		case r.Min > 0 && r.Max > 0:
			parts = append(parts, t(key+"Between", "min", n(r.Min), "max", n(r.Max)))
		case r.Min > 0:
			parts = append(parts, t(key+"Min", "n", n(r.Min)))
		case r.Max > 0:
			parts = append(parts, t(key+"Max", "n", n(r.Max)))
		}
	}
	rooms("bedrooms", d.Bedrooms)
	rooms("bathrooms", demand.Range{Min: d.BathroomsMin})
	rooms("garages", d.Garages)
	rooms("parkings", d.Parkings)
	return strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), " · ")
}
