package app_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"immo/internal/account"
	"immo/internal/app/apptest"
	"immo/internal/testimonial"
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
				props["errors"].(map[string]any)["name"] != testimonial.KeyNameEmpty || props["form"].(map[string]any)["form"] != "edit-"+itoa(id) {
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
