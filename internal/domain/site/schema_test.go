package site

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestConfigSchema: the editor's schema names every field of the demo's
// configuration, with the kinds its forms need.
func TestConfigSchema(t *testing.T) {
	s := ConfigSchema()
	if s.Root != "Config" {
		t.Fatalf("root = %q", s.Root)
	}
	field := func(typ, key string) SchemaField {
		t.Helper()
		i := slices.IndexFunc(s.Types[typ], func(f SchemaField) bool { return f.Key == key })
		if i < 0 {
			t.Fatalf("%s has no field %q", typ, key)
		}
		return s.Types[typ][i]
	}
	for _, tc := range []struct {
		typ, key string
		want     SchemaField
	}{
		{"Config", "pages", SchemaField{Key: "pages", Kind: KindList, Type: "Page", Elem: KindObject}},
		{"Page", "childMenus", SchemaField{Key: "childMenus", Kind: KindList, Type: "Page", Elem: KindObject}},
		{"PageParams", "title", SchemaField{Key: "title", Kind: KindText}},
		{"PageParams", "content", SchemaField{Key: "content", Kind: KindHTML}},
		{"PageParams", "metadata", SchemaField{Key: "metadata", Kind: KindLangs, Type: "Metadata"}},
		{"Banner", "properties", SchemaField{Key: "properties", Kind: KindList, Elem: KindNumber}},
		{"Banner", "video", SchemaField{Key: "video", Kind: KindObject, Type: "Video"}},
		{"Config", "appointments", SchemaField{Key: "appointments", Kind: KindObject, Type: "Appointments", Optional: true}},
		{"Geometry", "coordinates", SchemaField{Key: "coordinates", Kind: KindJSON}},
		{"Image", "url", SchemaField{Key: "url", Kind: KindPicture}},
		{"Module", "image", SchemaField{Key: "image", Kind: KindPicture}},
		{"Video", "url", SchemaField{Key: "url", Kind: KindString}},
	} {
		got := field(tc.typ, tc.key)
		got.Options = nil
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s.%s = %+v, want %+v", tc.typ, tc.key, got, tc.want)
		}
	}
	// Every picture field names a string of the configuration.
	for name := range pictureFields {
		typ, key, _ := strings.Cut(name, ".")
		if f := field(typ, key); f.Kind != KindPicture {
			t.Errorf("%s is %s, want a picture", name, f.Kind)
		}
	}
	if f := field("Banner", "type"); !slices.Equal(f.Options, BannerTypes) {
		t.Errorf("banner.type options = %v", f.Options)
	}
	// Every key of the demo's file is in the schema: the editor shows it all.
	var demo map[string]any
	data, err := os.ReadFile("../../adapter/demo/site.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &demo); err != nil {
		t.Fatal(err)
	}
	for key := range demo {
		field("Config", key)
	}
}
