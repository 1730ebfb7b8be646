package assets

import (
	"fmt"
	"html/template"
	"strings"
	"sync"

	"immo/internal/web/views"
)

// The browser loads the page's view and language chunks before it
// hydrates; announcing them in the head lets them download alongside the
// entry instead of after it, one round trip sooner.

// viewChunk finds the manifest key of view's component: its source file
// under web/src, as the views registry names it.
func (m *ViteManifest) viewChunk(view string) (string, bool) {
	v, ok := views.Site.Lookup(view)
	if !ok {
		return "", false
	}
	key := "src/" + v.Source + ".tsx"
	_, ok = m.Chunks[key]
	return key, ok
}

var preloads sync.Map // view + "/" + lang → template.HTML

// PagePreloads returns the <link rel="modulepreload"> elements for view's
// chunk, the chunks it imports, and lang's texts, leaving out what the
// entry's own tags already load.
func (m *ViteManifest) PagePreloads(view, lang string) template.HTML {
	if m == nil {
		return ""
	}
	key := m.version + "/" + view + "/" + lang
	if v, ok := preloads.Load(key); ok {
		return v.(template.HTML)
	}
	seen := map[string]bool{ClientEntry: true}
	for _, f := range m.Client.Preload {
		seen[f] = true
	}
	var b strings.Builder
	var walk func(k string)
	walk = func(k string) {
		c, ok := m.Chunks[k]
		if !ok || seen[k] || seen[c.File] {
			return
		}
		seen[k], seen[c.File] = true, true
		fmt.Fprintf(&b, `<link rel="modulepreload" href="%s">`, template.HTMLEscapeString(URLPrefix+c.File))
		for _, imp := range c.Imports {
			walk(imp)
		}
	}
	if k, ok := m.viewChunk(view); ok {
		walk(k)
	}
	walk("virtual:immo-locales/" + lang)
	out := template.HTML(b.String())
	preloads.Store(key, out)
	return out
}
