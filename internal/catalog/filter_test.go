package httpapi

import (
	"net/url"
	"testing"

	"immo/internal/errs"
)

func TestListQueryBoundsNumbers(t *testing.T) {
	tests := []struct {
		query, field string // field "" for a valid query
	}{
		{"page=2&pageSize=100&priceMin=150000.50&priceMax=300000&bedroomsMin=3&type=2", ""},
		{"page=1000000", ""},
		{"page=+7", ""}, // "+" in a query is a space, trimmed: 7
		{"page=1000001", "page"},
		{"page=9223372036854775807", "page"},
		{"page=18446744073709551616", "page"},
		{"page=%2B7", "page"},
		{"page=-1", "page"},
		{"page=0", "page"},
		{"page=1.0", "page"},
		{"page=1e3", "page"},
		{"page=0x10", "page"},
		{"page=1_000", "page"},
		{"page=٣", "page"}, // Arabic-Indic three
		{"pageSize=101", "pageSize"},
		{"pageSize=-9223372036854775808", "pageSize"},
		{"priceMin=Inf", "priceMin"},
		{"priceMin=%2BInf", "priceMin"},
		{"priceMin=NaN", "priceMin"},
		{"priceMin=1e400", "priceMin"},
		{"priceMin=1e5", "priceMin"},
		{"priceMin=1_000", "priceMin"},
		{"priceMin=0x10", "priceMin"},
		{"priceMin=%2B5", "priceMin"},
		{"priceMin=-5", "priceMin"},
		{"priceMin=.5", "priceMin"},
		{"priceMin=5.", "priceMin"},
		{"priceMin=1.2.3", "priceMin"},
		{"priceMax=1000000001", "priceMax"},
		{"priceMax=100000000000000000000000", "priceMax"},
		{"bedroomsMin=100", "bedroomsMin"},
		{"bedroomsMin=-1", "bedroomsMin"},
		{"type=1000001", "type"},
		{"type=-1", "type"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			v, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			_, err = ListQuery(v, "en")
			if tt.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			e, ok := errs.As(err)
			if !ok || e.Code != errs.Invalid || e.Field != tt.field {
				t.Fatalf("error %v, want one naming %s", err, tt.field)
			}
		})
	}
}

func TestPageBeyond(t *testing.T) {
	for s, want := range map[string]bool{"": false, "3": false, "1000000": false, "1000001": true,
		"9223372036854775807": true, "99999999999999999999999": true, "-5": false, "abc": false} {
		if got := PageBeyond(url.Values{"page": {s}}); got != want {
			t.Errorf("PageBeyond(%q) = %v, want %v", s, got, want)
		}
	}
}
