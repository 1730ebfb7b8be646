package web

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// vocabulary is testdata/schemaorg/vocabulary.json: an extract of the
// schema.org vocabulary (its source, version and how it was made are in the
// file and in extract.go beside it).
type vocabulary struct {
	Source     string                                `json:"source"`
	Version    string                                `json:"version"`
	Types      map[string]struct{ Parents []string } `json:"types"`
	Properties map[string]struct {
		Domains []string `json:"domains"`
		Ranges  []string `json:"ranges"`
	} `json:"properties"`
	Members map[string]string `json:"members"`
}

var (
	vocabOnce sync.Once
	vocab     vocabulary
	vocabErr  error
)

func loadVocabulary(t *testing.T) *vocabulary {
	t.Helper()
	vocabOnce.Do(func() {
		b, err := os.ReadFile("testdata/schemaorg/vocabulary.json")
		if err == nil {
			err = json.Unmarshal(b, &vocab)
		}
		vocabErr = err
	})
	if vocabErr != nil {
		t.Fatal(vocabErr)
	}
	return &vocab
}

// is tells whether type t is want or one of its descendants.
func (v *vocabulary) is(t, want string) bool {
	if t == want {
		return true
	}
	for _, p := range v.Types[t].Parents {
		if v.is(p, want) {
			return true
		}
	}
	return false
}

// isData tells a schema.org data type (Text, Number…), as opposed to a class.
func (v *vocabulary) isData(t string) bool {
	for _, d := range []string{"Text", "Number", "Boolean", "Date", "DateTime", "Time"} {
		if v.is(t, d) {
			return true
		}
	}
	return false
}

const schemaPrefix = "https://schema.org/"

var (
	absoluteURL = regexp.MustCompile(`^https?://[^\s/]+(/\S*)?$`)
	timeOfDay   = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$`)
	isoDate     = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	isoDateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$`)
)

// check walks a JSON-LD node and reports every type the vocabulary does not
// have, every property it does not have or not on that type, and every
// value of a kind the property's range does not allow. path names the node
// in the messages.
func (v *vocabulary) check(path string, node map[string]any) []string {
	var problems []string
	typ, _ := node["@type"].(string)
	if _, ok := v.Types[typ]; !ok {
		return []string{fmt.Sprintf("%s: unknown type %q", path, node["@type"])}
	}
	if v.isData(typ) {
		return []string{fmt.Sprintf("%s: %s is a data type, not a node's type", path, typ)}
	}
	keys := make([]string, 0, len(node))
	for k := range node {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if strings.HasPrefix(k, "@") {
			if !slices.Contains([]string{"@context", "@type", "@id"}, k) {
				problems = append(problems, fmt.Sprintf("%s: keyword %s", path, k))
			}
			continue
		}
		p, ok := v.Properties[k]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: unknown property %s", path, k))
			continue
		}
		if !slices.ContainsFunc(p.Domains, func(d string) bool { return v.is(typ, d) }) {
			problems = append(problems, fmt.Sprintf("%s: %s is not a property of %s (domains %v)", path, k, typ, p.Domains))
			continue
		}
		values, many := node[k].([]any)
		if !many {
			values = []any{node[k]}
		}
		for i, val := range values {
			at := path + "." + k
			if many {
				at += fmt.Sprintf("[%d]", i)
			}
			problems = append(problems, v.checkValue(at, val, p.Ranges)...)
		}
	}
	return problems
}

// checkValue reports a value that none of ranges allows.
func (v *vocabulary) checkValue(path string, val any, ranges []string) []string {
	inRange := func(t string) bool {
		return slices.ContainsFunc(ranges, func(r string) bool { return v.is(t, r) })
	}
	classRange := slices.ContainsFunc(ranges, func(r string) bool { return !v.isData(r) })
	switch x := val.(type) {
	case map[string]any:
		if _, typed := x["@type"]; !typed {
			if id, ok := x["@id"].(string); ok && len(x) == 1 && classRange && absoluteURL.MatchString(id) {
				return nil // a reference to a node described elsewhere
			}
			return []string{fmt.Sprintf("%s: an object without @type", path)}
		}
		typ, _ := x["@type"].(string)
		if _, ok := v.Types[typ]; ok && !inRange(typ) {
			return []string{fmt.Sprintf("%s: a %s where %v is expected", path, typ, ranges)}
		}
		return v.check(path, x)
	case float64:
		switch {
		case inRange("Integer") && x == math.Trunc(x), inRange("Float"), slices.ContainsFunc(ranges, func(r string) bool { return r == "Number" }):
			return nil
		}
		return []string{fmt.Sprintf("%s: the number %v where %v is expected", path, x, ranges)}
	case bool:
		if inRange("Boolean") {
			return nil
		}
		return []string{fmt.Sprintf("%s: a boolean where %v is expected", path, ranges)}
	case string:
		if name, ok := strings.CutPrefix(x, schemaPrefix); ok {
			if enum, member := v.Members[name]; member {
				if inRange(enum) {
					return nil
				}
				return []string{fmt.Sprintf("%s: %s is a %s, not one of %v", path, name, enum, ranges)}
			}
		}
		switch {
		case slices.Contains(ranges, "Text"):
			return nil
		case slices.Contains(ranges, "URL") && absoluteURL.MatchString(x):
			return nil
		case slices.Contains(ranges, "Time") && timeOfDay.MatchString(x):
			return nil
		case slices.Contains(ranges, "Date") && isoDate.MatchString(x):
			return nil
		case slices.Contains(ranges, "DateTime") && isoDateTime.MatchString(x):
			return nil
		case classRange && absoluteURL.MatchString(x) && !strings.HasPrefix(x, schemaPrefix):
			return nil // a node named by its address, as Google's breadcrumb item
		}
		return []string{fmt.Sprintf("%s: the text %q where %v is expected", path, x, ranges)}
	}
	return []string{fmt.Sprintf("%s: %T where %v is expected", path, val, ranges)}
}

// TestVocabularyCheckFails: the checker is no rubber stamp — each kind of
// mistake it is there for is reported.
func TestVocabularyCheckFails(t *testing.T) {
	v := loadVocabulary(t)
	if v.Version == "" || !strings.Contains(v.Source, "schemaorg") {
		t.Errorf("the extract does not say where it comes from: %q %q", v.Source, v.Version)
	}
	good := `{"@type":"RealEstateListing","name":"Maison","url":"https://immo.test/fr/a/","offers":{"@type":"Offer","price":250000,"priceCurrency":"EUR","availability":"https://schema.org/SoldOut"},
		"mainEntity":{"@type":"Accommodation","numberOfBedrooms":3,"floorSize":{"@type":"QuantitativeValue","value":120,"unitCode":"MTK"}}}`
	cases := map[string]string{
		"":                           good,
		"unknown type":               `{"@type":"RealEstateOffice","name":"x"}`,
		"unknown property":           `{"@type":"Accommodation","bedroomCount":3}`,
		"property of another type":   `{"@type":"Offer","numberOfBedrooms":3}`,
		"text for a number":          `{"@type":"Accommodation","numberOfBathroomsTotal":"3"}`,
		"fraction for an integer":    `{"@type":"Accommodation","numberOfBathroomsTotal":1.5}`,
		"number for a text":          `{"@type":"Offer","priceCurrency":978}`,
		"member of another enum":     `{"@type":"Offer","availability":"https://schema.org/Monday"}`,
		"text for an enumeration":    `{"@type":"Offer","availability":"sold"}`,
		"object of the wrong type":   `{"@type":"Accommodation","floorSize":{"@type":"PostalAddress","postalCode":"6700"}}`,
		"object without a type":      `{"@type":"Accommodation","floorSize":{"value":3}}`,
		"relative address for a URL": `{"@type":"RealEstateListing","url":"/fr/a/"}`,
		"bad time":                   `{"@type":"OpeningHoursSpecification","opens":"9h"}`,
		"nested mistake":             `{"@type":"ItemList","itemListElement":[{"@type":"ListItem","position":1,"url":"https://immo.test/"},{"@type":"ListItem","postion":2}]}`,
	}
	for name, doc := range cases {
		var node map[string]any
		if err := json.Unmarshal([]byte(doc), &node); err != nil {
			t.Fatal(name, err)
		}
		problems := v.check("$", node)
		if name == "" && len(problems) > 0 {
			t.Errorf("a good listing is refused: %v", problems)
		}
		if name != "" && len(problems) == 0 {
			t.Errorf("%s: not reported", name)
		}
	}
}
