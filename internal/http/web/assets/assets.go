// Package assets embeds the build output of web/ (npm run build): the
// client files with their Vite manifest, and the server bundle that
// internal/http/web/ssr runs in QuickJS.
//
// Layout of dist/:
//
//	placeholder.txt     committed, so that the embed works without a Node build
//	manifest.json       Vite manifest of the client build
//	assets/…            hashed client files (JS, CSS), served at /assets/…
//	server/ssr.js       server bundle, defines globalThis.immoRender
//
// Without a Node build, Manifest and ServerBundle report false and pages are
// served as the client-rendered shell with no scripts (see internal/http/web/ssr).
package assets

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strings"
	"sync"
)

//go:embed all:dist
var dist embed.FS

// ClientEntry is the key of the client entry in the Vite manifest.
const ClientEntry = "src/entry-client.tsx"

// ServerBundlePath is the path of the server bundle inside dist.
const ServerBundlePath = "server/ssr.js"

// URLPrefix is where FS is meant to be served; manifest files are relative
// to it ("assets/app-1234.js" is served as "/assets/app-1234.js").
const URLPrefix = "/"

// Dist returns the whole embedded dist folder (manifest, client files and
// server bundle). Serve FS, not Dist.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // cannot happen: dist is embedded
	}
	return sub
}

// FS returns the public client files, the assets/ folder of dist, to be
// served under /assets/ (see Handler).
func FS() fs.FS {
	sub, err := fs.Sub(dist, "dist/assets")
	if err != nil {
		panic(err)
	}
	return sub
}

// Handler serves FS; mount it at /assets/ with http.StripPrefix("/assets/", …).
// File names are content-hashed, so responses are cacheable forever.
func Handler() http.Handler {
	files := http.FileServerFS(FS())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") || r.URL.Path == "" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		w.Header().Add("Vary", "Accept-Encoding")
		if serveGzipped(w, r) {
			return
		}
		files.ServeHTTP(w, r)
	})
}

// Chunk is one entry of the Vite manifest.
type Chunk struct {
	File    string   `json:"file"`
	Name    string   `json:"name,omitempty"`
	Src     string   `json:"src,omitempty"`
	IsEntry bool     `json:"isEntry,omitempty"`
	Imports []string `json:"imports,omitempty"`
	// DynamicImports are the chunks it imports when it runs; the client
	// entry's are the app it starts in stages (entry-client.tsx), part of
	// every page's load.
	DynamicImports []string `json:"dynamicImports,omitempty"`
	CSS            []string `json:"css,omitempty"`
}

// Entry lists what a page needs to load the client entry. Paths are
// relative to dist ("assets/app-1234.js").
type Entry struct {
	// Script is the entry module, loaded with <script type="module">.
	Script string
	// Preload are the chunks the entry imports statically, for
	// <link rel="modulepreload">.
	Preload []string
	// CSS are the stylesheets of the entry and its static imports.
	CSS []string
}

// ViteManifest is the parsed Vite manifest.
type ViteManifest struct {
	Chunks map[string]Chunk
	// Client is the resolved client entry.
	Client Entry
	// Version identifies the build (a hash of manifest.json), for the
	// Inertia page object's version; "" for a nil manifest.
	version string
	// files is the dist folder the manifest was read from: the stylesheets
	// a page inlines are read there.
	files fs.FS
}

// ErrNoManifest is returned by LoadManifest when fsys has no manifest.json,
// that is, when web/ was not built.
var ErrNoManifest = errors.New("assets: no manifest.json (web/ not built)")

// LoadManifest parses manifest.json of fsys (a dist folder) and resolves the
// client entry.
func LoadManifest(fsys fs.FS) (*ViteManifest, error) {
	b, chunks, err := readManifest(fsys)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(b)
	m := &ViteManifest{Chunks: chunks, version: hex.EncodeToString(sum[:6]), files: fsys}
	entry, ok := m.Chunks[ClientEntry]
	if !ok || entry.File == "" {
		return nil, fmt.Errorf("assets: manifest.json has no entry %q", ClientEntry)
	}
	m.Client = resolve(m.Chunks, ClientEntry, entry, true)
	return m, nil
}

// readManifest reads manifest.json of fsys (a dist folder): its bytes and
// its chunks; ErrNoManifest when web/ was not built.
func readManifest(fsys fs.FS) ([]byte, map[string]Chunk, error) {
	b, err := fs.ReadFile(fsys, "manifest.json")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, ErrNoManifest
	}
	if err != nil {
		return nil, nil, err
	}
	var chunks map[string]Chunk
	if err := json.Unmarshal(b, &chunks); err != nil {
		return nil, nil, fmt.Errorf("assets: manifest.json: %w", err)
	}
	return b, chunks, nil
}

// resolve is the entry of chunks whose chunk is root (at key): its script,
// the chunks it imports statically — then, when staged, those it imports
// dynamically (the client entry's: the app it starts in stages, React DOM
// then the app) with theirs — to preload, and their stylesheets, each once,
// in that order. Another entry's dynamic imports (the inbox's editor) load
// when used.
func resolve(chunks map[string]Chunk, key string, root Chunk, staged bool) Entry {
	e := Entry{Script: root.File}
	seen := map[string]bool{}
	css := map[string]bool{}
	var walk func(key string, c Chunk, isRoot bool)
	walk = func(key string, c Chunk, isRoot bool) {
		if seen[key] {
			return
		}
		seen[key] = true
		if !isRoot {
			e.Preload = append(e.Preload, c.File)
		}
		for _, f := range c.CSS {
			if !css[f] {
				css[f] = true
				e.CSS = append(e.CSS, f)
			}
		}
		for _, k := range c.Imports {
			walk(k, chunks[k], false)
		}
		if isRoot && staged {
			for _, k := range c.DynamicImports {
				walk(k, chunks[k], false)
			}
		}
	}
	walk(key, root, true)
	return e
}

var manifestOnce = sync.OnceValues(func() (*ViteManifest, error) { return LoadManifest(Dist()) })

// Manifest returns the embedded manifest, parsed once. It reports false when
// web/ was not built (or, which a test catches, the manifest is malformed):
// pages are then served without scripts.
func Manifest() (*ViteManifest, bool) {
	m, err := manifestOnce()
	return m, err == nil
}

// ManifestError tells why Manifest reports false (nil when it does not).
func ManifestError() error {
	_, err := manifestOnce()
	return err
}

// HeadTags returns the consent script (ConsentAskScript), for the <head> of
// every page. What loads the app is the page's own: PagePreloads writes it,
// with the view's chunks and the page's stylesheets.
func (m *ViteManifest) HeadTags() template.HTML {
	if m == nil {
		return ""
	}
	return ConsentAskScript
}

// Version is a short identifier of the client build (12 hex digits of the
// SHA-256 of manifest.json, which names every content-hashed file), for the
// Inertia page object's version. It is "" for a nil manifest.
func (m *ViteManifest) Version() string {
	if m == nil {
		return ""
	}
	return m.version
}

// ServerBundle returns the server bundle (dist/server/ssr.js), or false when
// web/ was not built.
func ServerBundle() ([]byte, bool) {
	b, err := fs.ReadFile(Dist(), ServerBundlePath)
	if err != nil || len(b) == 0 {
		return nil, false
	}
	return b, true
}
