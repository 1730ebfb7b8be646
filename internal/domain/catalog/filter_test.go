package catalog

import (
	"net/url"
	"strings"
	"testing"

	"immo/internal/domain/errs"
)

func TestParseQueryBoundsNumbers(t *testing.T) {
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
			_, err = ParseQuery(v, "en")
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

func TestParseID(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1", 1, true},
		{"4100001", 4100001, true},
		{"9223372036854775807", 9223372036854775807, true},
		{"9223372036854775808", 0, false},
		{"0", 0, false},
		{"05", 0, false},
		{"+5", 0, false},
		{"-5", 0, false},
		{"5 ", 0, false},
		{"", 0, false},
		{"1e3", 0, false},
	} {
		if got, ok := ParseID(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("ParseID(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestParseCitiesList(t *testing.T) {
	for _, tt := range []struct {
		query, want string
		ok          bool
	}{
		{"", CitiesAll, true},
		{"list=sale", CitiesSale, true},
		{"list=%20RENT%20", CitiesRent, true},
		{"list=sold", CitiesAll, false},
	} {
		v, _ := url.ParseQuery(tt.query)
		got, err := ParseCitiesList(v)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseCitiesList(%q) = %q, %v; want %q, ok %v", tt.query, got, err, tt.want, tt.ok)
		}
		if e, isErr := errs.As(err); err != nil && (!isErr || e.Field != "list") {
			t.Errorf("ParseCitiesList(%q): error %v must name list", tt.query, err)
		}
	}
}

func TestCheckQuery(t *testing.T) {
	many := strings.Repeat("a=1&", MaxQueryParams) + "a=1"
	for _, tt := range []struct {
		raw string
		ok  bool
	}{
		{"goal=sale&page=2", true},
		{strings.Repeat("a=1&", MaxQueryParams-1) + "a=1", true},
		{many, false},
		{"q=" + strings.Repeat("x", MaxQueryBytes), false},
		{"q=%zz", false},
	} {
		err := CheckQuery(tt.raw)
		if (err == nil) != tt.ok {
			t.Errorf("CheckQuery(%.40q…) = %v, want ok %v", tt.raw, err, tt.ok)
		}
		if e, isErr := errs.As(err); err != nil && (!isErr || e.Field != "query") {
			t.Errorf("CheckQuery: error %v must name query", err)
		}
	}
}
