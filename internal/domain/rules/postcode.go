package rules

import (
	"regexp"
	"strings"
)

// A postcode is a postal code qualified by its country, as the agency's
// zones and the registrants' demands hold them and a listing is matched
// by: "BE-6700", "LU-1930". Belgian and Luxembourg codes are both four
// digits and overlap (1930 is Zaventem and Luxembourg City), so a code
// alone would send a Zaventem listing to whoever chose Luxembourg City.

var postcodeForm = regexp.MustCompile(`^(BE|LU)-[0-9]{4}$`)

// Postcode qualifies zip by country ("BE" or "LU").
func Postcode(country, zip string) string { return country + "-" + zip }

// IsPostcode tells whether s is a Postcode of a Belgian or Luxembourg code.
func IsPostcode(s string) bool { return postcodeForm.MatchString(s) }

// countryCodes are the ISO 3166-1 codes of the countries an agency of the
// region names, by their names in nl, fr, en and de, lower-cased.
var countryCodes = map[string]string{
	"belgië": "BE", "belgie": "BE", "belgique": "BE", "belgium": "BE", "belgien": "BE",
	"luxemburg": "LU", "luxembourg": "LU",
	"frankrijk": "FR", "france": "FR", "frankreich": "FR",
	"nederland": "NL", "pays-bas": "NL", "netherlands": "NL", "niederlande": "NL",
	"duitsland": "DE", "allemagne": "DE", "germany": "DE", "deutschland": "DE",
}

// CountryCode is name's ISO 3166-1 alpha-2 code when it is a country an
// agency of the region names (or a code already), else name as it is.
func CountryCode(name string) string {
	n := strings.ToLower(strings.TrimSpace(name))
	if code, ok := countryCodes[n]; ok {
		return code
	}
	if len(n) == 2 {
		return strings.ToUpper(n)
	}
	return strings.TrimSpace(name)
}
