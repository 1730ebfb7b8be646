package importer

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Bounds every record's fields stay within, whatever the field: a catalog
// file comes from another system and is stored and shown as it is, so
// one runaway value must not fill the database or a page.
const (
	// MaxAmount bounds every number (prices, surfaces, fees): 1e9 is far
	// above any price in euros and any surface in m², and far below what
	// breaks formatting or sums.
	MaxAmount = 1e9
	// MaxText bounds a string field in bytes unless textLimits says more.
	MaxText = 500
	// MaxItems bounds a list (pictures, units, documents…).
	MaxItems = 500
)

// textLimits are the fields allowed another length than MaxText, by JSON
// name (a Text's languages share their field's limit).
var textLimits = map[string]int{
	"Description":   20_000,
	"Url":           2048,
	"VirtualTour":   2048,
	"ExternalWeb":   2048,
	"Reference":     64,
	"ProjectNumber": 64,
	"HouseNumber":   32,
	"BoxNr":         32,
	"Zip":           16,
	"EPCNumber":     64,
}

var timeType = reflect.TypeFor[time.Time]()

// bounded checks every string, list and number of a record against the
// bounds above, naming each field by its JSON path (Pictures[2].Url).
func (c *checker) bounded(record any) {
	c.walk("", "", reflect.ValueOf(record))
}

func (c *checker) walk(path, name string, v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			c.walk(path, name, v.Elem())
		}
	case reflect.Struct:
		if v.Type() == timeType {
			return
		}
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			jsonName, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if jsonName == "-" || !f.IsExported() {
				continue
			}
			if jsonName == "" {
				jsonName = f.Name
			}
			c.walk(join(path, jsonName), jsonName, v.Field(i))
		}
	case reflect.Slice:
		if v.Len() > MaxItems {
			c.fail(path, KeyTooManyItems, map[string]string{"n": num(v.Len()), "max": num(MaxItems)},
				"lists %d items, at most %d are allowed", v.Len(), MaxItems)
			return
		}
		for i := range v.Len() {
			c.walk(fmt.Sprintf("%s[%d]", path, i), name, v.Index(i))
		}
	case reflect.Map:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			c.walk(path+"."+k.String(), name, v.MapIndex(k))
		}
	case reflect.String:
		limit := MaxText
		if l, ok := textLimits[name]; ok {
			limit = l
		}
		s := v.String()
		if len(s) > limit {
			c.fail(path, KeyTooLong, map[string]string{"n": num(len(s)), "max": num(limit)}, "is %d bytes long, at most %d are allowed", len(s), limit)
		} else if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
			c.fail(path, KeyInvalidText, nil, "is not valid text")
		}
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) >= MaxAmount {
			c.fail(path, KeyNumberRange, map[string]string{"max": num(int64(MaxAmount))}, "must be a number between -%.0f and %.0f", MaxAmount, MaxAmount)
		}
	case reflect.Int, reflect.Int64, reflect.Int32:
		// IDs are int64 and may be large; other whole numbers are counts,
		// years and codes.
		if n := v.Int(); name != "ID" && (n < -MaxAmount || n >= MaxAmount) {
			c.fail(path, KeyNumberRange, map[string]string{"max": num(int64(MaxAmount))}, "must be a number between -%.0f and %.0f", MaxAmount, MaxAmount)
		}
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
