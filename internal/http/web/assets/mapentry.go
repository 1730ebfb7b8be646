package assets

import (
	"errors"
	"fmt"
	"io/fs"
	"sync"
)

// MapEntry is the key of the map frame's entry in the Vite manifest: a small
// page of its own (plain TypeScript and Leaflet, no React) that the list
// page embeds in an <iframe> (see internal/http/web/mapframe.go).
const MapEntry = "src/map/main.ts"

// ErrNoEntry is returned by LoadEntry when the manifest lacks the entry.
var ErrNoEntry = errors.New("assets: manifest.json has no such entry")

// LoadEntry resolves the entry key of the Vite manifest in fsys (a dist
// folder): its script, the chunks it imports statically (to preload) and
// their stylesheets. It returns ErrNoManifest when web/ was not built and
// ErrNoEntry when the build has no such entry.
func LoadEntry(fsys fs.FS, key string) (Entry, error) {
	_, chunks, err := readManifest(fsys)
	if err != nil {
		return Entry{}, err
	}
	root, ok := chunks[key]
	if !ok || root.File == "" {
		return Entry{}, fmt.Errorf("%w: %q", ErrNoEntry, key)
	}
	return resolve(chunks, key, root, false), nil
}

var mapEntryOnce = sync.OnceValues(func() (Entry, error) { return LoadEntry(Dist(), MapEntry) })

// MapFrameEntry is the map frame's entry of the embedded build, resolved
// once; ErrNoManifest when web/ was not built.
func MapFrameEntry() (Entry, error) { return mapEntryOnce() }
