// Command gen writes the demo agency's catalog (internal/adapter/demo/catalog.json)
// and its procedurally drawn pictures (internal/adapter/demo/pictures/*.jpg), with
// the site's banner.jpg and logo.png.
// It is deterministic: every run produces byte-identical files.
//
//	go run ./internal/adapter/demo/gen
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"sort"

	"immo/internal/domain/catalog"
)

func main() {
	out := flag.String("out", defaultOut(), "the internal/adapter/demo folder to write into")
	noPics := flag.Bool("no-pictures", false, "only rewrite catalog.json")
	flag.Parse()

	pics := pool()
	if !*noPics {
		n, size, err := writePictures(filepath.Join(*out, "pictures"))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("pictures: %d files, %d bytes\n", n, size)
	}

	c := build(pics)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(c); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*out, "catalog.json"), buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("catalog.json: %d bytes, %d types, %d properties, %d projects\n", buf.Len(), len(c.Types), len(c.Properties), len(c.Projects))
	summary(c)
}

// build assembles the whole catalog.
func build(pics []picture) *catalog.Catalog {
	b := newBuilder(pics)
	c := &catalog.Catalog{}
	for i, t := range types {
		c.Types = append(c.Types, catalog.PropertyType{
			ID: t.ID, WebID: t.ID, ShowOrder: i + 1, Sale: true, Rent: true,
			Name: catalog.Text{"fr": t.Name[0], "nl": t.Name[1], "en": t.Name[2], "de": t.Name[3]},
		})
	}
	c.Properties = b.properties()
	c.Projects = b.projects()
	return c
}

// defaultOut is the folder above this source file (internal/adapter/demo).
func defaultOut() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return filepath.Join("internal", "demo")
	}
	return filepath.Dir(filepath.Dir(file))
}

// summary prints the available listings per city, for a quick check.
func summary(c *catalog.Catalog) {
	type count struct{ sale, rent int }
	cities := map[string]*count{}
	for _, p := range c.Properties {
		if p.Status != catalog.StatusAvailable {
			continue
		}
		k := p.Zip + " " + p.City
		if cities[k] == nil {
			cities[k] = &count{}
		}
		if p.IsSale() {
			cities[k].sale++
		} else {
			cities[k].rent++
		}
	}
	keys := make([]string, 0, len(cities))
	for k := range cities {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("  %-26s sale %2d  rent %2d\n", k, cities[k].sale, cities[k].rent)
	}
}
