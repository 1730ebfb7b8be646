package rules

import (
	"math"
	"strconv"
	"strings"

	"immo/internal/i18n"
)

// PriceUnitFrom is the PriceUnit that shows a "starting from" prefix.
const PriceUnitFrom = 7

// FormatAmount writes v in Belgian Dutch style with a euro prefix:
// "€ 250.000", "€ 1.234,50", "€ -1.500". Cents are shown only when there are
// any after rounding to the cent. NaN and ±Inf give "NaN", as the old site
// did when formatting failed.
func FormatAmount(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "NaN"
	}
	// 'f' with 2 decimals rounds to the cent and never uses an exponent.
	s := strconv.FormatFloat(math.Abs(v), 'f', 2, 64)
	whole, cents, _ := strings.Cut(s, ".")
	var b strings.Builder
	b.WriteString("€ ")
	if v < 0 && s != "0.00" { // no "-0" for amounts that round to zero
		b.WriteByte('-')
	}
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(d)
	}
	if cents != "00" {
		b.WriteString("," + cents)
	}
	return b.String()
}

// FormatPrice is the price as shown on a property: hidden prices read "price
// on request", PriceUnit 7 adds a "from" prefix.
func FormatPrice(price float64, publishPrice bool, priceUnit int, lang string) string {
	if !publishPrice {
		return i18n.T(lang, "rules.price.onRequest")
	}
	amount := FormatAmount(price)
	// "From NaN" would be worse than the bare failure text.
	if priceUnit == PriceUnitFrom && amount != "NaN" {
		return i18n.T(lang, "rules.price.from") + " " + amount
	}
	return amount
}
