package app_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
)

// TestInboxAudit: on both databases, an admin reads the changes made in
// the inbox, newest first, by kind of target and by actor, a page at a
// time, and as a CSV; a bad filter says why.
func TestInboxAudit(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			id, err := s.Requests.Save(t.Context(), lead_(4100001, s.Clock.Now()), nil)
			if err != nil {
				t.Fatal(err)
			}
			admin := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			lead := "/admin/leads/" + itoa(id) + "/"
			for _, change := range []url.Values{
				{"action": {"status"}, "status": {"in_progress"}},
				{"action": {"note"}, "note": {"=cmd|' /C calc'!A0"}},
			} {
				if rec := agent.do(t, "POST", lead, change); rec.Code != http.StatusSeeOther {
					t.Fatalf("%v: %d", change, rec.Code)
				}
			}
			admin.inertia = true
			rec := admin.do(t, "GET", "/admin/audit/?kind=lead&actor="+itoa(agentID(t, s, "agent@agency.test")), nil)
			view, props := inboxPage(t, rec)
			rows, _ := props["rows"].([]any)
			if rec.Code != 200 || view != "AdminAudit" || len(rows) != 2 {
				t.Fatalf("the agent's changes of leads: %d %s %v", rec.Code, view, rows)
			}
			first := rows[0].(map[string]any)
			if first["action"] != "note" || first["actor"] != "Ann agent" || first["href"] != lead || rows[1].(map[string]any)["action"] != "status" {
				t.Fatalf("newest first, with who and where: %v", rows)
			}
			// In the admin's words: a status translated, not its code.
			if st := rows[1].(map[string]any); st["before"] != "New" || st["after"] != "In progress" {
				t.Errorf("the status change as written: %v", st)
			}
			// The staff's own entries (the password links used) are under staff.
			_, props = inboxPage(t, admin.do(t, "GET", "/admin/audit/?kind=staff", nil))
			if rows, _ := props["rows"].([]any); len(rows) == 0 {
				t.Fatal("no staff entry")
			}
			// A page at a time: one entry a page is not offered, but the
			// next page's address carries the filter and the cursor.
			_, props = inboxPage(t, admin.do(t, "GET", "/admin/audit/", nil))
			if props["next"] != "" {
				t.Errorf("a short log has a next page: %v", props["next"])
			}
			for _, bad := range []string{"?kind=planet", "?actor=x", "?before=-1"} {
				if rec := admin.do(t, "GET", "/admin/audit/"+bad, nil); rec.Code != http.StatusBadRequest {
					t.Errorf("%s: %d, want 400", bad, rec.Code)
				}
			}
			admin.inertia = false
			rec = admin.do(t, "GET", "/admin/audit.csv?kind=lead", nil)
			body := rec.Body.String()
			if rec.Code != 200 || !strings.HasPrefix(body, "\uFEFF") || !strings.Contains(body, "'=cmd") || strings.Count(body, "\n") != 3 ||
				!strings.Contains(body, ",Request,") || !strings.Contains(body, ",New,In progress") {
				t.Errorf("the log's CSV: %d\n%s", rec.Code, body)
			}
			// An export of the leads is logged, linked to the list (it has
			// no lead of its own).
			if rec := admin.do(t, "GET", "/admin/leads.csv", nil); rec.Code != 200 {
				t.Fatalf("the leads' export: %d", rec.Code)
			}
			admin.inertia = true
			_, props = inboxPage(t, admin.do(t, "GET", "/admin/audit/?kind=lead", nil))
			if top := props["rows"].([]any)[0].(map[string]any); top["action"] != "export" || top["href"] != "/admin/leads/" {
				t.Errorf("the export's entry: %v", top)
			}
		})
	}
}
