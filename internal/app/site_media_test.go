package app_test

import (
	"bytes"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"immo/internal/adapter/demo"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/field"
	"immo/internal/domain/media"
)

// upload posts fields and a file under "file" to path as c, multipart as
// a browser's form; header's pairs are added.
func (c *staffClient) upload(t *testing.T, path string, fields url.Values, name string, data []byte, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, vs := range fields {
		for _, v := range vs {
			if err := w.WriteField(k, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	if name != "" {
		f, err := w.CreateFormFile("file", name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write(data)
	}
	w.Close()
	return c.send(httptest.NewRequest(http.MethodPost, path, &body), w.FormDataContentType(), header...)
}

// TestSiteMedia: an admin adds a photo to the library with its texts (it
// is served to anyone at its address), is refused a file that is no
// picture (nothing kept, the problem at the file field), cannot delete the
// photo while a draft uses it (the list says where), and deletes it once
// the draft is gone; an agent without the editor right, another site's
// page and a visitor reach none of it. On both databases.
func TestSiteMedia(t *testing.T) {
	const pictures = "/admin/site/pictures/"
	photo, err := fs.ReadFile(demo.Pictures(), "house-01.jpg")
	if err != nil {
		t.Fatal(err)
	}
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t), Published: true})
			boss := newStaffIn(t, s, "boss@agency.test", account.Admin, "198.51.100.1", "fr")
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			visitor := func(path string) *httptest.ResponseRecorder {
				rec := httptest.NewRecorder()
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.RemoteAddr = "203.0.113.9:5000"
				s.Handler.ServeHTTP(rec, req)
				return rec
			}
			list := func() []any {
				t.Helper()
				boss.inertia = true
				defer func() { boss.inertia = false }()
				view, props := inboxPage(t, boss.do(t, http.MethodGet, pictures, nil))
				if view != "AdminSiteMedia" {
					t.Fatalf("the library's page: %s", view)
				}
				return props["items"].([]any)
			}
			if items := list(); len(items) != 0 {
				t.Fatalf("a new library: %v", items)
			}

			rec := boss.upload(t, pictures, url.Values{"action": {"add"}, "alt.fr": {"Maison à Arlon"}, "alt.nl": {"Huis in Aarlen"}}, "Maison été.JPG", photo)
			loc := rec.Header().Get("Location")
			if rec.Code != http.StatusSeeOther || !strings.HasPrefix(loc, pictures+"?done=added&added=") {
				t.Fatalf("adding a photo: %d → %q %s", rec.Code, loc, rec.Body.String())
			}
			items := list()
			if len(items) != 1 {
				t.Fatalf("the library after an upload: %v", items)
			}
			it := items[0].(map[string]any)
			alt := it["alt"].(map[string]any)
			address := it["url"].(string)
			if it["name"] != "maison-ete.jpg" || alt["fr"] != "Maison à Arlon" || alt["nl"] != "Huis in Aarlen" || it["by"] != "boss@agency.test" ||
				len(it["uses"].([]any)) != 0 || address != media.URLPrefix+strconv.FormatInt(int64(it["id"].(float64)), 10)+"/maison-ete.jpg" {
				t.Errorf("the photo as listed: %v", it)
			}
			if got := visitor(address); got.Code != 200 || got.Header().Get("Content-Type") != "image/jpeg" || got.Body.Len() == 0 {
				t.Errorf("the photo served: %d %s", got.Code, got.Header().Get("Content-Type"))
			}
			if got := visitor(address + "?width=400&height=auto&format=webp"); got.Code != 200 {
				t.Errorf("a variant of the photo (the original until made): %d", got.Code)
			}
			if got := visitor(strings.Replace(address, "maison-ete", "other", 1)); got.Code != 404 {
				t.Errorf("the photo under another name: %d", got.Code)
			}
			// One spelling of its number: the handler learns each address it serves.
			for _, other := range []string{"/0", "/+", "/00"} {
				if got := visitor(strings.Replace(address, "/media/", "/media"+other, 1)); got.Code != 404 {
					t.Errorf("the photo's number spelt %s…: %d, want 404", other, got.Code)
				}
			}

			// Refusals: nothing kept, the problem at its field.
			boss.inertia = true
			rec = boss.upload(t, pictures, url.Values{"action": {"add"}}, "cv.jpg", []byte("%PDF-1.7 not a picture"), "X-Inertia", "true", "X-Inertia-Version", apptest.AssetVersion)
			_, props := inboxPage(t, rec)
			if rec.Code != http.StatusUnprocessableEntity || props["errors"].(map[string]any)["file"] != field.KeyFileType {
				t.Errorf("a file that is no picture: %d %v", rec.Code, props["errors"])
			}
			boss.inertia = false
			if n := len(list()); n != 1 {
				t.Errorf("%d pictures after a refusal, want 1", n)
			}
			if rec := boss.upload(t, pictures, url.Values{"action": {"add"}}, "a.jpg", photo, "Sec-Fetch-Site", "cross-site"); rec.Code != http.StatusForbidden {
				t.Errorf("an upload from another site's page: %d", rec.Code)
			}
			if rec := agent.upload(t, pictures, url.Values{"action": {"add"}}, "a.jpg", photo); rec.Code != http.StatusForbidden {
				t.Errorf("an agent without the editor right uploading: %d", rec.Code)
			}
			if rec := agent.do(t, http.MethodGet, pictures, nil); rec.Code != http.StatusForbidden {
				t.Errorf("an agent without the editor right: %d", rec.Code)
			}
			if rec := visitor(pictures); rec.Code != http.StatusSeeOther && rec.Code != http.StatusFound {
				t.Errorf("a visitor at the library: %d, want the login", rec.Code)
			}
			if n := len(list()); n != 1 {
				t.Errorf("%d pictures after the strangers, want 1", n)
			}

			// Its texts changed.
			id := strconv.FormatInt(int64(it["id"].(float64)), 10)
			if rec := boss.do(t, http.MethodPost, pictures, url.Values{"action": {"alt"}, "picture": {id}, "alt.de": {"Haus in Arel"}}); rec.Code != http.StatusSeeOther {
				t.Errorf("saving the texts: %d", rec.Code)
			}
			if alt := list()[0].(map[string]any)["alt"].(map[string]any); len(alt) != 1 || alt["de"] != "Haus in Arel" {
				t.Errorf("the texts after saving: %v", alt)
			}

			// A draft uses it as the home banner, a footer picture and the share image: it stays.
			editor := boss.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"edit"}}).Header().Get("Location")
			cfg := strings.Replace(string(demo.SiteJSON()), `"/pictures/demo/banner.jpg"`, `"`+address+`"`, -1)
			if cfg == string(demo.SiteJSON()) {
				t.Fatal("the demo's banner is not where the test looks for it")
			}
			if code, answer := boss.put(t, editor+"config", cfg); code != 200 || len(answer["problems"].([]any)) != 0 {
				t.Fatalf("a draft with the photo as banner: %d %v", code, answer)
			}
			uses := list()[0].(map[string]any)["uses"].([]any)
			var where []string
			for _, u := range uses {
				if u.(map[string]any)["href"] == editor {
					where = append(where, u.(map[string]any)["path"].(string))
				}
			}
			if strings.Join(where, " ") != "banner.image.url footer.columns[0].images[0].url siteInfo.settings.image" || len(uses) != len(where) {
				t.Errorf("where the photo is used: %v", uses)
			}
			rec = boss.do(t, http.MethodPost, pictures, url.Values{"action": {"delete"}, "picture": {id}})
			if rec.Code != http.StatusConflict {
				t.Errorf("deleting a photo in use: %d", rec.Code)
			}
			if visitor(address).Code != 200 {
				t.Error("a photo in use is gone")
			}
			// The draft discarded, it goes, and is no longer served.
			if rec := boss.do(t, http.MethodPost, editor, url.Values{"action": {"discard"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("discarding: %d", rec.Code)
			}
			if rec := boss.do(t, http.MethodPost, pictures, url.Values{"action": {"delete"}, "picture": {id}}); rec.Code != http.StatusSeeOther {
				t.Errorf("deleting an unused photo: %d", rec.Code)
			}
			if n := len(list()); n != 0 {
				t.Errorf("%d pictures after the delete", n)
			}
			if got := visitor(address); got.Code != 404 {
				t.Errorf("a deleted photo served: %d", got.Code)
			}
			if rec := boss.do(t, http.MethodPost, pictures, url.Values{"action": {"delete"}, "picture": {id}}); rec.Code != http.StatusNotFound {
				t.Errorf("deleting it twice: %d", rec.Code)
			}
			// A draft naming it still (an old tab's) is not published: its banner would be broken.
			late := boss.do(t, http.MethodPost, "/admin/site/", url.Values{"action": {"edit"}}).Header().Get("Location")
			if code, _ := boss.put(t, late+"config", cfg); code != 200 {
				t.Fatalf("saving a draft naming a deleted picture: %d", code)
			}
			boss.inertia = true
			rec = boss.do(t, http.MethodPost, late, url.Values{"action": {"publish"}})
			_, props = inboxPage(t, rec)
			boss.inertia = false
			if rec.Code != http.StatusConflict || props["errors"].(map[string]any)["draft"] != "admin.site.error.pictureGone" {
				t.Errorf("publishing a draft naming a deleted picture: %d %v", rec.Code, props["errors"])
			}
			if strings.Contains(visitor("/fr/").Body.String(), address) {
				t.Error("a deleted picture reached the public site")
			}
			logged, err := s.Store.Audit().List(t.Context(), audit.Query{TargetKind: media.AuditKind, Limit: 10})
			if err != nil || len(logged) != 3 {
				t.Errorf("the audit log of the library: %d entries, %v; want add, texts, delete", len(logged), err)
			}
		})
	}
}
