package rules

import "regexp"

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
