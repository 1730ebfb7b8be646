package rules

import (
	"math"
	"testing"
)

func TestFormatAmount(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{
		{0, "€ 0"},
		{1, "€ 1"},
		{999, "€ 999"},
		{1000, "€ 1.000"},
		{250000, "€ 250.000"},
		{999999, "€ 999.999"},
		{1000000, "€ 1.000.000"},
		{1234.5, "€ 1.234,50"},
		{1234.56, "€ 1.234,56"},
		{0.5, "€ 0,50"},
		{1234.004, "€ 1.234"}, // rounds to no cents
		{1234.999, "€ 1.235"}, // rounds up into the euros
		{999999.996, "€ 1.000.000"},
		{-1500, "€ -1.500"},
		{-1234.5, "€ -1.234,50"},
		{-0.001, "€ 0"},
		{math.Copysign(0, -1), "€ 0"},
		{1e15, "€ 1.000.000.000.000.000"},
		{math.NaN(), "NaN"},
		{math.Inf(1), "NaN"},
		{math.Inf(-1), "NaN"},
	}
	for _, tt := range tests {
		if got := FormatAmount(tt.v); got != tt.want {
			t.Errorf("FormatAmount(%v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestFormatPrice(t *testing.T) {
	tests := []struct {
		price   float64
		publish bool
		unit    int
		lang    string
		want    string
	}{
		{250000, true, 0, "fr", "€ 250.000"},
		{250000, true, 6, "nl", "€ 250.000"},
		{250000, true, 8, "nl", "€ 250.000"},
		{250000, true, 7, "fr", "À partir de € 250.000"},
		{250000, true, 7, "nl", "Vanaf € 250.000"},
		{250000, true, 7, "en", "From € 250.000"},
		{250000, true, 7, "de", "Ab € 250.000"},
		{250000, false, 0, "fr", "Prix sur demande"},
		{250000, false, 7, "nl", "Prijs op aanvraag"},
		{250000, false, 0, "en", "Price on request"},
		{250000, false, 0, "de", "Preis auf Anfrage"},
		{250000, false, 0, "xx", "Prix sur demande"}, // i18n falls back to fr
		{math.NaN(), true, 7, "fr", "NaN"},
		{math.NaN(), true, 0, "fr", "NaN"},
	}
	for _, tt := range tests {
		got := FormatPrice(tt.price, tt.publish, tt.unit, tt.lang)
		if got != tt.want {
			t.Errorf("FormatPrice(%v, %v, %d, %q) = %q, want %q", tt.price, tt.publish, tt.unit, tt.lang, got, tt.want)
		}
	}
}
