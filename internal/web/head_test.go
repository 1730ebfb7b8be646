package web

import (
	"encoding/json"
	"regexp"
	"strconv"
	"testing"
)

var ldScript = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)

// TestBreadcrumbList: every page but the home carries its trail as
// schema.org BreadcrumbList, with absolute addresses; a property hangs
// under its list (SPEC §2).
func TestBreadcrumbList(t *testing.T) {
	h, _, cat := newTestHandler(t, &fakeRenderer{})
	var saleID int64
	for _, p := range cat.Properties {
		if p.Goal == 0 {
			saleID = p.ID
			break
		}
	}
	type step struct{ name, item string }
	cases := []struct {
		path string
		want []step // nil: no structured breadcrumb
	}{
		{"/nl/", nil},
		{"/nl/te-koop/", []step{{"Home", "https://immo.test/nl/"}, {"Te koop", "https://immo.test/nl/te-koop/"}}},
		{"/fr/property/" + strconv.FormatInt(saleID, 10) + "/", []step{{"Accueil", "https://immo.test/fr/"}, {"A vendre", "https://immo.test/fr/a-vendre/"}, {"", ""}}},
		{"/en/privacy-statement/", []step{{"Home", "https://immo.test/en/"}, {"Privacy statement", ""}}},
	}
	for _, tc := range cases {
		rec := do(h, "GET", tc.path, nil)
		if rec.Code == 301 || rec.Code == 302 {
			rec = do(h, "GET", rec.Header().Get("Location"), nil)
		}
		m := ldScript.FindStringSubmatch(rec.Body.String())
		if tc.want == nil {
			if m != nil {
				t.Errorf("%s: a breadcrumb on the home page: %s", tc.path, m[1])
			}
			continue
		}
		if m == nil {
			t.Errorf("%s (%d): no BreadcrumbList", tc.path, rec.Code)
			continue
		}
		var ld struct {
			Type  string `json:"@type"`
			Items []struct {
				Position int    `json:"position"`
				Name     string `json:"name"`
				Item     string `json:"item"`
			} `json:"itemListElement"`
		}
		if err := json.Unmarshal([]byte(m[1]), &ld); err != nil || ld.Type != "BreadcrumbList" || len(ld.Items) != len(tc.want) {
			t.Errorf("%s: %s (%v)", tc.path, m[1], err)
			continue
		}
		for i, w := range tc.want {
			got := ld.Items[i]
			if got.Position != i+1 || w.name != "" && got.Name != w.name || w.item != "" && got.Item != w.item || got.Name == "" {
				t.Errorf("%s step %d: %+v, want %+v", tc.path, i+1, got, w)
			}
		}
		if last := ld.Items[len(ld.Items)-1]; last.Item == "" {
			t.Errorf("%s: the page itself has no address in its BreadcrumbList", tc.path)
		}
	}
}
