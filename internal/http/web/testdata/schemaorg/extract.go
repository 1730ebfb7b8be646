//go:build ignore

// extract writes vocabulary.json, the part of the schema.org vocabulary the
// structured data tests check against (structured_test.go): the types the
// site's JSON-LD uses, with their ancestors, every property whose domain is
// one of them, and the members of the enumerations among them.
//
//	go run internal/http/web/testdata/schemaorg/extract.go -version 30.0 \
//	    -in schemaorg-current-https.jsonld > internal/http/web/testdata/schemaorg/vocabulary.json
//
// The input is data/releases/<version>/schemaorg-current-https.jsonld of
// github.com/schemaorg/schemaorg (https://schema.org/version/latest/ serves
// the same file for the latest release). Tests never reach the internet.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
)

// seeds are the types the site writes, and those a test writes to prove an
// unknown property or a wrong value fails (Product, Event: a type whose
// properties the site's do not have).
var seeds = []string{
	"RealEstateAgent", "RealEstateListing", "Offer", "PriceSpecification", "UnitPriceSpecification",
	"Accommodation", "PostalAddress", "GeoCoordinates", "OpeningHoursSpecification", "QuantitativeValue",
	"ItemList", "ListItem", "BreadcrumbList", "ImageObject", "ItemAvailability", "DayOfWeek", "Country",
	"Product", "Event",
	"Text", "URL", "Number", "Integer", "Float", "Boolean", "Date", "DateTime", "Time",
}

type node struct {
	ID       string `json:"@id"`
	Type     any    `json:"@type"`
	SubClass any    `json:"rdfs:subClassOf"`
	Domain   any    `json:"schema:domainIncludes"`
	Range    any    `json:"schema:rangeIncludes"`
}

// Type is a type's direct parents.
type Type struct {
	Parents []string `json:"parents,omitempty"`
}

// Property is where a property may be used and what it may hold.
type Property struct {
	Domains []string `json:"domains"`
	Ranges  []string `json:"ranges"`
}

type vocabulary struct {
	Source     string              `json:"source"`
	Version    string              `json:"version"`
	Note       string              `json:"note"`
	Types      map[string]Type     `json:"types"`
	Properties map[string]Property `json:"properties"`
	// Members are enumeration members, each with its enumeration.
	Members map[string]string `json:"members"`
}

func main() {
	in := flag.String("in", "schemaorg-current-https.jsonld", "the vocabulary file")
	version := flag.String("version", "", "the release it comes from")
	flag.Parse()
	b, err := os.ReadFile(*in)
	if err != nil {
		fail(err)
	}
	var doc struct {
		Graph []node `json:"@graph"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		fail(err)
	}
	parents := map[string][]string{}
	var props []node
	var enumMembers []node
	for _, n := range doc.Graph {
		id, ok := local(n.ID)
		if !ok {
			continue
		}
		types := ids(n.Type)
		switch {
		case slices.Contains(types, "rdfs:Class") || slices.Contains(types, "schema:DataType"):
			parents[id] = locals(n.SubClass)
		case slices.Contains(types, "rdf:Property"):
			props = append(props, n)
		default:
			enumMembers = append(enumMembers, n)
		}
	}
	keep := map[string]bool{}
	var add func(string)
	add = func(t string) {
		if keep[t] {
			return
		}
		if _, ok := parents[t]; !ok {
			fail(fmt.Errorf("no type %s in %s", t, *in))
		}
		keep[t] = true
		for _, p := range parents[t] {
			add(p)
		}
	}
	for _, s := range seeds {
		add(s)
	}
	v := vocabulary{Source: "https://github.com/schemaorg/schemaorg/blob/main/data/releases/" + *version + "/schemaorg-current-https.jsonld",
		Version: *version, Note: "extract written by extract.go: the types the site's JSON-LD uses and their ancestors, every property whose domain is one of them, and their enumerations' members",
		Types: map[string]Type{}, Properties: map[string]Property{}, Members: map[string]string{}}
	for t := range keep {
		v.Types[t] = Type{Parents: parents[t]}
	}
	for _, p := range props {
		id, _ := local(p.ID)
		domains := locals(p.Domain)
		if !slices.ContainsFunc(domains, func(d string) bool { return keep[d] }) {
			continue
		}
		sort.Strings(domains)
		ranges := locals(p.Range)
		sort.Strings(ranges)
		v.Properties[id] = Property{Domains: domains, Ranges: ranges}
	}
	for _, m := range enumMembers {
		id, _ := local(m.ID)
		for _, t := range locals(m.Type) {
			if keep[t] {
				v.Members[id] = t
			}
		}
	}
	out, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		fail(err)
	}
	os.Stdout.Write(append(out, '\n'))
}

func local(id string) (string, bool) { return strings.CutPrefix(id, "schema:") }

// ids reads a JSON-LD value that is an @id, a list of them, a string or a list of strings.
func ids(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case map[string]any:
		if s, ok := x["@id"].(string); ok {
			return []string{s}
		}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, ids(e)...)
		}
		return out
	}
	return nil
}

// locals are ids' schema.org names, others (rdfs:Class, outside vocabularies) left out.
func locals(v any) []string {
	var out []string
	for _, s := range ids(v) {
		if l, ok := local(s); ok {
			out = append(out, l)
		}
	}
	return out
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "extract:", err)
	os.Exit(1)
}
