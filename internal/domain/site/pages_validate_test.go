package site

import (
	"strings"
	"testing"
)

// The page, module, condition and top bar checks of this file's issue:
// each bad value is reported with the file, its line and JSON path.
func TestPageModuleConditionValidation(t *testing.T) {
	about := "pages[8]" // the demo's about-us page
	tests := []struct {
		name  string
		path  string
		v     any
		where string
		msg   string
	}{
		{"redirect to javascript:", about + ".params.redirectUrl", "javascript:alert(1)", about + ".params.redirectUrl", "must be a path of this site"},
		{"redirect protocol-relative", about + ".params.redirectUrl", "//evil.example/", about + ".params.redirectUrl", "must be a path of this site"},
		{"redirect tel:", about + ".params.redirectUrl", "tel:+3263224455", about + ".params.redirectUrl", "must be a path of this site"},
		{"redirect to a redirect", "pages[10].params.redirectUrl", "/nl/kantoor/", "pages[10].params.redirectUrl", "leads to a page that redirects too"},
		{"redirect chain", about + ".params", map[string]any{"title": map[string]any{"nl": "x", "fr": "x", "en": "x", "de": "x"}, "redirect": true, "redirectUrl": "/agency/"}, "pages[10].params.redirectUrl", "leads to a page that redirects too"},
		{"css closing its scope", about + ".params.css", "} body { display: none } .x {", about + ".params.css", "closes more than it opened"},
		{"css leaving its style element", about + ".params.css", "p::after { content: '</style><script>x</script>' }", about + ".params.css", "must not contain <"},
		{"css open brace", about + ".params.css", "p { color: red", about + ".params.css", "1 { not closed"},
		{"css @import", about + ".params.css", "@import url(https://evil.example/x.css);", about + ".params.css", "must not use @import"},
		{"css remote url", about + ".params.css", "p { background: url(http://evil.example/a.png) }", about + ".params.css", "url() must be a site path or https"},
		{"module class", about + ".params.modules[0].class", `x" onclick="alert(1)`, about + ".params.modules[0].class", "class names are letters"},
		{"module colour", about + ".params.modules[0].colorBackground", "red; background-image: url(x)", about + ".params.modules[0].colorBackground", "is not a colour"},
		{"module title size", about + ".params.modules[0].titleSize", "h7", about + ".params.modules[0].titleSize", `must be one of "", h1, h2, h3, h4, h5, h6`},
		{"module background type", about + ".params.modules[0].backgroundType", "video", about + ".params.modules[0].backgroundType", "must be one of image, color, gallery, none"},
		{"module column", about + ".params.modules[0].col.md", 13, about + ".params.modules[0].col.md", "must be between 0 and 12"},
		{"module status", about + ".params.modules[1].status", "Hidden", about + ".params.modules[1].status", "must be one of Published, Unpublished, Draft"},
		{"module relation unknown list", "pages[1].params.modules[0].relations[0].id", 29, "pages[1].params.modules[0].relations[0].id", "29 is not a property list"},
		{"module relation other list", "pages[1].params.modules[0].relations[0].id", 3, "pages[1].params.modules[0].relations[0].id", "list 3 does not match the module's query"},
		{"module condition field", about + ".params.modules[3].displayCondition.field", "weather", about + ".params.modules[3].displayCondition.field", `unknown field "weather"`},
		{"module condition operator", about + ".params.modules[3].displayCondition.logic", "bigger", about + ".params.modules[3].displayCondition.logic", `unknown operator "bigger"`},
		{"module condition expression", about + ".params.modules[4].displayCondition.advancedCondition", "count.sale greater", about + ".params.modules[4].displayCondition.advancedCondition", "greater needs an operand"},
		{"child page SEO title", about + ".childMenus[0].params.metadata.en", map[string]any{"title": "", "description": "", "keywords": "", "isActiveSEO": true}, about + ".childMenus[0].params.metadata.en.title", "required when isActiveSEO is true"},
		{"child page status", about + ".childMenus[1].status", "Gone", about + ".childMenus[1].status", "must be one of Published"},
		{"menu condition", "menu[4].childMenus[0].displayCondition", map[string]any{"field": "language", "logic": "equals", "advancedCondition": "language in", "compareWithField": "", "compareWithValue": "fr"}, "menu[4].childMenus[0].displayCondition.advancedCondition", "in needs an operand"},
		{"sub menu page", about + ".params.subMenu[0].path", "99", about + ".params.subMenu[0].path", "no page has id 99"},
		{"top bar condition", "topBar.left[0].displayCondition", map[string]any{"field": "count.rent", "logic": "less", "compareWithValue": "few"}, "topBar.left[0].displayCondition.compareWithValue", `less needs a number (got "few")`},
		{"top bar link", "topBar.left[0].link", "javascript:alert(1)", "topBar.left[0].link", "must be a path starting with /"},
		{"footer column condition", "footer.columns[0].displayCondition", map[string]any{"field": "page.colour", "logic": "equals", "compareWithValue": "x"}, "footer.columns[0].displayCondition.field", `unknown field "page.colour"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := demoTree(t)
			set(t, tree, tt.path, tt.v)
			wantLine(t, errorLines(t, encode(t, tree)), tt.where, tt.msg)
		})
	}
}

// Configured HTML is cleaned at load: what a pasted snippet could run never
// reaches a page, and the agency's own markup and links stay.
func TestHTMLSanitizedAtLoad(t *testing.T) {
	tree := demoTree(t)
	evil := `<p onclick="alert(1)">Hi <a href="javascript:alert(2)">x</a> <a href="/contact/" onmouseover="y()">c</a> <a href="tel:+3263224455">t</a></p>` +
		`<script>alert(3)</script><iframe src="https://evil.example/"></iframe><style>body{display:none}</style><img src="/a.jpg" onerror="z()"><strong class="lead">ok</strong>`
	for _, p := range []string{"pages[8].params.content.en", "pages[8].params.modules[0].description.en", "pages[8].params.modules[0].description2.en",
		"legal[0].content.en", "footer.columns[0].introText.text.en", "footer.columns[0].fullText.text.en", "pages[8].childMenus[0].params.content.en"} {
		set(t, tree, p, evil)
	}
	c, err := Parse("site.json", encode(t, tree))
	if err != nil {
		t.Fatal(err)
	}
	about := c.PageByID(20)
	for name, got := range map[string]string{
		"content": about.Params.Content["en"], "description": about.Params.Modules[0].Description["en"],
		"description2": about.Params.Modules[0].Description2["en"], "legal": c.Legal[0].Content["en"],
		"footer intro": c.Footer.Columns[0].IntroText.Text["en"], "footer text": c.Footer.Columns[0].FullText.Text["en"],
		"child content": c.PageByID(21).Params.Content["en"],
	} {
		low := strings.ToLower(got)
		for _, bad := range []string{"<script", "alert(", "onclick", "onmouseover", "onerror", "javascript:", "<iframe", "<style", "display:none"} {
			if strings.Contains(low, bad) {
				t.Errorf("%s keeps %q: %s", name, bad, got)
			}
		}
		for _, good := range []string{`<a href="/contact/">c</a>`, `<a href="tel:+3263224455">t</a>`, `<strong class="lead">ok</strong>`, `<img src="/a.jpg"`} {
			if !strings.Contains(got, good) {
				t.Errorf("%s lost %q: %s", name, good, got)
			}
		}
	}
}

// A page shows only when it and every page above it are published.
func TestShownPages(t *testing.T) {
	c := loadDemo(t)
	for id, want := range map[int]bool{20: true, 21: true, 22: false, 23: false, 24: true, 1: true} {
		if got := c.Shown(c.PageByID(id)); got != want {
			t.Errorf("Shown(page %d) = %v, want %v", id, got, want)
		}
	}
	c.PageByID(20).Status = StatusDraft
	if c.Shown(c.PageByID(21)) {
		t.Error("a published child of an unpublished page is shown")
	}
	if got := c.PageJSONPath(c.PageByID(21)); got != "pages[8].childMenus[0]" {
		t.Errorf("PageJSONPath = %q", got)
	}
}

// The pop-up's text is cleaned at load like all configured HTML: scripts,
// event handlers, frames, script links, styles and forms never reach it.
func TestPopupTextSanitizedAtLoad(t *testing.T) {
	tree := demoTree(t)
	set(t, tree, "popup.description.en", `<p style="position:fixed;inset:0" onclick="x()">Ask <a href="/contact/">here</a> <a href="javascript:y()">or</a></p><script>z()</script><iframe src="https://evil.example/f"></iframe><style>body{display:none}</style><form action="https://evil.example/"><input name="card"></form>`)
	c, err := Parse("site.json", encode(t, tree))
	if err != nil {
		t.Fatal(err)
	}
	got := c.Popup.Description["en"]
	for _, bad := range []string{"onclick", "javascript:", "<script", "z()", "<iframe", "position:fixed", "<style", "display:none", "<form", "<input", "evil.example"} {
		if strings.Contains(got, bad) {
			t.Errorf("the pop-up text keeps %q: %s", bad, got)
		}
	}
	if !strings.Contains(got, `<a href="/contact/">here</a>`) {
		t.Errorf("the pop-up text lost its link: %s", got)
	}
}
