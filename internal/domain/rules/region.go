package rules

import (
	"strconv"
	"strings"
)

// Region is a Belgian region, derived from the postal code. (The lookup is
// RegionOf: Go does not allow a func and a type to share the name Region.)
type Region string

const (
	RegionBrussels Region = "brussels"
	RegionWallonia Region = "wallonia"
	RegionFlanders Region = "flanders"
	RegionUnknown  Region = ""
)

// RegionOf maps a Belgian postal code to its region (SPEC §9). Belgian codes
// are exactly four digits, so anything else (letters, "01000", "+1000") is
// RegionUnknown rather than a guess.
func RegionOf(zip string) Region {
	n, ok := belgianZip(zip)
	switch {
	case !ok:
		return RegionUnknown
	case n >= 1000 && n <= 1299:
		return RegionBrussels
	case n >= 1300 && n <= 1499, n >= 4000 && n <= 7999:
		return RegionWallonia
	case n >= 1500 && n <= 3999, n >= 8000 && n <= 9999:
		return RegionFlanders
	}
	return RegionUnknown
}

func belgianZip(zip string) (int, bool) {
	zip = strings.TrimSpace(zip)
	if len(zip) != 4 {
		return 0, false
	}
	for i := 0; i < len(zip); i++ {
		if zip[i] < '0' || zip[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(zip)
	return n, err == nil
}
