package assets

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"modernc.org/quickjs"

	"immo/internal/http/web/views"
)

func TestLoadManifest(t *testing.T) {
	fsys := fstest.MapFS{"manifest.json": {Data: []byte(`{
		"src/entry-client.tsx": {"file": "assets/app-1.js", "src": "src/entry-client.tsx", "isEntry": true,
			"imports": ["_vendor-2.js"], "dynamicImports": ["_dom-6.js", "src/app/boot.tsx"], "css": ["assets/app-3.css"]},
		"_vendor-2.js": {"file": "assets/vendor-2.js", "imports": ["_shared-4.js"], "css": ["assets/vendor-5.css"]},
		"_shared-4.js": {"file": "assets/shared-4.js", "imports": ["_vendor-2.js"]},
		"_dom-6.js": {"file": "assets/dom-6.js", "imports": ["_react-7.js"]},
		"_react-7.js": {"file": "assets/react-7.js"},
		"src/app/boot.tsx": {"file": "assets/boot-8.js", "imports": ["_react-7.js", "_shared-4.js"], "dynamicImports": ["src/View.tsx"], "css": ["assets/boot-9.css"]},
		"src/View.tsx": {"file": "assets/View-10.js", "isDynamicEntry": true, "css": ["assets/View-11.css"]}
	}`)}}
	m, err := LoadManifest(fsys)
	if err != nil {
		t.Fatal(err)
	}
	want := Entry{
		Script: "assets/app-1.js",
		// The entry's dynamic imports (the app it starts in stages) load with it; theirs (the views) do not.
		Preload: []string{"assets/vendor-2.js", "assets/shared-4.js", "assets/dom-6.js", "assets/react-7.js", "assets/boot-8.js"},
		CSS:     []string{"assets/app-3.css", "assets/vendor-5.css", "assets/boot-9.css"},
	}
	if strings.Join(m.Client.Preload, ",") != strings.Join(want.Preload, ",") ||
		strings.Join(m.Client.CSS, ",") != strings.Join(want.CSS, ",") || m.Client.Script != want.Script {
		t.Fatalf("got %+v, want %+v", m.Client, want)
	}
	tags := string(m.HeadTags())
	if tags != ConsentAskScript {
		t.Fatalf("tags\n got %s\nwant %s", tags, ConsentAskScript)
	}
	if v := m.Version(); len(v) != 12 {
		t.Fatalf("version %q", v)
	}
	var nilManifest *ViteManifest
	if nilManifest.HeadTags() != "" || nilManifest.Version() != "" {
		t.Fatal("a nil manifest has no tags and no version")
	}
}

func TestLoadManifestErrors(t *testing.T) {
	if _, err := LoadManifest(fstest.MapFS{}); !errors.Is(err, ErrNoManifest) {
		t.Fatalf("err = %v, want ErrNoManifest", err)
	}
	if _, err := LoadManifest(fstest.MapFS{"manifest.json": {Data: []byte(`{`)}}); err == nil {
		t.Fatal("malformed manifest must fail")
	}
	if _, err := LoadManifest(fstest.MapFS{"manifest.json": {Data: []byte(`{"other.ts":{"file":"x.js"}}`)}}); err == nil {
		t.Fatal("a manifest without the client entry must fail")
	}
}

// The embedded build is either absent (only the placeholder) or complete.
func TestEmbedded(t *testing.T) {
	if _, err := fs.Stat(Dist(), "placeholder.txt"); err != nil {
		t.Fatal("dist/placeholder.txt must stay committed:", err)
	}
	m, ok := Manifest()
	bundle, hasBundle := ServerBundle()
	if !ok {
		if !errors.Is(ManifestError(), ErrNoManifest) {
			t.Fatalf("embedded manifest: %v", ManifestError())
		}
		if hasBundle {
			t.Fatal("a server bundle without a client build")
		}
		t.Skip("web/ not built: only the placeholder is embedded")
	}
	if !hasBundle || !strings.Contains(string(bundle), "immoRender") {
		t.Fatal("client build without server bundle")
	}
	for _, f := range append(append([]string{m.Client.Script}, m.Client.Preload...), m.Client.CSS...) {
		name, found := strings.CutPrefix(f, "assets/")
		if !found {
			t.Fatalf("%s is not under assets/", f)
		}
		if _, err := fs.Stat(FS(), name); err != nil {
			t.Fatalf("manifest names %s, FS lacks it: %v", f, err)
		}
	}

	srv := httptest.NewServer(http.StripPrefix("/assets/", Handler()))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/" + m.Client.Script)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") ||
		!strings.Contains(res.Header.Get("Content-Type"), "javascript") {
		t.Fatalf("GET %s: %d %v", m.Client.Script, res.StatusCode, res.Header)
	}
	for _, p := range []string{"/assets/", "/assets/../manifest.json", "/assets/server/ssr.js"} {
		res, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode == 200 {
			t.Fatalf("GET %s must not be served", p)
		}
	}
}

func TestHandlerGzipsText(t *testing.T) {
	m, ok := Manifest()
	if !ok {
		t.Skip("web app not built")
	}
	req := httptest.NewRequest("GET", "/"+strings.TrimPrefix(m.Client.Script, "assets/"), nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	Handler().ServeHTTP(rec, req)
	if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Fatalf("%d %v", rec.Code, rec.Header())
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(zr); len(b) == 0 {
		t.Fatal("empty script")
	}
}

func TestPagePreloads(t *testing.T) {
	fsys := fstest.MapFS{"manifest.json": {Data: []byte(`{
		"src/entry-client.tsx": {"file": "assets/app-1.js", "isEntry": true, "imports": ["_router-2.js"], "css": ["assets/app-1.css"]},
		"_router-2.js": {"file": "assets/router-2.js"},
		"_grid-3.js": {"file": "assets/grid-3.js", "imports": ["src/entry-client.tsx", "_router-2.js"], "css": ["assets/grid-3.css"]},
		"src/features/home/components/HomePage.tsx": {"file": "assets/HomePage-4.js", "isDynamicEntry": true, "imports": ["_grid-3.js", "src/entry-client.tsx"], "css": ["assets/HomePage-4.css"]},
		"src/features/content/components/ContentPage.tsx": {"file": "assets/ContentPage-5.js", "isDynamicEntry": true},
		"virtual:immo-locales/nl": {"file": "assets/nl-6.js", "isDynamicEntry": true}
	}`)},
		"assets/app-1.css":      {Data: []byte(`body{margin:0}`)},
		"assets/grid-3.css":     {Data: []byte(`.grid{display:grid}`)},
		"assets/HomePage-4.css": {Data: []byte(`.home{color:red}`)},
	}
	m, err := LoadManifest(fsys)
	if err != nil {
		t.Fatal(err)
	}
	// The loader of the entry, its chunks, the view's chunks and the
	// language's; then the entry's and the view's stylesheets inlined, the
	// entry's first and a chunk's imports before it; each file named by a
	// disabled link, which fetches nothing.
	got := string(m.PagePreloads("Home", "nl"))
	want := string(appLoader([]string{"assets/app-1.js", "assets/router-2.js", "assets/HomePage-4.js", "assets/grid-3.js", "assets/nl-6.js"})) +
		`<style>body{margin:0}.grid{display:grid}.home{color:red}</style>` +
		`<link rel="stylesheet" href="/assets/app-1.css" disabled><link rel="stylesheet" href="/assets/grid-3.css" disabled><link rel="stylesheet" href="/assets/HomePage-4.css" disabled>`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if got := string(m.PagePreloads("Page", "xx")); got != string(appLoader([]string{"assets/app-1.js", "assets/router-2.js", "assets/ContentPage-5.js"}))+`<style>body{margin:0}</style><link rel="stylesheet" href="/assets/app-1.css" disabled>` {
		t.Fatalf("content page: %s", got)
	}
	if m, ok := Manifest(); ok {
		// The real build names a chunk for every view the resolver knows.
		for _, v := range views.Site {
			if _, ok := m.viewChunk(v.Name); !ok {
				t.Errorf("no chunk for view %s", v.Name)
			}
		}
	}
}

// A stylesheet that would close the <style> element, or that the build
// lacks, is linked rather than inlined.
func TestPageStylesLinksWhatCannotBeInlined(t *testing.T) {
	fsys := fstest.MapFS{"manifest.json": {Data: []byte(`{
		"src/entry-client.tsx": {"file": "assets/app-1.js", "isEntry": true, "css": ["assets/app-1.css", "assets/odd-2.css", "assets/gone-3.css"]}
	}`)},
		"assets/app-1.css": {Data: []byte(`body{margin:0}`)},
		"assets/odd-2.css": {Data: []byte(`p::after{content:"</STYLE>"}`)},
	}
	m, err := LoadManifest(fsys)
	if err != nil {
		t.Fatal(err)
	}
	got := string(m.PageStyles("Home"))
	want := `<link rel="stylesheet" href="/assets/odd-2.css"><link rel="stylesheet" href="/assets/gone-3.css">` +
		`<style>body{margin:0}</style><link rel="stylesheet" href="/assets/app-1.css" disabled>`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// The consent script marks the page of a visitor who must choose, and only
// theirs, before it paints: run here in QuickJS on a stand-in document.
func TestConsentAskScript(t *testing.T) {
	body := strings.TrimSuffix(strings.TrimPrefix(ConsentAskScript, `<script id="consent-ask">`), `</script>`)
	for _, c := range []struct {
		name, cookie, path, search string
		ask                        bool
	}{
		{"no cookie", "", "/fr/", "", true},
		{"other cookies only", "a=1; b=cc_cookie", "/fr/a-vendre/", "?page=2", true},
		{"decided", `x=1; cc_cookie={"categories":["necessary"]}`, "/fr/", "", false},
		{"decided, asked again", "cc_cookie=1", "/fr/", "?page=1&SetCookies", true},
		{"preview path", "", "/fr/Preview/", "", false},
	} {
		vm, err := quickjs.NewVM()
		if err != nil {
			t.Fatal(err)
		}
		setup := fmt.Sprintf(`var added=[];var document={cookie:%q,documentElement:{classList:{add:function(c){added.push(c)}}}};var location={pathname:%q,search:%q};`, c.cookie, c.path, c.search)
		if _, err := vm.Eval(setup+body+`;added.join(",")`, quickjs.EvalGlobal); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, err := vm.Eval(`added.join(",")`, quickjs.EvalGlobal)
		vm.Close()
		if err != nil {
			t.Fatal(err)
		}
		want := ""
		if c.ask {
			want = ConsentAskClass
		}
		if got != want {
			t.Errorf("%s: classes %q, want %q", c.name, got, want)
		}
	}
}

// The app's loader adds nothing before the visitor turns to the page or
// the loaded page leaves the browser idle, nor before the next paint after
// that, then the entry as a module script
// and the rest as module preloads, each once, each with the loader's own
// nonce, in one insertion into the head; a bare shell loads at once; a click on an app's button before the
// app is held (not acted on by the browser) and kept for the app. Run in
// QuickJS on a stand-in document.
func TestAppLoader(t *testing.T) {
	body := strings.TrimSuffix(strings.TrimPrefix(string(appLoader([]string{"assets/app-1.js", "assets/a-2.js", "assets/b-3.js"})), `<script id="app-load">`), `</script>`)
	const stage = `var added=[],timers=[],idles=[],on={},won={},held=0;
function listen(m){return function(t,f){(m[t]=m[t]||[]).push(f)}}
function fire(m,t,e){(m[t]||[]).slice().forEach(function(f){f(e||{})})}
var app={firstElementChild:{}};
var inserts=0;
var document={readyState:"loading",currentScript:{nonce:"N1"},createElement:function(tag){return {tag:tag}},
  createDocumentFragment:function(){var kids=[];return {kids:kids,appendChild:function(e){kids.push(e)}}},
  head:{appendChild:function(g){inserts++;g.kids.forEach(function(e){added.push(e.tag+" "+(e.type||e.rel)+" "+(e.src||e.href)+" "+e.nonce)})}},
  addEventListener:listen(on),removeEventListener:function(t,f){on[t]=(on[t]||[]).filter(function(g){return g!==f})},
  getElementById:function(id){return id==="app"?app:null}};
var frames=[];
var window={addEventListener:listen(won),requestIdleCallback:function(f,o){idles.push(f)},requestAnimationFrame:function(f){frames.push(f)}};
function setTimeout(f,ms){timers.push(f)}
function paint(){run(frames);run(timers)}
function run(list){list.splice(0,list.length).forEach(function(f){f()})}
function button(type){return {closest:function(sel){return sel==='button[type="button"]'&&type==="button"?this:null}}}
function click(el){fire(on,"click",{target:el,preventDefault:function(){held++},stopPropagation:function(){}})}
`
	want := "script module /assets/app-1.js N1|link modulepreload /assets/a-2.js N1|link modulepreload /assets/b-3.js N1"
	for _, c := range []struct{ name, setup, steps, want string }{
		{"at the load then idle", ``, `fire(on,"DOMContentLoaded"); run(timers); before=added.length; fire(won,"load"); before+=added.length; run(idles); fire(on,"pointerdown"); run(idles); before+=added.length; paint();`, "0:" + want},
		{"at the first touch, once, in one insertion", ``, `fire(on,"touchstart"); fire(on,"keydown"); fire(won,"load"); run(idles); before=added.length; paint(); run(timers); before+=inserts-1;`, "0:" + want},
		{"at the first key", ``, `fire(on,"keydown"); before=added.length; paint();`, "0:" + want},
		{"at the focus", ``, `fire(on,"focusin"); paint();`, "0:" + want},
		{"a page loaded already", `document.readyState="complete";`, `before=added.length; run(idles); paint();`, "0:" + want},
		{"without requestIdleCallback", `delete window.requestIdleCallback;`, `fire(won,"load"); before=added.length; run(timers); run(timers);`, "0:" + want},
		{"a tab that paints nothing: by the timer", `window.requestAnimationFrame=null;`, `fire(on,"keydown"); before=added.length; run(timers);`, "0:" + want},
		{"a bare shell at once", `app.firstElementChild=null;`, `fire(on,"DOMContentLoaded"); paint();`, "0:" + want},
		{"a click on an app's button held", ``, `var b=button("button"); click(b); click(b); click(button("submit")); before=held*10+window.immoClicks.length; paint();`, "21:" + want},
		{"a click once the app runs goes through", `window.immoHydrated=true;`, `click(button("button")); before=held;`, "0:"},
	} {
		vm, err := quickjs.NewVM()
		if err != nil {
			t.Fatal(err)
		}
		got, err := vm.Eval(stage+c.setup+";"+body+";var before=0;"+c.steps+`before+":"+added.join("|")`, quickjs.EvalGlobal)
		vm.Close()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.name, got, c.want)
		}
	}
}

// The loader is all the JavaScript a first view runs (issue #34: at most
// 60 KB gzip before the visitor's first turn): it stays a small inline
// script, whatever the page's list of files.
func TestAppLoaderIsSmall(t *testing.T) {
	const most = 1500 // bytes, raw: the script without its list of files
	got := len(appLoader(nil))
	if got > most {
		t.Errorf("the app's loader is %d bytes, over %d", got, most)
	}
}

// Every page's inlined rules hide the forms' honeypot: the footer's
// newsletter sign-up is on every page, and its code (with the forms kit's
// rules) may come later than the page, or never (no JavaScript).
func TestEveryPageHidesTheHoneypot(t *testing.T) {
	m, ok := Manifest()
	if !ok {
		t.Skip("web/ not built")
	}
	for _, v := range views.Site {
		if css := string(m.PageStyles(v.Name)); !strings.Contains(css, ".vf-hp{") {
			t.Errorf("%s: the page's inlined rules lack .vf-hp: its honeypot field shows", v.Name)
		}
	}
}
