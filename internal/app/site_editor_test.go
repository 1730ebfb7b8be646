package app_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/agency"
)

// put sends body to path as the editor's autosave does (PUT, JSON), as c,
// with header's pairs; the answer is decoded into a map.
func (c *staffClient) put(t *testing.T, path, body string, header ...string) (int, map[string]any) {
	t.Helper()
	rec := c.send(httptest.NewRequest(http.MethodPut, path, strings.NewReader(body)), "application/json", header...)
	var answer map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &answer)
	return rec.Code, answer
}

// send serves r as c, with its content type and header's pairs, from
// c's address with c's cookies.
func (c *staffClient) send(r *http.Request, contentType string, header ...string) *httptest.ResponseRecorder {
	r.RemoteAddr = c.ip + ":4321"
	r.Header.Set("Content-Type", contentType)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	for _, ck := range c.cookies {
		r.AddCookie(ck)
	}
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, r)
	return rec
}

// TestSiteEditor: an admin starts a draft of the site, changes the home
// banner's title in two languages (kept at once, what changes summed up,
// the preview showing it, the public site not), makes a mistake (kept as
// typed, the problem at its field in the editor's language, neither
// previewed nor published), fixes it and publishes: the public site
// changes, the history says who and why, and an unpublish takes it back.
// A second editor's draft, started before, is refused its publish with
// what changed; nobody changes another's draft; a stranger's page cannot
// save; an agent without the right reaches nothing. On both databases.
func TestSiteEditor(t *testing.T) {
	const (
		published = "Votre agence immobilière à Arlon"
		spring    = "Le printemps chez Immo Arlon"
	)
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t), Published: true})
			visitor := func(path string) string {
				rec := httptest.NewRecorder()
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.RemoteAddr = "203.0.113.9:5000"
				s.Handler.ServeHTTP(rec, req)
				return rec.Body.String()
			}
			boss := newStaffIn(t, s, "boss@agency.test", account.Admin, "198.51.100.1", "nl")
			paul := newStaff(t, s, "paul@agency.test", account.Admin, "198.51.100.3")
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			start := func(c *staffClient) string {
				t.Helper()
				rec := c.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"edit"}})
				loc := rec.Header().Get("Location")
				if rec.Code != http.StatusSeeOther || !strings.HasPrefix(loc, "/admin/site/drafts/") {
					t.Fatalf("starting a draft: %d → %q", rec.Code, loc)
				}
				return loc
			}
			// Paul starts a draft first: Boss's publication will come after it.
			paulDraft := start(paul)
			editor := start(boss)
			boss.inertia = true
			view, props := inboxPage(t, boss.do(t, http.MethodGet, editor, nil))
			if view != "AdminSiteDraft" || props["config"] != string(demo.SiteJSON()) || len(props["problems"].([]any)) != 0 || len(props["changes"].([]any)) != 0 {
				t.Fatalf("the editor of a new draft: %s, %d problems, %d changes; want the version online as it is", view, len(props["problems"].([]any)), len(props["changes"].([]any)))
			}
			if labels := props["labels"].(map[string]any); labels["siteeditor.section.banner"] == nil {
				t.Error("the editor has no words for the banner's section")
			}
			if others := props["others"].([]any); len(others) != 1 || others[0].(map[string]any)["by"] != "paul@agency.test" {
				t.Errorf("who else is editing: %v, want Paul", others)
			}
			save := props["save"].(string)
			springJSON := strings.Replace(strings.Replace(string(demo.SiteJSON()), `"fr": "`+published+`"`, `"fr": "`+spring+`"`, 1),
				`"nl": "Uw vastgoedkantoor in Aarlen"`, `"nl": "De lente bij Immo Arlon"`, 1)
			if strings.Count(springJSON, "Immo Arlon\"") < 2 {
				t.Fatal("the demo's banner titles are not where the test looks for them")
			}
			code, answer := boss.put(t, save, springJSON)
			if code != 200 || len(answer["problems"].([]any)) != 0 {
				t.Fatalf("saving the spring banner: %d %v", code, answer)
			}
			changes := answer["changes"].([]any)
			if len(changes) != 1 || changes[0].(map[string]any)["section"] != "banner" || !sameJSON(changes[0].(map[string]any)["langs"], []any{"nl", "fr"}) {
				t.Errorf("what the draft changes: %v, want the banner in nl and fr", changes)
			}
			draftID := strings.TrimSuffix(strings.TrimPrefix(editor, "/admin/site/drafts/"), "/")
			boss.inertia = false
			if rec := boss.do(t, http.MethodGet, "/admin/preview/"+draftID+"/fr/", nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), spring) {
				t.Errorf("the draft's preview: %d, want the spring banner", rec.Code)
			}
			if strings.Contains(visitor("/fr/"), spring) {
				t.Fatal("a draft reached the public site")
			}
			// A mistake: kept as typed, its problem at its field, in Dutch.
			broken := strings.Replace(springJSON, `"email": "info@immo-arlon.be"`, `"email": "info-at-immo-arlon"`, 1)
			if broken == springJSON {
				t.Fatal("the demo's address is not where the test looks for it")
			}
			code, answer = boss.put(t, save, broken)
			problems, _ := answer["problems"].([]any)
			if code != 200 || len(problems) != 1 {
				t.Fatalf("saving a wrong address: %d %v", code, answer)
			}
			if p := problems[0].(map[string]any); p["path"] != "agency.email" || !strings.Contains(p["message"].(string), "geen e-mailadres") {
				t.Errorf("the problem: %v, want it at agency.email in Dutch", p)
			}
			if rec := boss.do(t, http.MethodGet, "/admin/preview/"+draftID+"/fr/", nil); rec.Code != http.StatusUnprocessableEntity {
				t.Errorf("the preview of a draft with a problem: %d, want 422", rec.Code)
			}
			boss.inertia = true
			rec := boss.do(t, http.MethodPost, editor, url.Values{"action": {"publish"}})
			if _, props := inboxPage(t, rec); rec.Code != http.StatusUnprocessableEntity || props["errors"].(map[string]any)["draft"] != "admin.site.error.invalid" {
				t.Errorf("publishing a draft with a problem: %d %v", rec.Code, props["errors"])
			}
			if code, _ := boss.put(t, save, springJSON); code != 200 {
				t.Fatalf("fixing the address: %d", code)
			}
			// Nobody else changes the draft: another editor, an agent, a
			// stranger's page, something that is no configuration, too much.
			if code, answer := paul.put(t, save, string(demo.SiteJSON())); code != http.StatusForbidden || answer["error"] == "" {
				t.Errorf("another editor's save: %d %v, want 403 with why", code, answer)
			}
			if code, answer := agent.put(t, save, string(demo.SiteJSON())); code != http.StatusForbidden || answer["error"] == "" {
				t.Errorf("an agent's save: %d %v, want 403 with why", code, answer)
			}
			stranger := &staffClient{h: s.Handler, ip: "203.0.113.7", cookies: map[string]*http.Cookie{}}
			if code, answer := stranger.put(t, save, string(demo.SiteJSON())); code != http.StatusForbidden || answer["error"] == "" {
				t.Errorf("a signed-out save: %d %v, want 403 with why", code, answer)
			}
			if code, _ := boss.put(t, save, string(demo.SiteJSON()), "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site"); code != http.StatusForbidden {
				t.Errorf("a save from another site's page: %d, want 403", code)
			}
			if code, _ := boss.put(t, save, `["no"]`); code != http.StatusUnprocessableEntity {
				t.Errorf("a save of no configuration: %d, want 422", code)
			}
			if code, _ := boss.put(t, save, `{"x": "`+strings.Repeat("a", agency.MaxConfigBytes)+`"}`); code != http.StatusRequestEntityTooLarge {
				t.Errorf("a save over the bound: %d, want 413", code)
			}
			if rec := agent.do(t, http.MethodGet, editor, nil); rec.Code != http.StatusForbidden {
				t.Errorf("an agent at the editor: %d, want 403", rec.Code)
			}
			if got, _ := s.Agency.OpenDraft(t.Context(), mustInt(t, draftID)); string(got.Config) != springJSON {
				t.Fatal("a refused save changed the draft")
			}
			// Published, with a note: online, in the history, the draft gone.
			rec = boss.do(t, http.MethodPost, editor, url.Values{"action": {"publish"}, "note": {"spring campaign"}})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/site/?done=published" {
				t.Fatalf("publishing: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			if !strings.Contains(visitor("/fr/"), spring) {
				t.Error("the public home does not show the version published")
			}
			_, props = inboxPage(t, boss.do(t, http.MethodGet, "/admin/site/?done=published", nil))
			newest := props["versions"].([]any)[0].(map[string]any)
			if newest["by"] != "boss@agency.test" || newest["note"] != "spring campaign" || props["notice"] != "admin.site.done.published" {
				t.Errorf("the history's newest version: %v, notice %v", newest, props["notice"])
			}
			if drafts := props["drafts"].([]any); len(drafts) != 1 {
				t.Errorf("drafts left: %v, want Paul's only", drafts)
			}
			// Paul's draft started before: its publish would undo Boss's.
			paul.inertia = true
			_, props = inboxPage(t, paul.do(t, http.MethodGet, paulDraft, nil))
			if meanwhile := props["meanwhile"].([]any); len(meanwhile) == 0 {
				t.Error("Paul's editor does not say what was published since his draft started")
			}
			rec = paul.do(t, http.MethodPost, paulDraft, url.Values{"action": {"publish"}})
			if _, props := inboxPage(t, rec); rec.Code != http.StatusConflict || props["errors"].(map[string]any)["draft"] != "admin.site.error.meanwhile" {
				t.Errorf("a publish over a newer version: %d %v", rec.Code, props["errors"])
			}
			if !strings.Contains(visitor("/fr/"), spring) {
				t.Error("the refused publish undid the spring banner")
			}
			// Unpublished: the version before is online again.
			_, props = inboxPage(t, boss.do(t, http.MethodGet, "/admin/site/", nil))
			previous := strconv.FormatFloat(props["previous"].(float64), 'f', 0, 64)
			rec = boss.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"unpublish"}, "version": {previous}})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/site/?done=unpublished" {
				t.Fatalf("unpublishing: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			if body := visitor("/fr/"); strings.Contains(body, spring) || !strings.Contains(body, published) {
				t.Error("after the unpublish, the public home does not show the version before")
			}
			// Paul discards his draft.
			rec = paul.do(t, http.MethodPost, paulDraft, url.Values{"action": {"discard"}})
			if rec.Code != http.StatusSeeOther {
				t.Errorf("discarding: %d", rec.Code)
			}
			if list, _ := s.Agency.Drafts(t.Context()); len(list) != 0 {
				t.Errorf("drafts left: %v", list)
			}
		})
	}
}

func mustInt(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// TestSiteSchedule: an editor schedules a draft (Brussels time); nothing
// changes before, the public site changes once the clock passes it (the
// server's 2 s check, PublishDue here), by the one who scheduled it; a
// time past is refused at its field. On both databases.
func TestSiteSchedule(t *testing.T) {
	const spring = "Le printemps chez Immo Arlon"
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t), Published: true})
			boss := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			rec := boss.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"edit"}})
			editor := rec.Header().Get("Location")
			boss.inertia = true
			_, props := inboxPage(t, boss.do(t, http.MethodGet, editor, nil))
			springJSON := strings.Replace(string(demo.SiteJSON()), `"fr": "Votre agence immobilière à Arlon"`, `"fr": "`+spring+`"`, 1)
			if code, _ := boss.put(t, props["save"].(string), springJSON); code != 200 {
				t.Fatalf("saving: %d", code)
			}
			brussels, _ := time.LoadLocation("Europe/Brussels")
			at := s.Clock.Now().In(brussels).Add(2 * time.Hour).Truncate(time.Minute)
			past := s.Clock.Now().In(brussels).Add(-time.Hour).Format("2006-01-02T15:04")
			rec = boss.do(t, http.MethodPost, editor, url.Values{"action": {"schedule"}, "at": {past}})
			if _, props := inboxPage(t, rec); rec.Code != http.StatusUnprocessableEntity || props["errors"].(map[string]any)["at"] != "admin.site.error.at" {
				t.Errorf("a schedule in the past: %d %v", rec.Code, props["errors"])
			}
			rec = boss.do(t, http.MethodPost, editor, url.Values{"action": {"schedule"}, "at": {at.Format("2006-01-02T15:04")}})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != editor+"?done=scheduled" {
				t.Fatalf("scheduling: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			_, props = inboxPage(t, boss.do(t, http.MethodGet, editor+"?done=scheduled", nil))
			if d := props["draft"].(map[string]any); d["publishAt"] != at.UTC().Format(time.RFC3339) || props["notice"] != "admin.site.done.scheduled" {
				t.Errorf("the scheduled draft: %v, notice %v; want it at %s", d, props["notice"], at.UTC().Format(time.RFC3339))
			}
			public := func() string {
				rec := httptest.NewRecorder()
				req := httptest.NewRequest(http.MethodGet, "/fr/", nil)
				req.RemoteAddr = "203.0.113.9:5000"
				s.Handler.ServeHTTP(rec, req)
				return rec.Body.String()
			}
			s.Clock.Add(time.Hour)
			if published, err := s.Agency.PublishDue(t.Context()); err != nil || published || strings.Contains(public(), spring) {
				t.Fatalf("an hour before: published %v, %v", published, err)
			}
			s.Clock.Add(time.Hour)
			if published, err := s.Agency.PublishDue(t.Context()); err != nil || !published {
				t.Fatalf("at the time: published %v, %v", published, err)
			}
			if !strings.Contains(public(), spring) {
				t.Error("the public home does not show the draft published on schedule")
			}
			versions, _ := s.Agency.Versions(t.Context(), 1)
			if len(versions) != 1 || versions[0].By != "boss@agency.test" {
				t.Errorf("the version published on schedule: %+v", versions)
			}
		})
	}
}

// TestSiteEditorAgent: an agent given the editor right edits the site's
// texts, not an admin's parts (the tags here): refused, nothing kept; and
// publishes their own draft, not an admin's. On both databases.
func TestSiteEditorAgent(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t), Published: true})
			boss := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			members, err := s.Store.Staff().ListStaff(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range members {
				if m.Email == "agent@agency.test" {
					if rec := boss.do(t, http.MethodPost, "/admin/staff/", url.Values{"action": {"editor-on"}, "id": {strconv.FormatInt(m.ID, 10)}}); rec.Code != http.StatusSeeOther {
						t.Fatalf("giving the editor right: %d", rec.Code)
					}
				}
			}
			bossDraft := boss.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"edit"}}).Header().Get("Location")
			rec := agent.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"edit"}})
			editor := rec.Header().Get("Location")
			if rec.Code != http.StatusSeeOther || editor == "" {
				t.Fatalf("an editor agent starting a draft: %d", rec.Code)
			}
			save := editor + "config"
			tags := strings.Replace(string(demo.SiteJSON()), `"G-7KX3QZP1LM"`, `"G-AAAAAAAAAA"`, 1)
			if code, answer := agent.put(t, save, tags); code != http.StatusForbidden || answer["error"] == "" {
				t.Errorf("an agent changing the tags: %d %v, want 403 with why", code, answer)
			}
			banner := strings.Replace(string(demo.SiteJSON()), `"fr": "Votre agence immobilière à Arlon"`, `"fr": "Printemps"`, 1)
			if code, _ := agent.put(t, save, banner); code != 200 {
				t.Errorf("an agent changing the banner: %d", code)
			}
			agent.inertia = true
			rec = agent.do(t, http.MethodPost, bossDraft, url.Values{"action": {"publish"}})
			if _, props := inboxPage(t, rec); rec.Code != http.StatusForbidden || props["errors"].(map[string]any)["draft"] != "admin.site.error.notYours" {
				t.Errorf("an agent publishing an admin's draft: %d %v", rec.Code, props["errors"])
			}
			if rec := agent.do(t, http.MethodPost, editor, url.Values{"action": {"publish"}}); rec.Code != http.StatusSeeOther {
				t.Errorf("an editor agent publishing their draft: %d", rec.Code)
			}
			// A schedule outlives no right: the agent schedules, loses the
			// right, the time comes: nothing published, and why is said.
			agent.inertia = false
			later := agent.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"edit"}}).Header().Get("Location")
			summer := strings.Replace(string(demo.SiteJSON()), `"fr": "Votre agence immobilière à Arlon"`, `"fr": "Été"`, 1)
			if code, _ := agent.put(t, later+"config", summer); code != 200 {
				t.Fatalf("saving: %d", code)
			}
			brussels, _ := time.LoadLocation("Europe/Brussels")
			at := s.Clock.Now().In(brussels).Add(time.Hour).Format("2006-01-02T15:04")
			if rec := agent.do(t, http.MethodPost, later, url.Values{"action": {"schedule"}, "at": {at}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("scheduling: %d", rec.Code)
			}
			for _, m := range members {
				if m.Email == "agent@agency.test" {
					boss.do(t, http.MethodPost, "/admin/staff/", url.Values{"action": {"editor-off"}, "id": {strconv.FormatInt(m.ID, 10)}})
				}
			}
			s.Clock.Add(2 * time.Hour)
			if published, err := s.Agency.PublishDue(t.Context()); err != nil || published {
				t.Errorf("the schedule of an agent without the right: published %v, %v", published, err)
			}
			d, err := s.Agency.OpenDraft(t.Context(), mustInt(t, strings.Split(later, "/")[4]))
			if err != nil || d.ScheduleFailed != agency.ErrNoRight.Key {
				t.Errorf("the draft whose scheduler lost the right: %+v, %v", d.ScheduleFailed, err)
			}
		})
	}
}

// TestSiteEditorMoves: publishing a draft that renames a page and deletes
// another keeps their old addresses leading somewhere (301 to the new
// address, to the parent's); the editor then says one is gone: 410. On
// both databases.
func TestSiteEditorMoves(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t), Published: true})
			boss := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			visit := func(path string) *httptest.ResponseRecorder {
				rec := httptest.NewRecorder()
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.RemoteAddr = "203.0.113.9:5000"
				s.Handler.ServeHTTP(rec, req)
				return rec
			}
			var saved map[string]any // the last autosave's answer
			publish := func(change func(cfg map[string]any)) {
				t.Helper()
				editor := boss.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"edit"}}).Header().Get("Location")
				d, err := s.Agency.OpenDraft(t.Context(), mustInt(t, strings.Split(editor, "/")[4]))
				if err != nil {
					t.Fatal(err)
				}
				var cfg map[string]any
				if err := json.Unmarshal(d.Config, &cfg); err != nil {
					t.Fatal(err)
				}
				change(cfg)
				data, _ := json.Marshal(cfg)
				code, answer := boss.put(t, editor+"config", string(data))
				if code != 200 || len(answer["problems"].([]any)) != 0 {
					t.Fatalf("saving: %d %v", code, answer)
				}
				saved = answer
				if rec := boss.do(t, http.MethodPost, editor, url.Values{"action": {"publish"}}); rec.Code != http.StatusSeeOther {
					t.Fatalf("publishing: %d", rec.Code)
				}
			}
			publish(func(cfg map[string]any) {
				pages := cfg["pages"].([]any)
				about := pages[8].(map[string]any)["params"].(map[string]any)["path"].(map[string]any)
				about["fr"] = "qui-sommes-nous"
				cfg["pages"] = append(pages[:5:5], pages[6:]...) // Jobs
			})
			// Before publishing, the editor said what moves and which links lead there.
			// (the about page's children move with it)
			if moves := saved["moves"].([]any); len(moves) != 7 {
				t.Errorf("the addresses the draft moves: %v", moves)
			}
			if deleted := saved["deleted"].([]any); !slices.Contains(deleted, any("/fr/emplois/")) || !slices.Contains(deleted, any("/nl/jobs/")) ||
				slices.Contains(deleted, any("/fr/a-propos/")) {
				t.Errorf("the deleted pages' addresses offered a 410: %v", deleted)
			}
			if links := saved["links"].([]any); !slices.ContainsFunc(links, func(l any) bool {
				return l.(map[string]any)["address"] == "/fr/emplois/" && l.(map[string]any)["path"] == "footer.columns[1].fullText.text.fr"
			}) {
				t.Errorf("the links to a deleted page: %v, want the footer's link to the jobs", links)
			}
			// The default language's (French) old addresses without their language too.
			for from, to := range map[string]string{"/fr/a-propos/": "/fr/qui-sommes-nous/", "/fr/emplois/": "/fr/", "/nl/jobs/": "/nl/",
				"/emplois/": "/fr/", "/a-propos/": "/fr/qui-sommes-nous/"} {
				if rec := visit(from); rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != to {
					t.Errorf("%s: %d → %q, want 301 to %s", from, rec.Code, rec.Header().Get("Location"), to)
				}
			}
			if rec := visit("/fr/qui-sommes-nous/"); rec.Code != 200 {
				t.Errorf("the renamed page: %d", rec.Code)
			}
			// The editor says the jobs page is gone.
			publish(func(cfg map[string]any) {
				for _, m := range cfg["moved"].([]any) {
					if m.(map[string]any)["from"] == "/fr/emplois/" {
						m.(map[string]any)["to"] = ""
					}
				}
			})
			for _, gone := range []string{"/fr/emplois/", "/emplois/"} {
				if rec := visit(gone); rec.Code != http.StatusGone {
					t.Errorf("%s, a page the editor says is gone: %d, want 410", gone, rec.Code)
				}
			}
			if rec := visit("/fr/a-propos/"); rec.Code != http.StatusMovedPermanently {
				t.Errorf("the renamed page's old address after another publication: %d, want 301", rec.Code)
			}
			// A page deleted with its French address chosen gone at once
			// (the editor's "410 instead"): that one 410, the others 301.
			var goneFrom, nlFrom string
			publish(func(cfg map[string]any) {
				pages := cfg["pages"].([]any)
				for i := len(pages) - 1; i >= 0; i-- {
					p := pages[i].(map[string]any)
					path, _ := p["params"].(map[string]any)["path"].(map[string]any)
					kids, _ := p["childMenus"].([]any)
					if fr, _ := path["fr"].(string); fr != "" && fr != "/" && len(kids) == 0 && path["nl"] != nil {
						goneFrom, nlFrom = "/fr/"+strings.Trim(fr, "/")+"/", "/nl/"+strings.Trim(path["nl"].(string), "/")+"/"
						cfg["pages"] = append(pages[:i:i], pages[i+1:]...)
						break
					}
				}
				cfg["moved"] = append(cfg["moved"].([]any), map[string]any{"from": goneFrom, "to": ""})
			})
			if gone := saved["gone"].([]any); len(gone) != 1 || gone[0] != goneFrom {
				t.Errorf("the addresses the draft says are gone: %v, want %s", gone, goneFrom)
			}
			if rec := visit(goneFrom); rec.Code != http.StatusGone {
				t.Errorf("%s, deleted as gone: %d, want 410", goneFrom, rec.Code)
			}
			if rec := visit(nlFrom); rec.Code != http.StatusMovedPermanently {
				t.Errorf("%s, deleted: %d, want 301", nlFrom, rec.Code)
			}
		})
	}
}
