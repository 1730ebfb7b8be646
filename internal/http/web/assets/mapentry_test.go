package assets

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

func TestLoadEntry(t *testing.T) {
	fsys := fstest.MapFS{"manifest.json": {Data: []byte(`{
		"src/entry-client.tsx": {"file": "assets/app-1.js", "isEntry": true, "imports": ["_runtime-2.js"], "css": ["assets/style-3.css"]},
		"src/map/main.ts": {"file": "assets/map-4.js", "isEntry": true, "imports": ["_runtime-2.js", "_leaflet-5.js"], "dynamicImports": ["_later-7.js"]},
		"_later-7.js": {"file": "assets/later-7.js", "css": ["assets/later-8.css"]},
		"_runtime-2.js": {"file": "assets/runtime-2.js"},
		"_leaflet-5.js": {"file": "assets/leaflet-5.js", "imports": ["_runtime-2.js"], "css": ["assets/leaflet-6.css"]}
	}`)}}
	e, err := LoadEntry(fsys, MapEntry)
	if err != nil {
		t.Fatal(err)
	}
	// Its dynamic import loads when used: neither preloaded nor its stylesheet linked (the client entry's only are).
	if e.Script != "assets/map-4.js" || strings.Join(e.Preload, ",") != "assets/runtime-2.js,assets/leaflet-5.js" ||
		strings.Join(e.CSS, ",") != "assets/leaflet-6.css" {
		t.Fatalf("map entry %+v", e)
	}
	if _, err := LoadEntry(fstest.MapFS{}, MapEntry); !errors.Is(err, ErrNoManifest) {
		t.Fatalf("no manifest: %v", err)
	}
	if _, err := LoadEntry(fstest.MapFS{"manifest.json": {Data: []byte(`{"src/entry-client.tsx": {"file": "a.js"}}`)}}, MapEntry); !errors.Is(err, ErrNoEntry) {
		t.Fatalf("no map entry: %v", err)
	}
	if _, err := LoadEntry(fstest.MapFS{"manifest.json": {Data: []byte(`{`)}}, MapEntry); err == nil {
		t.Fatal("malformed manifest must fail")
	}
}

// The embedded build, when there is one, has the map entry under assets/.
func TestEmbeddedMapEntry(t *testing.T) {
	e, err := MapFrameEntry()
	if errors.Is(err, ErrNoManifest) {
		t.Skip("web/ not built")
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append([]string{e.Script}, e.Preload...) {
		if !strings.HasPrefix(f, "assets/") {
			t.Fatalf("%s is not under assets/", f)
		}
	}
}
