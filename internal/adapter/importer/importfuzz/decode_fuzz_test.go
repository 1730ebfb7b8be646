package importfuzz

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"immo/internal/adapter/demo"
	"immo/internal/adapter/importer"
	"immo/internal/domain/catalog"
)

// FuzzDecodeValidate: any file decodes and validates without panicking;
// every record is either decoded or reported, each problem points at a
// record of its section, and a property the checks pass is within the
// bounds they promise.
func FuzzDecodeValidate(f *testing.F) {
	cat, err := demo.Catalog()
	if err != nil {
		f.Fatal(err)
	}
	file := func(props []catalog.Property, projects []catalog.Project) []byte {
		b, err := json.Marshal(map[string]any{"types": cat.Types, "properties": props, "projects": projects})
		if err != nil {
			f.Fatal(err)
		}
		return b
	}
	// Each record of the demo catalog in a file of its own: small inputs the
	// fuzzer mutates quickly.
	for _, p := range cat.Properties {
		f.Add(file([]catalog.Property{p}, []catalog.Project{}))
	}
	for _, p := range cat.Projects {
		f.Add(file([]catalog.Property{}, []catalog.Project{p}))
	}
	for _, s := range []string{
		`{}`, `{"properties": [], "projects": []}`, `[]`, `{"properties": [1, "x", null], "projects": [{}]}`,
		`{"properties": [{"ID": 1, "Goal": 7, "WebID": 1, "City": "Arlon", "CountryID": 1, "Zip": "ABC"}], "projects": []}`,
		`{"properties": [{"ID": 2, "WebID": 1, "City": "Arlon", "CountryID": 1, "Zip": "6700", "Price": 1e300}], "projects": []}`,
		`{"properties": [{"ID": 3, "WebID": 1, "City": "Arlon", "CountryID": 2, "Zip": "L-1234",
		  "Pictures": [{"Url": "http://169.254.169.254/latest"}]}], "projects": [], "extra": 1}`,
	} {
		f.Add([]byte(s))
	}

	f.Fuzz(func(t *testing.T, data []byte) {
		got, pos, problems, err := importer.Decode(bytes.NewReader(data))
		if err != nil {
			if got != nil {
				t.Fatalf("Decode: a catalog along with %v", err)
			}
			return
		}
		var raw struct{ Types, Properties, Projects []json.RawMessage }
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatalf("Decode accepted what json refuses: %v", err)
		}
		records := map[string]int{"types": len(raw.Types), "properties": len(raw.Properties), "projects": len(raw.Projects)}
		decoded := map[string]int{"types": len(got.Types), "properties": len(got.Properties), "projects": len(got.Projects)}
		undecoded := map[string]int{}
		for _, p := range problems {
			if p.Index < 0 || p.Index >= records[p.Section] {
				t.Fatalf("decode problem %v: no such record", p)
			}
			undecoded[p.Section]++
		}
		for section, n := range records {
			if decoded[section]+undecoded[section] != n || len(pos[section]) != decoded[section] {
				t.Fatalf("%s: %d records, %d decoded, %d reported, %d positions", section, n, decoded[section], undecoded[section], len(pos[section]))
			}
		}

		rejected := map[int]bool{}
		for _, p := range importer.Validate(got, nil) {
			if p.Index < 0 || p.Index >= decoded[p.Section] {
				t.Fatalf("problem %v: no such record", p)
			}
			if p.Section == "properties" {
				rejected[p.Index] = true
			}
		}
		for i, p := range got.Properties {
			if rejected[i] {
				continue
			}
			if p.Goal != catalog.GoalSale && p.Goal != catalog.GoalRent {
				t.Fatalf("property %d accepted with Goal %d", p.ID, p.Goal)
			}
			if math.IsNaN(p.Price) || p.Price < 0 || p.Price >= importer.MaxAmount {
				t.Fatalf("property %d accepted with Price %v", p.ID, p.Price)
			}
			if len(p.Reference) > 64 || len(p.City) > 500 {
				t.Fatalf("property %d accepted with a %d-byte Reference, %d-byte City", p.ID, len(p.Reference), len(p.City))
			}
		}
	})
}
