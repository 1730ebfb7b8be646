package app_test

import (
	"bytes"
	"image"
	"image/jpeg"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/lead"
	"immo/internal/domain/testimonial"
)

// TestInboxTestimonials: staff moderate the testimonials on both
// databases — the pending one listed first, a refused edit changing
// nothing, an edit, an approval the home page shows at once (no watcher
// runs in the tests: the moderation's own refresh does it), a rejection
// that removes it from the home page, each change audited — and nobody
// else reaches the page.
func TestInboxTestimonials(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			id, err := s.Store.AddTestimonial(ctx, testimonial.Testimonial{Name: "Zoë Q.", Comment: "Vlotte verkoop, altijd bereikbaar",
				Lang: "nl", CreatedAt: s.Clock.Now()})
			if err != nil {
				t.Fatal(err)
			}
			const page = "/admin/testimonials/"
			shut(t, s, page, nil, url.Values{"action": {"approve"}, "id": {itoa(id)}})
			if list, _ := s.Store.Testimonials(ctx, testimonial.Query{}); !slices.ContainsFunc(list, func(x testimonial.Testimonial) bool { return x.ID == id }) {
				t.Fatalf("a refused approval published it: %+v", list)
			}

			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			agentID := agentID(t, s, "agent@agency.test")
			agent.inertia = true
			speaks(t, s, "agent@agency.test", "de") // the inbox speaks the member's language, not the browser's
			rec := agent.do(t, "GET", page, nil, "Accept-Language", "de")
			view, props := inboxPage(t, rec)
			rows, _ := props["rows"].([]any)
			if rec.Code != 200 || view != "AdminTestimonials" || len(rows) < 2 {
				t.Fatalf("the list: %d %s %d rows", rec.Code, view, len(rows))
			}
			mine, published := -1, false
			for i, r := range rows {
				r := r.(map[string]any)
				if r["id"] == float64(id) {
					mine = i
				}
				if r["approved"] == false && published {
					t.Errorf("a pending testimonial after a published one: %v", rows)
				}
				published = r["approved"] == true
			}
			if mine < 0 || rows[mine].(map[string]any)["approved"] != false || !published {
				t.Errorf("pending first (ours among them), then the published: %v", rows)
			}
			agent.inertia = false
			home := func() string { return get(t, s, "/nl/").Body.String() }
			if strings.Contains(home(), "Vlotte verkoop") {
				t.Fatal("a pending testimonial on the home page")
			}

			// A refused edit says why and changes nothing.
			rec = agent.do(t, "POST", page, url.Values{"action": {"edit"}, "id": {itoa(id)}, "name": {"  "}, "comment": {"Goed"}})
			if _, props := inboxPage(t, rec); rec.Code != http.StatusUnprocessableEntity ||
				props["errors"].(map[string]any)["name"] != testimonial.KeyNameEmpty || props["form"].(map[string]any)["name"] != "edit-"+itoa(id) {
				t.Errorf("an empty name: %d %v %v", rec.Code, props["errors"], props["form"])
			}
			if rec := agent.do(t, "POST", page, url.Values{"action": {"edit"}, "id": {itoa(id)}, "name": {"Zoë"}, "comment": {"a\x00b"}}); rec.Code != http.StatusUnprocessableEntity {
				t.Errorf("a control character: %d", rec.Code)
			}
			if n := len(audited(t, s, testimonial.AuditTarget, 0)); n != 0 {
				t.Fatalf("refusals logged %d entries", n)
			}

			// Edit, approve: the home page shows the new words at once.
			for _, change := range []url.Values{
				{"action": {"edit"}, "id": {itoa(id)}, "name": {" Zoë  Q. "}, "comment": {"Vlotte verkoop, altijd bereikbaar en eerlijk"}},
				{"action": {"approve"}, "id": {itoa(id)}},
				{"action": {"approve"}, "id": {itoa(id)}}, // again: nothing changes, nothing is logged
			} {
				// The page it leads to says what was done.
				done := page + "?done=" + change.Get("action")
				if rec := agent.do(t, "POST", page, change); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != done {
					t.Fatalf("%v: %d → %q, want %s", change, rec.Code, rec.Header().Get("Location"), done)
				}
				if _, props := inboxPage(t, agent.do(t, "GET", done, nil)); props["notice"] != "admin.testimonials.done."+change.Get("action") || props["action"] != page {
					t.Errorf("after %v: notice %v, action %v", change, props["notice"], props["action"])
				}
			}
			// A notice is not carried on: a change made from it leads to its own.
			if rec := agent.do(t, "POST", page+"?done=edit", url.Values{"action": {"approve"}, "id": {itoa(id)}}); rec.Header().Get("Location") != page+"?done=approve" {
				t.Errorf("a change from a page with a notice → %q", rec.Header().Get("Location"))
			}
			if h := home(); !strings.Contains(h, "Vlotte verkoop, altijd bereikbaar en eerlijk") || !strings.Contains(h, "Zoë Q.") {
				t.Errorf("the approved testimonial is not on the home page")
			}
			log := audited(t, s, testimonial.AuditTarget, 0)
			if len(log) != 2 || log[1].Action != "testimonial.edit" || log[1].Before != "Zoë Q.: Vlotte verkoop, altijd bereikbaar" ||
				log[1].After != "Zoë Q.: Vlotte verkoop, altijd bereikbaar en eerlijk" || log[0].Action != "testimonial.approve" ||
				log[0].Actor != agentID || log[0].TargetID != id {
				t.Errorf("the audit log: %+v", log)
			}

			// Reject: gone from the store and the home page; a second
			// rejection finds nothing and says so.
			if rec := agent.do(t, "POST", page, url.Values{"action": {"reject"}, "id": {itoa(id)}}); rec.Code != http.StatusSeeOther ||
				rec.Header().Get("Location") != page+"?done=reject" {
				t.Fatalf("reject: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			if strings.Contains(home(), "Vlotte verkoop") {
				t.Error("a rejected testimonial stays on the home page")
			}
			rec = agent.do(t, "POST", page, url.Values{"action": {"reject"}, "id": {itoa(id)}})
			if _, props := inboxPage(t, rec); rec.Code != http.StatusNotFound || props["errors"].(map[string]any)["form"] != testimonial.KeyGone {
				t.Errorf("a second rejection: %d %v", rec.Code, props["errors"])
			}
			if rec := agent.do(t, "POST", page, url.Values{"action": {"publish-all"}, "id": {"1"}}); rec.Code != http.StatusUnprocessableEntity {
				t.Errorf("an unknown action: %d", rec.Code)
			}
			if log := audited(t, s, testimonial.AuditTarget, 0); len(log) != 3 || log[0].Action != "testimonial.reject" ||
				!strings.HasPrefix(log[0].Before, "Zoë Q.: ") {
				t.Errorf("the rejection's entry: %+v", log)
			}

			// A flood of pending ones is read a page at a time: the
			// newest 50, how many in all, the next page, the first again.
			pending, _, err := s.Store.CountTestimonials(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for i := range testimonial.ModerationPage + 1 - pending {
				if _, err := s.Store.AddTestimonial(ctx, testimonial.Testimonial{Name: "Bot " + itoa(int64(i)), Comment: "spam",
					CreatedAt: s.Clock.Now()}); err != nil {
					t.Fatal(err)
				}
			}
			agent.inertia = true
			_, props = inboxPage(t, agent.do(t, "GET", page, nil))
			pendingRows := func(p map[string]any) (n int) {
				for _, r := range p["rows"].([]any) {
					if r.(map[string]any)["approved"] == false {
						n++
					}
				}
				return n
			}
			next, _ := props["pendingNext"].(string)
			if pendingRows(props) != testimonial.ModerationPage || props["pendingTotal"] != float64(testimonial.ModerationPage+1) ||
				!strings.HasPrefix(next, page+"?pending=") || props["first"] != "" {
				t.Fatalf("the first page of %v pending: %d rows, next %q", props["pendingTotal"], pendingRows(props), next)
			}
			_, props = inboxPage(t, agent.do(t, "GET", next, nil))
			if pendingRows(props) != 1 || props["pendingNext"] != "" || props["first"] != page || props["action"] != next {
				t.Errorf("the second page: %d rows, %v", pendingRows(props), props["first"])
			}
			for _, bad := range []string{"?pending=x", "?published=0"} {
				if rec := agent.do(t, "GET", page+bad, nil); rec.Code != http.StatusBadRequest {
					t.Errorf("%s: %d, want 400", bad, rec.Code)
				}
			}
		})
	}
}

// TestInboxTestimonialPicture: the moderation shows a testimonial's
// picture in the page (inline, sandboxed; any other upload still only a
// download) and drops it while keeping the text: the site then serves the
// picture no more, the change audited; on both databases.
func TestInboxTestimonialPicture(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			var jpg bytes.Buffer
			if err := jpeg.Encode(&jpg, image.NewRGBA(image.Rect(0, 0, 4, 4)), nil); err != nil {
				t.Fatal(err)
			}
			req, err := s.Requests.Save(ctx, lead.Request{Kind: lead.KindTestimonial, Lang: "nl", Page: "/nl/", Time: s.Clock.Now(), IPHash: "x",
				Person: lead.Person{FirstName: "Els", LastName: "Peeters", Email: "els@example.be"}, Remark: "Top service",
				Files: []lead.File{{Field: testimonial.PictureField, Name: "els.jpg", Type: "image/jpeg", Data: jpg.Bytes()},
					{Field: "cv", Name: "cv.pdf", Type: "application/pdf", Data: []byte("%PDF-1.7 cv")}}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			signer, err := testimonial.NewPictureSigner([]byte(strings.Repeat("p", 32))) // apptest's key
			if err != nil {
				t.Fatal(err)
			}
			id, err := s.Store.AddTestimonial(ctx, testimonial.Testimonial{Name: "Els P.", Comment: "Top service", Lang: "nl",
				CreatedAt: s.Clock.Now(), RequestID: req, Picture: "set below", Approved: true})
			if err != nil {
				t.Fatal(err)
			}
			public := signer.URL(id)
			if rec := get(t, s, public); rec.Code != http.StatusOK {
				t.Fatalf("the published picture on the site: %d", rec.Code)
			}
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			row := func() map[string]any {
				t.Helper()
				agent.inertia = true
				defer func() { agent.inertia = false }()
				_, props := inboxPage(t, agent.do(t, "GET", "/admin/testimonials/", nil))
				for _, r := range props["rows"].([]any) {
					if r := r.(map[string]any); r["id"] == float64(id) {
						return r
					}
				}
				t.Fatalf("no testimonial %d", id)
				return nil
			}
			r := row()
			view, _ := r["pictureView"].(string)
			if view == "" || r["picture"] == "" {
				t.Fatalf("no picture shown: %v", r)
			}
			rec := agent.do(t, "GET", view, nil)
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/jpeg" ||
				!strings.HasPrefix(rec.Header().Get("Content-Disposition"), "inline") || !strings.Contains(rec.Header().Get("Content-Security-Policy"), "sandbox") ||
				rec.Header().Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("the picture shown: %d %v", rec.Code, rec.Header())
			}
			// Another upload asked to be shown is still a download.
			if rec := agent.do(t, "GET", "/admin/leads/"+itoa(req)+"/files/cv?view=1", nil); !strings.HasPrefix(rec.Header().Get("Content-Disposition"), "attachment") {
				t.Errorf("a CV shown inline: %v", rec.Header())
			}

			rec = agent.do(t, "POST", "/admin/testimonials/", url.Values{"action": {"dropPicture"}, "id": {itoa(id)}})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/testimonials/?done=dropPicture" {
				t.Fatalf("dropping the picture: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			if r := row(); r["picture"] != "" || r["pictureView"] != "" || r["comment"] != "Top service" || r["approved"] != true {
				t.Errorf("after the drop: %v", r)
			}
			if rec := get(t, s, public); rec.Code != http.StatusNotFound {
				t.Errorf("a dropped picture on the site: %d", rec.Code)
			}
			if log := audited(t, s, testimonial.AuditTarget, 0); len(log) != 1 || log[0].Action != "testimonial.picture" || log[0].TargetID != id {
				t.Errorf("the drop's entry: %+v", log)
			}
			// Again: nothing to drop, nothing logged.
			agent.do(t, "POST", "/admin/testimonials/", url.Values{"action": {"dropPicture"}, "id": {itoa(id)}})
			if log := audited(t, s, testimonial.AuditTarget, 0); len(log) != 1 {
				t.Errorf("a second drop logged: %+v", log)
			}
		})
	}
}
