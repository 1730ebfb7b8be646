package site

import (
	"reflect"
	"strings"
	"sync"
)

// The site editor (issue #32) draws its forms from the configuration's own
// types: every field of Config, in file order, so a field added here is
// editable in the inbox without a line of the editor changing. Schema
// describes them; the editor edits the JSON a file holds.

// Kinds of a schema field.
const (
	KindString = "string"
	KindNumber = "number"
	KindBool   = "bool"
	// KindText is a text per language (Text): the four side by side.
	KindText = "text"
	// KindHTML is a text per language holding HTML, cleaned by the same
	// allow-list as a file's (sanitize.go).
	KindHTML = "html"
	// KindObject is a struct (Type names it); KindList a list of Elem;
	// KindLangs one Type per language (MetadataByLang).
	KindObject = "object"
	KindList   = "list"
	KindLangs  = "langs"
	// KindJSON is a value edited as JSON text (a zone's coordinates).
	KindJSON = "json"
	// KindPicture is a string holding a picture's address: chosen from
	// the site's picture library, or typed.
	KindPicture = "picture"
)

// Schema is the configuration's shape: Root names Config's type, Types
// every struct type it uses by name (recursive types, a page's children,
// name themselves).
type Schema struct {
	Root  string                   `json:"root"`
	Types map[string][]SchemaField `json:"types"`
}

// SchemaField is one field of a struct type, as the JSON names it.
type SchemaField struct {
	Key  string `json:"key"`
	Kind string `json:"kind"`
	// Type names the struct of an object, a list's items or a langs'.
	Type string `json:"type,omitempty"`
	// Elem is the kind of a list's items.
	Elem string `json:"elem,omitempty"`
	// Optional: the value may be absent (null), as a pointer field may.
	Optional bool `json:"optional,omitempty"`
	// Options are the values the rules accept, when they are few.
	Options []string `json:"options,omitempty"`
}

// htmlFields are the texts holding HTML: sanitize cleans the same ones.
var htmlFields = map[string]bool{
	"PageParams.content": true, "Module.description": true, "Module.description2": true,
	"LegalPage.content": true, "PublicText.text": true, "Popup.description": true,
}

// pictureFields are the strings holding a picture's address.
var pictureFields = map[string]bool{
	"Agency.logo": true, "SiteSettings.image": true, "Image.url": true, "SearchBlock.logo": true,
	"PageParams.image": true, "Module.image": true, "ModuleItem.image": true,
}

// fieldOptions are the values a field's rule accepts (checks*.go, validate*.go).
var fieldOptions = map[string][]string{
	"Header.menuPosition": {Left, Center, Right}, "Header.logoPosition": {Left, Center, Right},
	"Header.drawerButton": {Left, Right}, "Banner.type": BannerTypes, "Popup.isPublished": {PopupYes, PopupNo},
	"Page.status": statuses, "Module.status": statuses, "MenuItem.status": statuses, "ModuleItem.status": statuses,
	"PageParams.type":  {"", PageTypeModule, PageTypeContent},
	"Module.titleSize": titleSizes, "Module.view": append([]string{""}, Views...),
	"Module.position":       {"", PositionContentRow},
	"Module.backgroundType": MediaTypes, "Relation.type": RelationTypes, "Query.goal": {"", GoalSale, GoalRent},
	"Query.state": {StateAvailable, StateSold}, "Query.sort": {"", SortDate, SortPrice, SortType, SortCity},
	"Query.order": {"", OrderAsc, OrderDesc}, "OpeningDay.day": Weekdays, "Captcha.provider": CaptchaProviders,
	"Zone.country": ZoneCountries, "Service.category": ConsentCategories,
}

var (
	schemaOnce sync.Once
	schema     Schema
)

// ConfigSchema is Config's schema (made once: the types do not change).
func ConfigSchema() Schema {
	schemaOnce.Do(func() {
		schema = Schema{Types: map[string][]SchemaField{}}
		schema.Root = schemaOf(schema.Types, reflect.TypeFor[Config]())
	})
	return schema
}

var (
	textType  = reflect.TypeFor[Text]()
	langsType = reflect.TypeFor[MetadataByLang]()
)

// schemaOf adds struct type t (and every struct it holds) to types and returns its name.
func schemaOf(types map[string][]SchemaField, t reflect.Type) string {
	name := t.Name()
	if _, done := types[name]; done {
		return name
	}
	types[name] = nil // a type holding itself stops here
	fields := []SchemaField{}
	for i := range t.NumField() {
		f := t.Field(i)
		key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || key == "-" || key == "" {
			continue
		}
		sf := SchemaField{Key: key, Options: fieldOptions[name+"."+key]}
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			sf.Optional, ft = true, ft.Elem()
		}
		sf.Kind, sf.Type, sf.Elem = kindOf(types, ft)
		if sf.Kind == KindText && htmlFields[name+"."+key] {
			sf.Kind = KindHTML
		}
		if sf.Kind == KindString && pictureFields[name+"."+key] {
			sf.Kind = KindPicture
		}
		fields = append(fields, sf)
	}
	types[name] = fields
	return name
}

// kindOf is the kind of a field of type t, with the struct it names and a
// list's item kind.
func kindOf(types map[string][]SchemaField, t reflect.Type) (kind, typ, elem string) {
	switch {
	case t == textType:
		return KindText, "", ""
	case t == langsType:
		return KindLangs, schemaOf(types, langsType.Elem()), ""
	case t == videoType:
		return KindObject, schemaOf(types, t), ""
	}
	switch t.Kind() {
	case reflect.String:
		return KindString, "", ""
	case reflect.Bool:
		return KindBool, "", ""
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Float64:
		return KindNumber, "", ""
	case reflect.Struct:
		return KindObject, schemaOf(types, t), ""
	case reflect.Slice:
		e := t.Elem()
		if e.Kind() == reflect.Pointer {
			e = e.Elem()
		}
		k, typ, _ := kindOf(types, e)
		if k == KindList || k == KindJSON || k == KindLangs {
			return KindJSON, "", ""
		}
		return KindList, typ, k
	}
	return KindJSON, "", ""
}
