// Package demo ships the demo agency (an agency around Arlon, 6700): its
// catalog and the pictures of its listings, embedded in the binary.
//
// catalog.json and pictures/ are written by the generator:
//
//	go run ./internal/adapter/demo/gen
package demo

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"

	"immo/internal/domain/catalog"
)

// PictureURLPrefix is the path under which the site must serve Pictures():
// every picture Url of the demo catalog is PictureURLPrefix + file name.
const PictureURLPrefix = "/pictures/demo/"

//go:embed catalog.json
var catalogJSON []byte

//go:embed pictures
var pictures embed.FS

// Catalog parses the embedded demo catalog. Each call returns a fresh copy
// the caller may modify.
func Catalog() (*catalog.Catalog, error) {
	var c catalog.Catalog
	if err := json.Unmarshal(catalogJSON, &c); err != nil {
		return nil, fmt.Errorf("demo: parse catalog.json: %w", err)
	}
	return &c, nil
}

// Pictures is the embedded pictures folder: "house-01.jpg" opens
// pictures/house-01.jpg.
func Pictures() fs.FS {
	sub, err := fs.Sub(pictures, "pictures")
	if err != nil {
		panic(err) // cannot happen: "pictures" is a valid, embedded path
	}
	return sub
}
