package registrant

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"immo/internal/domain/account"
	"immo/internal/domain/field"
)

func TestDetailsValidate(t *testing.T) {
	langs := []string{"nl", "fr", "en", "de"}
	good := Details{FirstName: "Ann", LastName: "Peeters", Lang: "fr", AlertFrequency: account.Daily}
	tests := []struct {
		name   string
		change func(*Details)
		want   map[string]string
	}{
		{"good", func(*Details) {}, map[string]string{}},
		{"no first name", func(d *Details) { d.FirstName = " " }, map[string]string{"firstName": field.KeyRequired}},
		{"a name too long", func(d *Details) { d.LastName = strings.Repeat("é", field.MaxText+1) }, map[string]string{"lastName": field.KeyTooLong}},
		{"a control character", func(d *Details) { d.LastName = "Pee\x00ters" }, map[string]string{"lastName": field.KeyControl}},
		{"a language the site has not", func(d *Details) { d.Lang = "es" }, map[string]string{"lang": field.KeyChoice}},
		{"no frequency", func(d *Details) { d.AlertFrequency = "" }, map[string]string{"alertFrequency": field.KeyRequired}},
		{"a frequency unknown", func(d *Details) { d.AlertFrequency = "hourly" }, map[string]string{"alertFrequency": field.KeyChoice}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := good
			tt.change(&d)
			got := d.Validate(langs)
			if !maps.Equal(map[string]string(got), tt.want) {
				t.Errorf("Validate = %v, want %v (fields %v)", got, tt.want, slices.Sorted(maps.Keys(got)))
			}
		})
	}
}
