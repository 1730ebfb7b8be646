package site

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

func TestUnknownFieldNamed(t *testing.T) {
	tree := demoTree(t)
	set(t, tree, "pages[1].params.modules[0].titel", map[string]any{"fr": "A vendre"})
	set(t, tree, "header.logoPositon", "left")
	lines := errorLines(t, encode(t, tree))
	wantLine(t, lines, "header.logoPositon", `unknown field "logoPositon" (did you mean "logoPosition"?)`)
	wantLine(t, lines, "pages[1].params.modules[0].titel", `unknown field "titel" (did you mean "title"?)`)
}

// Field names are matched exactly: encoding/json alone would accept "Name".
func TestFieldCaseMatters(t *testing.T) {
	tree := demoTree(t)
	agency := tree["agency"].(map[string]any)
	agency["Name"] = agency["name"]
	delete(agency, "name")
	wantLine(t, errorLines(t, encode(t, tree)), "agency.Name", `unknown field "Name" (did you mean "name"?)`)
}

func TestShapeErrorsHaveLineAndColumn(t *testing.T) {
	doc := "{\n  \"agency\": {\n    \"nmae\": \"Immo\",\n    \"geo\": {\"lat\": \"north\"}\n  },\n  \"pages\": [{\"id\": 1.5}]\n}\n"
	_, err := Parse("site.json", []byte(doc))
	if err == nil {
		t.Fatal("no error")
	}
	want := []string{
		`site.json:3:5: agency.nmae: unknown field "nmae" (did you mean "name"?)`,
		`site.json:4:20: agency.geo.lat: want a number, got the string "north"`,
		`site.json:6:20: pages[0].id: want a whole number, got the number 1.5`,
	}
	// The rules' problems (this file has no language, no page name…) come
	// along; the shape errors stand in the order of the file.
	got := err.Error() + "\n"
	at := 0
	for _, w := range want {
		i := strings.Index(got[at:], w+"\n")
		if i < 0 {
			t.Fatalf("no %q in order in\n%s", w, got)
		}
		at += i + len(w)
	}
}

// A wrong type does not hide the rules' problems: one run reports both, but
// not a rule's complaint about the value that could not be decoded.
func TestShapeAndRuleErrorsTogether(t *testing.T) {
	tree := demoTree(t)
	set(t, tree, "pages[0].params.modules[0].numberItemOfRow", "4")
	set(t, tree, "header.menuPosition", "middle")
	lines := errorLines(t, encode(t, tree))
	wantLine(t, lines, "pages[0].params.modules[0].numberItemOfRow", `want a whole number, got the string "4"`)
	wantLine(t, lines, "header.menuPosition", `must be one of left, center, right (got "middle")`)
	if len(lines) != 2 {
		t.Errorf("want the two problems alone, got\n%s", strings.Join(lines, "\n"))
	}
}

func TestWrongTypeNamed(t *testing.T) {
	tree := demoTree(t)
	set(t, tree, "pages[0].params.modules[0].numberItemOfRow", "4")
	set(t, tree, "languages.use", map[string]any{"fr": true})
	lines := errorLines(t, encode(t, tree))
	wantLine(t, lines, "pages[0].params.modules[0].numberItemOfRow", `want a whole number, got the string "4"`)
	wantLine(t, lines, "languages.use", "want an array, got an object")
}

func TestSyntaxErrorHasLine(t *testing.T) {
	doc := "{\n  \"agency\": {\n    \"name\": \"Immo\",\n  }\n}\n"
	_, err := Parse("site.json", []byte(doc))
	if err == nil || !strings.HasPrefix(err.Error(), "site.json:4:3: agency: invalid character '}'") {
		t.Fatalf("err = %v", err)
	}
	_, err = Parse("site.json", []byte(`{"agency": {"name": "Immo"`))
	if err == nil || !strings.Contains(err.Error(), "unexpected end of file") || !strings.HasPrefix(err.Error(), "site.json:1:") {
		t.Fatalf("truncated: err = %v", err)
	}
	_, err = Parse("site.json", []byte(`{} {}`))
	if err == nil || err.Error() != "site.json:1:4: unexpected data after the top-level object" {
		t.Fatalf("trailing: err = %v", err)
	}
}

func TestLanguageKeys(t *testing.T) {
	tree := demoTree(t)
	set(t, tree, "agency.address.country", map[string]any{"FR": "Belgique", "NL": "België", "En": "Belgium", "de": ""})
	set(t, tree, "pages[1].params.path", map[string]any{"NL": "te-koop", "FR": "a-vendre", "EN": "for-sale", "DE": "zu-verkaufen"})
	set(t, tree, "pages[1].params.metadata.NL", map[string]any{"title": "Te koop", "isActiveSEO": true})
	set(t, tree, "pages[1].params.metadata.nl", remove)
	c, err := Parse("site.json", encode(t, tree))
	if err != nil {
		t.Fatal(err)
	}
	country := c.Agency.Address.Country
	if country["fr"] != "Belgique" || country["en"] != "Belgium" || country.In("NL") != "België" || len(country) != 4 {
		t.Errorf("country = %v", country)
	}
	sale := c.PageByID(2)
	if got := c.PagePath(sale, "nl"); got != "/te-koop/" {
		t.Errorf("nl path = %q", got)
	}
	if m := sale.Params.Metadata["nl"]; m.Title != "Te koop" {
		t.Errorf("nl metadata = %+v", sale.Params.Metadata)
	}
}

func TestLanguageKeyErrors(t *testing.T) {
	tree := demoTree(t)
	set(t, tree, "banner.title.es", "Su agencia")
	set(t, tree, "banner.description.FR", "Vente")
	lines := errorLines(t, encode(t, tree))
	wantLine(t, lines, "banner.title.es", `unknown language "es" (want nl, fr, en or de)`)
	wantLine(t, lines, "banner.description.fr", `language "fr" given twice (keys ignore case)`)
}

func TestVideoStringOrObject(t *testing.T) {
	for _, tc := range []struct {
		name  string
		video any
		want  Video
	}{
		{"string", "https://www.youtube.com/watch?v=dQw4w9WgXcQ", Video{URL: "https://www.youtube.com/watch?v=dQw4w9WgXcQ"}},
		{"object", map[string]any{"url": "/pictures/demo/tour.mp4", "mimetype": "video/mp4"}, Video{URL: "/pictures/demo/tour.mp4", MimeType: "video/mp4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := demoTree(t)
			set(t, tree, "banner.type", "video")
			set(t, tree, "banner.video", tc.video)
			c, err := Parse("site.json", encode(t, tree))
			if err != nil {
				t.Fatal(err)
			}
			if c.Banner.Video != tc.want {
				t.Fatalf("video = %+v, want %+v", c.Banner.Video, tc.want)
			}
			out, _ := json.Marshal(c.Banner.Video)
			var back Video
			if err := json.Unmarshal(out, &back); err != nil || back != tc.want {
				t.Errorf("round trip %s = %+v, %v", out, back, err)
			}
		})
	}
	tree := demoTree(t)
	set(t, tree, "banner.video", map[string]any{"url": "/v.mp4", "mime": "video/mp4"})
	set(t, tree, "banner.gallery", []any{})
	lines := errorLines(t, encode(t, tree))
	wantLine(t, lines, "banner.video.mime", `unknown field "mime" (did you mean "mimetype"?)`)
	wantLine(t, lines, "banner.gallery", "want an object, got an array")
	var v Video
	if err := json.Unmarshal([]byte(`42`), &v); err == nil {
		t.Error("a number is accepted as a video")
	}
}

func TestLoad(t *testing.T) {
	c, err := Load("../../adapter/demo/site.json")
	if err != nil || c.Agency.Name != "Immo Arlon" {
		t.Fatalf("Load = %v, %v", c, err)
	}
	if _, err := Load("testdata/missing.json"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	bad := t.TempDir() + "/site.json"
	if err := os.WriteFile(bad, []byte(`{"agency": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(bad); err == nil || !strings.Contains(err.Error(), bad+":1:12: agency: want an object") ||
		strings.Contains(err.Error(), "agency.name") {
		t.Errorf("Load(bad) = %v", err)
	}
}

// Nested childMenus pages get their parent and paths below it.
func TestNestedPages(t *testing.T) {
	tree := demoTree(t)
	pages := tree["pages"].([]any)
	contact := pages[4].(map[string]any)
	child := map[string]any{
		"id": 60, "name": "Team", "path": "/team/", "status": "Published", "sort": 0,
		"params": map[string]any{"title": map[string]any{"fr": "L'équipe"}, "path": map[string]any{"fr": "equipe"}},
	}
	contact["childMenus"] = []any{child}
	c, err := Parse("site.json", encode(t, tree))
	if err != nil {
		t.Fatal(err)
	}
	team := c.PageByID(60)
	if team == nil || team.ParentID != 5 {
		t.Fatalf("team = %+v", team)
	}
	if got := c.PagePath(team, "fr"); got != "/contact/equipe/" {
		t.Errorf("fr path = %q", got)
	}
	if got := c.PagePath(team, "de"); got != "/kontakt/team/" {
		t.Errorf("de path = %q", got)
	}
	if kids := c.Children(5); len(kids) != 1 || kids[0] != team {
		t.Errorf("children of contact = %v", kids)
	}
	child["parentId"] = 2
	wantLine(t, errorLines(t, encode(t, tree)), "pages[4].childMenus[0].parentId", "2, but the page sits in the childMenus of page 5")
}
