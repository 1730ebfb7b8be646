package assets

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"strings"
	"sync"

	"immo/internal/http/web/views"
)

// The page is server-rendered and usable before any script runs, so the
// head asks for nothing before the visitor turns to it: the page's
// stylesheets (the entry's and the view's) are written in the head itself,
// and the app's scripts — the entry, its chunks, the view's and the
// language's, all at once rather than a chunk after the chunk that imports
// it — are fetched by a small script at the visitor's first touch, key or
// focus, or once the loaded page leaves the browser idle (appLoader). A
// phone on a slow line paints the page, its dialog and its pictures without
// the app's bytes competing, then hydrates.

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

var preloads sync.Map // version + "/" + view + "/" + lang → template.HTML

// PagePreloads returns the head tags of a page of view in lang: the app's
// loader (appLoader) with the entry, the chunks the entry imports, view's
// chunk with the chunks it imports and lang's texts; then the page's
// stylesheets (PageStyles).
func (m *ViteManifest) PagePreloads(view, lang string) template.HTML {
	if m == nil {
		return ""
	}
	key := m.version + "/" + view + "/" + lang
	if v, ok := preloads.Load(key); ok {
		return v.(template.HTML)
	}
	scripts := append([]string{m.Client.Script}, m.Client.Preload...)
	seen := map[string]bool{ClientEntry: true}
	for _, f := range scripts {
		seen[f] = true
	}
	var walk func(k string)
	walk = func(k string) {
		c, ok := m.Chunks[k]
		if !ok || seen[k] || seen[c.File] {
			return
		}
		seen[k], seen[c.File] = true, true
		scripts = append(scripts, c.File)
		for _, imp := range c.Imports {
			walk(imp)
		}
	}
	if k, ok := m.viewChunk(view); ok {
		walk(k)
	}
	walk("virtual:immo-locales/" + lang)
	out := appLoader(scripts) + m.PageStyles(view)
	preloads.Store(key, out)
	return out
}

// appLoader returns the inline script that loads the app when the visitor
// first turns to the page or the browser is idle after loading it, whichever
// comes first: the first file (the entry) as a module script, the others as
// module preloads, each with the page's nonce (the script's own, which
// respond adds to every <script> of the asset tags). Until then the page is
// the server's, which works as it does without JavaScript (links, forms, the
// drawer's <details>), so the first view fetches no script at all.
//
// The first turn is a pointer or a finger down, a key, or the focus coming
// into the page; idle is the load event then requestIdleCallback (two
// seconds at most; a browser without it, 200 ms). A page sent as the bare
// shell (#app empty: nothing to show without the app) loads at once. A click
// on a button of the app's own (type="button": it does nothing without the
// app) before the app is there is held and given again once it is
// (window.immoClicks, replayed by entry-client.tsx).
//
// The tags go into the head in one insertion (a fragment): each element
// added to the head on its own made the browser update the document's
// style sheets, 10–25 ms a tag at 4× CPU slowdown (~200 ms for a page's
// sixteen files, in one task), the fragment ~25 ms. They go in after the
// next paint (a frame, then a task; half a second at most, for a tab that
// paints nothing), never inside the visitor's event: there the insertion
// took up to 195 ms of a tap's handlers at 4× slowdown, before the tap's
// own response (the drawer's <details>) could paint.
func appLoader(files []string) template.HTML {
	urls := make([]string, len(files))
	for i, f := range files {
		urls[i] = URLPrefix + f
	}
	list, _ := json.Marshal(urls) // strings only: cannot fail; escapes <, > and &
	return template.HTML(`<script id="app-load">(function(f,d,w){var n=d.currentScript.nonce,done=0,put=0,held=w.immoClicks=[],` +
		`turns=["pointerdown","touchstart","keydown","focusin"];` +
		`function go(){if(done)return;done=1;turns.forEach(function(t){d.removeEventListener(t,go,true)});` +
		`if(w.requestAnimationFrame)w.requestAnimationFrame(function(){setTimeout(tags)});setTimeout(tags,500)}` +
		`function tags(){if(put)return;put=1;` +
		`var g=d.createDocumentFragment();f.forEach(function(u,i){var e=d.createElement(i?"link":"script");` +
		`if(i){e.rel="modulepreload";e.href=u}else{e.type="module";e.src=u}e.nonce=n;g.appendChild(e)});d.head.appendChild(g)}` +
		`turns.forEach(function(t){d.addEventListener(t,go,true)});` +
		`d.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest('button[type="button"]');` +
		`if(b&&!w.immoHydrated){e.preventDefault();e.stopPropagation();if(held.indexOf(b)<0)held.push(b);go()}},true);` +
		`function idle(){w.requestIdleCallback?w.requestIdleCallback(go,{timeout:2000}):setTimeout(go,200)}` +
		`d.addEventListener("DOMContentLoaded",function(){var a=d.getElementById("app");if(a&&!a.firstElementChild)go()});` +
		`if(d.readyState==="complete")idle();else w.addEventListener("load",idle)` +
		`})(` + string(list) + `,document,window)</script>`)
}

// pageCSS lists the stylesheets a page of view uses when it first shows:
// the entry's and its static imports' (Client.CSS), then those of view's
// chunk and its static imports, each once, in that order (the order the
// browser would apply them in when it loads the view's chunk).
func (m *ViteManifest) pageCSS(view string) []string {
	files := append([]string(nil), m.Client.CSS...)
	have := map[string]bool{}
	for _, f := range files {
		have[f] = true
	}
	visited := map[string]bool{}
	var walk func(k string)
	walk = func(k string) {
		c, ok := m.Chunks[k]
		if !ok || visited[k] {
			return
		}
		visited[k] = true
		// A chunk's imports first: their rules come before its own, as in
		// the browser, which applies a chunk's dependencies before it.
		for _, imp := range c.Imports {
			walk(imp)
		}
		for _, f := range c.CSS {
			if !have[f] {
				have[f] = true
				files = append(files, f)
			}
		}
	}
	if k, ok := m.viewChunk(view); ok {
		walk(k)
	}
	return files
}

// PageStyles returns the stylesheets of a page of view (pageCSS) written in
// a <style> element, followed by a disabled <link rel="stylesheet"> for
// each: a disabled link is never fetched, and it tells the client's chunk
// loader (Vite's preload helper, which skips a stylesheet already linked)
// that these rules are on the page, so a later view that shares them fetches
// them no more. The CSP allows inline styles ('unsafe-inline' in
// style-src). A stylesheet that cannot be read, or that would end the
// <style> element, is linked instead.
func (m *ViteManifest) PageStyles(view string) template.HTML {
	var inline, links, linked strings.Builder
	for _, f := range m.pageCSS(view) {
		href := template.HTMLEscapeString(URLPrefix + f)
		css, err := fs.ReadFile(m.files, f)
		if err != nil || strings.Contains(strings.ToLower(string(css)), "</style") {
			fmt.Fprintf(&linked, `<link rel="stylesheet" href="%s">`, href)
			continue
		}
		inline.Write(css)
		fmt.Fprintf(&links, `<link rel="stylesheet" href="%s" disabled>`, href)
	}
	var b strings.Builder
	b.WriteString(linked.String())
	if inline.Len() > 0 {
		b.WriteString("<style>")
		b.WriteString(inline.String())
		b.WriteString("</style>")
	}
	b.WriteString(links.String())
	return template.HTML(b.String())
}
