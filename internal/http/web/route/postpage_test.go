package route

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"testing"

	"immo/internal/domain/catalog"
)

// A post learns of its page without resolving it (PostPage); what it
// learns is what resolving the page would tell: the forms of a page that
// answers 200 (none otherwise), its listing, language and canonical query.
func TestPostPageAgreesWithResolve(t *testing.T) {
	r := demoResolver(t)
	urls := []string{"/fr/contact/", "/contact/", "/nl/contact", "/fr/property/4100001/?propertyId=4100002",
		"/fr/a-vendre/arlon/maison/4100001/", "/fr/a-vendre/namur/maison/4100001/", "/fr/a-louer/arlon/maison/4100001/",
		"/fr/project/?id=5200001", "/fr/project/?id=5200001&x=1", "/fr/project/?id=99", "/fr/project/", "/fr/estimation-gratuite/",
		"/fr/a-vendre/", "/fr/a-vendre/?page=2", "/fr/", "/", "/fr/merci/service-personnalise/", "/xx/contact/", "/fr/nowhere/",
		"/nl/jobs/", "/fr/emplois/", "/de/stellenangebote/", "/fr/temoignages/", "/fr/property/9999999/", "/fr/property/0041/",
		"/FR/Property/4100001/", "/fr/property/4100001", "/fr/a-vendre/?q=arlon"}
	ix := r.Catalog.Index()
	var cards []catalog.Card
	for _, goal := range []int{catalog.GoalSale, catalog.GoalRent} {
		for _, state := range []string{catalog.StateAvailable, catalog.StateSold} {
			q := catalog.NewQuery()
			q.Goal, q.State, q.PageSize = goal, state, catalog.MaxPageSize
			cards = append(cards, ix.List(q).Items...)
		}
	}
	for _, c := range cards {
		for _, lang := range r.Site.Languages.Enabled() {
			card, err := ix.Card(c.ID, lang)
			if err != nil {
				continue
			}
			urls = append(urls, r.CardURL(&card, lang), "/"+lang+"/property/"+strconv.FormatInt(c.ID, 10)+"/")
		}
	}
	for _, p := range ix.Projects() {
		for _, lang := range r.Site.Languages.Enabled() {
			urls = append(urls, r.ProjectURL(p.ID, lang))
		}
	}
	for _, p := range r.Site.Pages {
		for _, lang := range r.Site.Languages.Enabled() {
			if u := r.PageURL(&p, lang); u != "" {
				urls = append(urls, u)
			}
		}
	}
	if len(cards) < 50 {
		t.Fatalf("%d cards of the demo listed: the test would check no property", len(cards))
	}
	for _, raw := range urls {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		path, query := u.EscapedPath(), u.Query()
		var want PostPage
		if res := r.Resolve(path, query); res.Redirect == "" && res.Status == http.StatusOK {
			want = PostPage{PageForms: r.PageForms(path, query), Lang: res.Lang, Query: res.CacheQuery}
		}
		got := r.PostPage(path, query)
		if !slices.Equal(got.Forms, want.Forms) || got.PropertyID != want.PropertyID || got.ProjectID != want.ProjectID ||
			len(got.Forms) > 0 && (got.Lang != want.Lang || got.Query != want.Query) {
			t.Errorf("PostPage(%s) = %+v, resolving says %+v", raw, got, want)
		}
	}
}
