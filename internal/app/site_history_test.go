package app_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/audit"
)

// TestSiteHistory: an admin sees every published version in the inbox's
// site section, previews an earlier one as it was (noindex, no-store, the
// public page unchanged), and brings it back in one click — a new version,
// online at once, audited, the page saying so; a version that is not is
// refused with why, nothing published. An agent sees no section and no
// preview until an admin gives them the editor right, and none again once
// it is taken back; a visitor is sent to the login. On both databases.
func TestSiteHistory(t *testing.T) {
	const (
		published = "Votre agence immobilière à Arlon"
		spring    = "Le printemps chez Immo Arlon"
	)
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t), Published: true})
			first := s.Agency.Current().Version
			springJSON := strings.Replace(string(demo.SiteJSON()), `"fr": "`+published+`"`, `"fr": "`+spring+`"`, 1)
			if springJSON == string(demo.SiteJSON()) {
				t.Fatal("the demo's banner title is not where the test looks for it")
			}
			second, err := s.Agency.Publish(t.Context(), "site.json", []byte(springJSON), "anne@immo-arlon.be", "spring banner")
			if err != nil {
				t.Fatal(err)
			}
			visitor := func(path string) *httptest.ResponseRecorder {
				rec := httptest.NewRecorder()
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.RemoteAddr = "203.0.113.9:5000"
				s.Handler.ServeHTTP(rec, req)
				return rec
			}
			if body := visitor("/fr/").Body.String(); !strings.Contains(body, spring) {
				t.Fatal("the public home does not show the version published")
			}
			boss := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			boss.inertia = true
			view, props := inboxPage(t, boss.do(t, http.MethodGet, "/admin/site/", nil))
			versions, _ := props["versions"].([]any)
			if view != "AdminSite" || len(versions) != 2 {
				t.Fatalf("the site's section: %s with %d versions, want AdminSite with 2", view, len(versions))
			}
			newest := versions[0].(map[string]any)
			if newest["id"] != float64(second.ID) || newest["current"] != true || newest["note"] != "spring banner" || newest["by"] != "anne@immo-arlon.be" {
				t.Errorf("the newest version's row: %v", newest)
			}
			// What each changed: the banner's French title; the first version, over none, its note only.
			sum, _ := newest["summary"].(map[string]any)
			changes, _ := sum["changes"].([]any)
			if len(changes) != 1 || sum["more"] != float64(0) {
				t.Fatalf("the newest version's summary: %v, want one change", newest["summary"])
			}
			if c := changes[0].(map[string]any); c["section"] != "banner" || c["what"] != agency.ChangeEdited || fmt.Sprint(c["langs"]) != "[fr]" {
				t.Errorf("the newest version's change: %v, want the banner's French text", c)
			}
			if versions[1].(map[string]any)["summary"] != nil {
				t.Errorf("the first version's summary: %v, want none", versions[1].(map[string]any)["summary"])
			}
			if labels, _ := props["labels"].(map[string]any); labels["siteeditor.section.banner"] == nil {
				t.Errorf("the history's section names: %v, want the banner's", props["labels"])
			}
			// The first version previewed as it was; the public page still the second's.
			boss.inertia = false
			preview := "/admin/site/versions/" + strconv.FormatInt(first, 10)
			rec := boss.do(t, http.MethodGet, preview+"/fr/", nil)
			if rec.Code != 200 || !strings.Contains(rec.Body.String(), published) || strings.Contains(rec.Body.String(), spring) {
				t.Fatalf("the first version's preview: %d, want its banner", rec.Code)
			}
			if rec.Header().Get("X-Robots-Tag") != "noindex, nofollow" || !strings.Contains(rec.Header().Get("Cache-Control"), "no-store") {
				t.Errorf("the preview's headers %v; want noindex and no-store", rec.Header())
			}
			if body := visitor("/fr/").Body.String(); !strings.Contains(body, spring) || strings.Contains(body, published) {
				t.Error("after the preview, the public home shows the first version")
			}
			// A version that is not: refused with why, nothing published.
			boss.inertia = true
			rec = boss.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"revert"}, "version": {"999"}})
			if _, props := inboxPage(t, rec); rec.Code != http.StatusUnprocessableEntity || props["errors"].(map[string]any)["version"] != "admin.site.error.noVersion" {
				t.Errorf("revert to no version: %d %v", rec.Code, props["errors"])
			}
			// A version stored before today's rules, which it breaks: refused with why (409), nothing published.
			broken, err := s.Store.(agency.Store).PublishSiteVersion(t.Context(), agency.Version{Config: []byte(`{"agency": {}}`),
				By: "file old.json", At: time.Now()}, audit.Entry{Action: agency.ActionPublish, TargetKind: agency.AuditKind})
			if err != nil {
				t.Fatal(err)
			}
			rec = boss.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"revert"}, "version": {strconv.FormatInt(broken, 10)}})
			if _, props := inboxPage(t, rec); rec.Code != http.StatusConflict || props["errors"].(map[string]any)["version"] != "admin.site.error.broken" {
				t.Errorf("revert to a version the rules refuse: %d %v", rec.Code, props["errors"])
			}
			if s.Agency.Current().Version != second.ID {
				t.Fatal("a refused revert published something")
			}
			// The first version brought back.
			audits := s.Count(t, "audit_log")
			rec = boss.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"revert"}, "version": {strconv.FormatInt(first, 10)}})
			if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "/admin/site/?done=reverted") {
				t.Fatalf("revert: %d to %q", rec.Code, rec.Header().Get("Location"))
			}
			if cur := s.Agency.Current(); cur.Version <= second.ID {
				t.Fatalf("after the revert version %d is served, want a new one", cur.Version)
			}
			if body := visitor("/fr/").Body.String(); !strings.Contains(body, published) || strings.Contains(body, spring) {
				t.Error("after the revert, the public home does not show the first version's banner")
			}
			if s.Count(t, "audit_log") != audits+1 {
				t.Error("the revert was not audited")
			}
			_, props = inboxPage(t, boss.do(t, http.MethodGet, "/admin/site/?done=reverted", nil))
			if props["notice"] != "admin.site.done.reverted" || len(props["versions"].([]any)) != 4 {
				t.Errorf("after the revert: notice %v, %d versions", props["notice"], len(props["versions"].([]any)))
			}
			// The first version's configuration is online again: it offers no revert; the others do.
			for _, row := range props["versions"].([]any) {
				v := row.(map[string]any)
				id := int64(v["id"].(float64))
				if want := id == first || id == s.Agency.Current().Version; v["online"] != want {
					t.Errorf("version %v online = %v, want %v", v["id"], v["online"], want)
				}
				if v["id"] == float64(first) && v["file"] != "demo/site.json" {
					t.Errorf("the first version's file: %v (by %v)", v["file"], v["by"])
				}
			}
			// An agent: no section, no preview; a visitor: the login.
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			agent.inertia = true
			_, props = inboxPage(t, agent.do(t, http.MethodGet, "/admin/leads/", nil))
			for _, n := range props["nav"].([]any) {
				if n.(map[string]any)["href"] == "/admin/site/" {
					t.Error("an agent's menu shows the site's section")
				}
			}
			if rec := agent.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"revert"}, "version": {"1"}}); rec.Code != http.StatusForbidden {
				t.Errorf("an agent's revert: %d, want 403", rec.Code)
			}
			agent.inertia = false
			if rec := agent.do(t, http.MethodGet, preview+"/fr/", nil); rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), published) {
				t.Errorf("an agent's preview: %d, want 404", rec.Code)
			}
			draft, err := s.Agency.SaveDraft(t.Context(), 0, "draft", []byte(springJSON), "boss@agency.test")
			if err != nil {
				t.Fatal(err)
			}
			draftPreview := "/admin/preview/" + strconv.FormatInt(draft.ID, 10) + "/fr/"
			if rec := agent.do(t, http.MethodGet, draftPreview, nil); rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), spring) {
				t.Errorf("an agent's preview of a draft: %d, want 404", rec.Code)
			}
			if rec := visitor("/admin/site/"); rec.Code != http.StatusFound || !strings.HasPrefix(rec.Header().Get("Location"), "/admin/login/") {
				t.Errorf("a visitor at the site's section: %d to %q, want the login", rec.Code, rec.Header().Get("Location"))
			}
			if rec := visitor(preview + "/fr/"); rec.Code != http.StatusNotFound {
				t.Errorf("a visitor's preview: %d, want 404", rec.Code)
			}
			// Given the editor right by the admin (audited), the agent has the
			// section, its previews and its revert; taken back, none.
			var agentID int64
			members, err := s.Store.Staff().ListStaff(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range members {
				if m.Email == "agent@agency.test" {
					agentID = m.ID
				}
			}
			right := func(action string) {
				t.Helper()
				before := s.Count(t, "audit_log")
				rec := boss.do(t, http.MethodPost, "/admin/staff/", url.Values{"action": {action}, "id": {strconv.FormatInt(agentID, 10)}})
				if rec.Code != http.StatusSeeOther || s.Count(t, "audit_log") != before+1 {
					t.Fatalf("%s: %d, audit %d → %d", action, rec.Code, before, s.Count(t, "audit_log"))
				}
			}
			right("editor-on")
			agent.inertia = true
			if view, _ := inboxPage(t, agent.do(t, http.MethodGet, "/admin/site/", nil)); view != "AdminSite" {
				t.Errorf("an editor agent at the site's section: %s", view)
			}
			agent.inertia = false
			if rec := agent.do(t, http.MethodGet, preview+"/fr/", nil); rec.Code != 200 {
				t.Errorf("an editor agent's preview: %d", rec.Code)
			}
			if rec := agent.do(t, http.MethodGet, draftPreview, nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), spring) {
				t.Errorf("an editor agent's preview of a draft: %d", rec.Code)
			}
			right("editor-off")
			if rec := agent.do(t, http.MethodGet, "/admin/site/", nil); rec.Code != http.StatusForbidden {
				t.Errorf("the agent once the right is taken back: %d, want 403", rec.Code)
			}
		})
	}
}
