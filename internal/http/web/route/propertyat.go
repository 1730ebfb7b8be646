package route

import (
	"strings"
	"sync"

	"immo/internal/domain/catalog"
	"immo/internal/domain/site"
)

// PropertyAt is the property whose page path is (its canonical address:
// the pretty /{lang}/{list}/{city}/{type}/{id}/, or /{lang}/property/{id}/
// on a site without a list for its goal), found without resolving the
// page: cheap enough for every request to ask, a cache hit's included (the
// page counter's question, web.PageVisits). ok only when the page answers
// the property with 200: a property missing from the index, or any other
// address of it (redirected to its own), is not it. A property page reads
// no query, so none is asked for.
//
// The answers are remembered per catalog version (at most
// maxPropertyPaths addresses of at most maxPropertyPath bytes, then
// forgotten all at once: a few MB whatever clients send); an address whose
// last segment is no ID is answered at once.
func (r *Resolver) PropertyAt(path string) (id int64, ok bool) {
	if !endsInID(path) {
		return 0, false
	}
	ix := r.Catalog.Index()
	if len(path) > maxPropertyPath {
		id = r.propertyAt(path, ix) // not remembered
		return id, id != 0
	}
	m := &r.state().propertyPaths
	version := ix.Version()
	m.mu.RLock()
	id, known := m.ids[path]
	known = known && m.version == version && m.site == r.Site
	m.mu.RUnlock()
	if !known {
		id = r.propertyAt(path, ix)
		m.mu.Lock()
		if m.version != version || m.site != r.Site || len(m.ids) >= maxPropertyPaths {
			m.ids, m.version, m.site = map[string]int64{}, version, r.Site
		}
		m.ids[path] = id
		m.mu.Unlock()
	}
	return id, id != 0
}

// maxPropertyPaths bounds the addresses PropertyAt remembers: every
// property in a few spellings, whatever clients send.
const maxPropertyPaths = 20_000

// maxPropertyPath is the longest address PropertyAt remembers; a property's
// own are far shorter.
const maxPropertyPath = 200

// propertyPaths are PropertyAt's answers (0: no property page) for one
// configuration and catalog version.
type propertyPaths struct {
	mu      sync.RWMutex
	site    *site.Config
	version int64
	ids     map[string]int64
}

// propertyAt is PropertyAt worked out.
func (r *Resolver) propertyAt(path string, ix *catalog.Index) int64 {
	lang, rest, ok := r.splitLang(path)
	if !ok || len(rest) != 2 && len(rest) != 4 {
		return 0
	}
	t := r.locate(lang, rest, nil)
	if t.kind != targetProperty {
		return 0
	}
	// Any other address of the property (/property/{id}/, another list,
	// city, type or case) is redirected to this one.
	if _, err := ix.Card(t.id, lang); err != nil || !r.isCanonical(path, r.targetURL(t, lang), lang) {
		return 0
	}
	return t.id
}

// endsInID tells a path whose last segment is digits, as every property
// page's is.
func endsInID(path string) bool {
	path = strings.TrimSuffix(path, "/")
	last := path[strings.LastIndexByte(path, '/')+1:]
	if last == "" {
		return false
	}
	for i := 0; i < len(last); i++ {
		if last[i] < '0' || last[i] > '9' {
			return false
		}
	}
	return true
}
