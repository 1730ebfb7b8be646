package site

import (
	"errors"
	"strings"
	"testing"
)

// Each case breaks the demo configuration in one place and expects an error
// naming the file, the JSON path and the problem.
func TestValidationRules(t *testing.T) {
	type edit struct {
		path string
		v    any
	}
	tests := []struct {
		name  string
		edits []edit
		path  string
		msg   string
	}{
		{"default language unknown", []edit{{"languages.default", "xx"}},
			"languages.default", `"xx" is not an enabled language`},
		{"default language disabled", []edit{{"languages.use[3].use", false}, {"languages.default", "de"}},
			"languages.default", `"de" is not an enabled language`},
		{"upper-case default language is lowered", []edit{{"languages.use[0].use", false}, {"languages.default", "NL"}},
			"languages.default", `"nl" is not an enabled language`},
		{"language code unknown", []edit{{"languages.use[1].code", "es"}},
			"languages.use[1].code", `must be one of nl, fr, en, de (got "es")`},
		{"language listed twice", []edit{{"languages.use[2].code", "fr"}},
			"languages.use[2].code", `"fr" is listed twice`},
		{"no language enabled", []edit{{"languages.use[0].use", false}, {"languages.use[1].use", false},
			{"languages.use[2].use", false}, {"languages.use[3].use", false}},
			"languages.use", "no language is enabled"},
		{"page id repeated", []edit{{"pages[2].id", 2}},
			"pages[2].id", "2 is also the id of pages[1]"},
		{"page id zero", []edit{{"pages[2].id", 0}},
			"pages[2].id", "must be a positive number (got 0)"},
		{"parent missing", []edit{{"pages[1].parentId", 99}},
			"pages[1].parentId", "no page has id 99"},
		{"parent is self", []edit{{"pages[1].parentId", 2}},
			"pages[1].parentId", "a page cannot be its own parent"},
		{"parents loop", []edit{{"pages[1].parentId", 3}, {"pages[2].parentId", 2}},
			"pages[1].parentId", "the chain of parents loops"},
		{"path repeated in one language", []edit{{"pages[2].params.path.fr", "a-vendre"}},
			"pages[2].params.path.fr", `path "/a-vendre/" is also the path of pages[1]`},
		{"path clashes ignoring case", []edit{{"pages[2].params.path.nl", "Te-Koop"}},
			"pages[2].params.path.nl", `path "/te-koop/" is also the path of pages[1]`},
		{"original path repeated", []edit{{"pages[2].path", "/For-Sale"}},
			"pages[2].path", `path "/for-sale/" is also the path of pages[1]`},
		{"legal path clashes with a page", []edit{{"legal[0].paths.nl", "contact"}},
			"legal[0].paths.nl", `path "/contact/" is also the path of pages[4]`},
		{"path is not one segment", []edit{{"pages[1].params.path.en", "for sale"}},
			"pages[1].params.path.en", `"for sale" must be one path segment`},
		{"original path without slash", []edit{{"pages[1].path", "for-sale"}},
			"pages[1].path", `"for-sale" must start with a single /`},
		{"no home page", []edit{{"pages[0].path", "/home/"}},
			"pages", `no top-level page has the path "/"`},
		{"page status unknown", []edit{{"pages[1].status", "published"}},
			"pages[1].status", `must be one of Published, Unpublished, Draft (got "published")`},
		{"page title missing in default language", []edit{{"pages[1].params.title.fr", ""}},
			"pages[1].params.title", "required in the default language (fr)"},
		{"page date", []edit{{"pages[1].createDate", "15/01/2024"}},
			"pages[1].createDate", `"15/01/2024" is not a date`},
		{"SEO title missing", []edit{{"pages[1].params.metadata.nl.title", ""}},
			"pages[1].params.metadata.nl.title", "required when isActiveSEO is true"},
		{"redirect without URL", []edit{{"pages[1].params.redirect", true}},
			"pages[1].params.redirectUrl", "required when redirect is true"},
		{"module status unknown", []edit{{"pages[1].params.modules[0].status", "On"}},
			"pages[1].params.modules[0].status", "must be one of Published, Unpublished, Draft"},
		{"relation type unknown", []edit{{"pages[1].params.modules[0].relations[0].type", "property"}},
			"pages[1].params.modules[0].relations[0].type", "must be one of property-list, contact"},
		{"relation id missing", []edit{{"pages[4].params.modules[0].relations[0].id", 0}},
			"pages[4].params.modules[0].relations[0].id", "must be a positive number (got 0)"},
		{"too many items per row", []edit{{"pages[0].params.modules[0].numberItemOfRow", 7}},
			"pages[0].params.modules[0].numberItemOfRow", "must be between 1 and 6 (got 7)"},
		{"no items per row on a list", []edit{{"pages[1].params.modules[0].numberItemOfRow", 0}},
			"pages[1].params.modules[0].numberItemOfRow", "must be between 1 and 6 (got 0)"},
		{"max items negative", []edit{{"pages[1].params.modules[0].maxItems", -1}},
			"pages[1].params.modules[0].maxItems", "must not be negative (got -1)"},
		{"list module without query", []edit{{"pages[1].params.modules[0].query", remove}},
			"pages[1].params.modules[0].query", "required for a module listing properties"},
		{"query goal unknown", []edit{{"pages[1].params.modules[0].query.goal", "buy"}},
			"pages[1].params.modules[0].query.goal", `must be one of "", sale, rent (got "buy")`},
		{"module view unknown", []edit{{"pages[0].params.modules[3].view", "servises"}},
			"pages[0].params.modules[3].view", "must be one of"},
		{"title size unknown", []edit{{"pages[0].params.modules[0].titleSize", "h7"}},
			"pages[0].params.modules[0].titleSize", `must be one of "", h1, h2, h3, h4, h5, h6 (got "h7")`},
		{"background image missing", []edit{{"pages[0].params.modules[0].backgroundType", "image"}},
			"pages[0].params.modules[0].image", "required when backgroundType is image"},
		{"background type unknown", []edit{{"pages[0].params.modules[0].backgroundType", "video"}},
			"pages[0].params.modules[0].backgroundType", `must be one of image, color, gallery, none, ""`},
		{"menu position", []edit{{"header.menuPosition", "middle"}},
			"header.menuPosition", `must be one of left, center, right (got "middle")`},
		{"logo position", []edit{{"header.logoPosition", ""}},
			"header.logoPosition", "must be one of left, center, right"},
		{"drawer button", []edit{{"header.drawerButton", "center"}},
			"header.drawerButton", `must be one of left, right (got "center")`},
		{"banner type", []edit{{"banner.type", "slider"}},
			"banner.type", "must be one of image, gallery, video, properties, projects"},
		{"image banner without image", []edit{{"banner.image.url", ""}},
			"banner.image.url", "required for an image banner"},
		{"video banner without video", []edit{{"banner.type", "video"}},
			"banner.video", "a video banner needs a URL"},
		{"video banner with empty object", []edit{{"banner.type", "video"}, {"banner.video", map[string]any{"url": "", "mimetype": "video/mp4"}}},
			"banner.video", "a video banner needs a URL"},
		{"gallery banner without images", []edit{{"banner.type", "gallery"}},
			"banner.gallery.images", "a gallery banner needs at least one image"},
		{"projects banner without projects", []edit{{"banner.type", "projects"}},
			"banner.projects", "a projects banner needs at least one project id"},
		{"search placeholder misspelt", []edit{{"searchBlock.description.nl", "Ontdek {{forsale}} panden"}},
			"searchBlock.description.nl", "unknown placeholder {{forsale}} (known: {{forSale}}, {{forRent}})"},
		{"popup delay negative", []edit{{"popup.delay", -5}},
			"popup.delay", "must not be negative (got -5)"},
		{"popup published flag", []edit{{"popup.isPublished", "true"}},
			"popup.isPublished", `must be one of yes, no (got "true")`},
		{"agency name missing", []edit{{"agency.name", " "}},
			"agency.name", "required"},
		{"agency email missing", []edit{{"agency.email", ""}},
			"agency.email", "required"},
		{"agency email without @", []edit{{"agency.email", "info.immo-arlon.be"}},
			"agency.email", `"info.immo-arlon.be" is not an email address`},
		{"agency phone missing", []edit{{"agency.phone", remove}},
			"agency.phone", "required"},
		{"agency phone not a number", []edit{{"agency.phone", "call us"}},
			"agency.phone", `"call us" is not a phone number`},
		{"opening range backwards", []edit{{"agency.openingHours[0].hours[0].to", "08:00"}},
			"agency.openingHours[0].hours[0]", "09:00-08:00: from must be before to"},
		{"opening time malformed", []edit{{"agency.openingHours[5].hours[0].from", "10h"}},
			"agency.openingHours[5].hours[0].from", `"10h" is not a time (HH:MM)`},
		{"opening day repeated", []edit{{"agency.openingHours[1].day", "monday"}},
			"agency.openingHours[1].day", "monday is already given in agency.openingHours[0]"},
		{"top bar link scheme", []edit{{"topBar.left[0].link", "javascript:alert(1)"}},
			"topBar.left[0].link", `"javascript:alert(1)" must be a path starting with / or an http(s)://, tel: or mailto: link`},
		{"top bar tel link", []edit{{"topBar.left[0].link", "tel:063 22 44 55"}},
			"topBar.left[0].link", "want tel: then digits"},
		{"top bar mailto link", []edit{{"topBar.left[1].link", "mailto:info"}},
			"topBar.left[1].link", "want mailto: then an email address"},
		{"top bar protocol-relative link", []edit{{"topBar.right[0].link", "//facebook.com/immoarlon"}},
			"topBar.right[0].link", "must be a path starting with /"},
		{"menu link scheme", []edit{{"menu[0].path", "ftp://example.com/"}},
			"menu[0].path", "must be a path starting with / or an http(s)://, tel: or mailto: link"},
		{"menu page id unknown", []edit{{"menu[1].path", "42"}},
			"menu[1].path", "no page has id 42"},
		{"menu status", []edit{{"menu[1].status", ""}},
			"menu[1].status", "must be one of Published, Unpublished, Draft"},
		{"footer col too wide", []edit{{"footer.columns[0].col.md", 13}},
			"footer.columns[0].col.md", "must be between 0 and 12 (got 13)"},
		{"legal content missing", []edit{{"legal[2].content.fr", ""}},
			"legal[2].content", "required in the default language (fr)"},
		{"logo not a path", []edit{{"agency.logo", "logo.png"}},
			"agency.logo", `"logo.png" must be a path starting with / or an http(s) URL`},
		{"properties banner with nothing to show", []edit{{"banner.type", "properties"}, {"banner.image.url", ""}},
			"banner.properties", "empty: list properties, or give banner.image.url to fall back on"},
		{"banner property id", []edit{{"banner.type", "properties"}, {"banner.properties", []any{0}}},
			"banner.properties[0]", "must be a property id"},
		{"footer image without url", []edit{{"footer.columns[2].images", []any{map[string]any{"url": ""}}}},
			"footer.columns[2].images[0].url", "required"},
		{"top bar item with nothing to show", []edit{{"topBar.right[0].label", map[string]any{}}, {"topBar.right[0].icon", ""}},
			"topBar.right[0]", "a shown item needs a label or an icon"},
		{"service without text", []edit{{"pages[0].params.modules[3].items[1].title", nil}, {"pages[0].params.modules[3].items[1].description", nil}},
			"pages[0].params.modules[3].items[1]", "an item needs a title or a description"},
		{"published pop-up without content", []edit{{"popup.isPublished", "yes"}, {"popup.title", nil}, {"popup.description", nil}, {"popup.media.url", ""}},
			"popup", "a published pop-up needs a title, a description or media"},
		{"popup delay too long", []edit{{"popup.delay", 3600}},
			"popup.delay", "at most 600 seconds (got 3600)"},
		{"popup picture on another host", []edit{{"popup.media.url", "https://cdn.example.com/promo.jpg"}},
			"popup.media.url", `"https://cdn.example.com/promo.jpg": a picture must be on the site`},
		{"popup video link not recognised", []edit{{"popup.media.url", "https://www.youtube.com/@immoarlon"}},
			"popup.media.url", `"https://www.youtube.com/@immoarlon" is not a video link the site recognises`},
		{"popup link not a link", []edit{{"popup.link", "contact-demand"}},
			"popup.link", `"contact-demand" must be a path starting with / or an http(s)://, tel: or mailto: link`},
		{"legal id repeated", []edit{{"legal[1].id", "privacy"}},
			"legal[1].id", `"privacy" is also the id of legal[0]`},
		{"street view key with a query in it", []edit{{"streetView", map[string]any{"apiKey": "AIzaSyA-key&callback=x"}}},
			"streetView.apiKey", `"AIzaSyA-key&callback=x" is not a Google Maps API key`},
		{"captcha provider unknown", []edit{{"captcha", map[string]any{"provider": "recaptcha-v3", "siteKey": "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI"}}},
			"captcha.provider", `must be one of hcaptcha, recaptcha, turnstile (got "recaptcha-v3")`},
		{"captcha provider missing", []edit{{"captcha", map[string]any{"siteKey": "0x4AAAAAAABkMYinukE8nzY"}}},
			"captcha.provider", "required"},
		{"captcha site key missing", []edit{{"captcha", map[string]any{"provider": "turnstile"}}},
			"captcha.siteKey", "required"},
		{"captcha site key with markup", []edit{{"captcha", map[string]any{"provider": "hcaptcha", "siteKey": `10000000-ffff"><script>`}}},
			"captcha.siteKey", "is not a site key"},
		{"street view key too short", []edit{{"streetView", map[string]any{"apiKey": "KEY"}}},
			"streetView.apiKey", "is not a Google Maps API key"},
		{"consent cookie days negative", []edit{{"consent.cookieDays", -1}},
			"consent.cookieDays", "must be between 1 and 395 days, or absent for 182 (got -1)"},
		{"consent cookie days too many", []edit{{"consent.cookieDays", 400}},
			"consent.cookieDays", "must be between 1 and 395 days, or absent for 182 (got 400)"},
		{"consent revision negative", []edit{{"consent.revision", -1}},
			"consent.revision", "must be 0 or more (got -1)"},
		{"tag manager id with a query", []edit{{"siteInfo.tagManagerId", "GTM-ABC123&l=x"}},
			"siteInfo.tagManagerId", `"GTM-ABC123&l=x" is not such an id (e.g. GTM-ABC1234)`},
		{"analytics id of the old kind", []edit{{"siteInfo.googleAnalyticsId", "UA-12345-1"}},
			"siteInfo.googleAnalyticsId", "is not such an id (e.g. G-ABC123DEF4)"},
		{"ads id without AW-", []edit{{"siteInfo.googleAdsId", "842196573"}},
			"siteInfo.googleAdsId", "is not such an id (e.g. AW-123456789)"},
		{"pixel id with letters", []edit{{"siteInfo.socialPixelId", "pixel-42"}},
			"siteInfo.socialPixelId", "is not such an id"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tree := demoTree(t)
			for _, e := range tc.edits {
				set(t, tree, e.path, e.v)
			}
			wantLine(t, errorLines(t, encode(t, tree)), tc.path, tc.msg)
		})
	}
}

// All problems are reported, not only the first, in file order.
func TestValidationCollectsAll(t *testing.T) {
	tree := demoTree(t)
	set(t, tree, "agency.email", "nowhere")
	set(t, tree, "header.menuPosition", "top")
	set(t, tree, "pages[3].params.modules[0].relations[0].type", "sold-list")
	set(t, tree, "popup.delay", -1)
	_, err := Parse("site.json", encode(t, tree))
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != 4 {
		t.Fatalf("want 4 errors, got %d:\n%v", len(lines), err)
	}
	for i, want := range []string{"agency.email", "header.menuPosition", "pages[3].params.modules[0].relations[0].type", "popup.delay"} {
		if !strings.Contains(lines[i], ": "+want+": ") {
			t.Errorf("error %d = %q, want path %s", i, lines[i], want)
		}
	}
	var fe *FieldError
	if !errors.As(err, &fe) || fe.File != "site.json" || fe.Line == 0 || fe.Path != "agency.email" {
		t.Errorf("first FieldError = %+v", fe)
	}
	if n := len(err.(interface{ Unwrap() []error }).Unwrap()); n != 4 {
		t.Errorf("Unwrap gives %d errors, want 4", n)
	}
}

// The line of a validation error is the line of the offending value.
func TestValidationErrorLine(t *testing.T) {
	tree := demoTree(t)
	set(t, tree, "pages[2].params.modules[0].relations[0].type", "contactt")
	data := encode(t, tree)
	_, err := Parse("site.json", data)
	var fe *FieldError
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v", err)
	}
	line := strings.Split(string(data), "\n")[fe.Line-1]
	if !strings.Contains(line, `"contactt"`) || !strings.HasPrefix(line[fe.Column-1:], `"contactt"`) {
		t.Errorf("error at %d:%d points at %q", fe.Line, fe.Column, line)
	}
}

// Validate on a configuration built in code names no file.
func TestValidateWithoutFile(t *testing.T) {
	c := loadDemo(t)
	c.Header.LogoPosition = "top"
	err := c.Validate()
	want := `header.logoPosition: must be one of left, center, right (got "top")`
	if err == nil || err.Error() != want {
		t.Fatalf("Validate = %v, want %s", err, want)
	}
}

// A Google API key is accepted as it is; no key is the default.
func TestStreetViewKey(t *testing.T) {
	if c := loadDemo(t); c.StreetView.APIKey != "" {
		t.Fatalf("the demo configures a street view key: %q", c.StreetView.APIKey)
	}
	tree := demoTree(t)
	const key = "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"
	set(t, tree, "streetView", map[string]any{"apiKey": key})
	c, err := Parse("site.json", encode(t, tree))
	if err != nil {
		t.Fatal(err)
	}
	if c.StreetView.APIKey != key {
		t.Fatalf("key %q, want %q", c.StreetView.APIKey, key)
	}
}

// A captcha section is read as it is; none (ALTCHA) is the default and the
// demo's; its secret is no configuration.
func TestCaptchaSection(t *testing.T) {
	if c := loadDemo(t); c.Captcha != nil {
		t.Fatalf("the demo configures a third-party captcha: %+v", c.Captcha)
	}
	tree := demoTree(t)
	set(t, tree, "captcha", map[string]any{"provider": "hcaptcha", "siteKey": "10000000-ffff-ffff-ffff-000000000001"})
	c, err := Parse("site.json", encode(t, tree))
	if err != nil {
		t.Fatal(err)
	}
	if c.Captcha == nil || *c.Captcha != (Captcha{Provider: "hcaptcha", SiteKey: "10000000-ffff-ffff-ffff-000000000001"}) {
		t.Fatalf("captcha %+v", c.Captcha)
	}
	set(t, tree, "captcha", map[string]any{"provider": "hcaptcha", "siteKey": "10000000-ffff-ffff-ffff-000000000001", "secret": "0x0000"})
	if _, err := Parse("site.json", encode(t, tree)); err == nil || !strings.Contains(err.Error(), `captcha.secret`) {
		t.Fatalf("a secret in the file: %v, want it refused", err)
	}
}
