package app_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// TestInboxNewsletter: on both databases, staff read the newsletter's
// subscribers by state and address, a page at a time, and export them
// (CSV with a BOM, formulas neutralised, the export audited); a bad filter
// says why.
func TestInboxNewsletter(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			for _, email := range []string{"ann@example.be", "=bob@example.be", "cleo@example.de"} {
				if _, err := s.Requests.Save(t.Context(), lead.Request{Kind: lead.KindNewsletter, Lang: "fr", Time: s.Clock.Now(), IPHash: email,
					Person: lead.Person{Email: email}}, func(ctx context.Context, tx mail.Tx, _ int64) error {
					_, err := s.Store.Newsletter().SubscribeIn(ctx, tx, email, "fr", s.Clock.Now())
					return err
				}); err != nil {
					t.Fatal(err)
				}
			}
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			agent.inertia = true
			rec := agent.do(t, "GET", "/admin/newsletter/?state=pending&q=EXAMPLE.BE", nil)
			view, props := inboxPage(t, rec)
			rows, _ := props["rows"].([]any)
			if rec.Code != 200 || view != "AdminNewsletter" || len(rows) != 2 || rows[0].(map[string]any)["email"] != "=bob@example.be" ||
				rows[0].(map[string]any)["state"] != "pending" {
				t.Fatalf("pending .be subscribers: %d %s %v", rec.Code, view, rows)
			}
			if _, props := inboxPage(t, agent.do(t, "GET", "/admin/newsletter/?state=confirmed", nil)); len(props["rows"].([]any)) != 0 {
				t.Errorf("confirmed: %v", props["rows"])
			}
			for _, bad := range []string{"?state=maybe", "?before=0", "?q=" + strings.Repeat("a", 201)} {
				if rec := agent.do(t, "GET", "/admin/newsletter/"+bad, nil); rec.Code != http.StatusBadRequest {
					t.Errorf("%.30s: %d, want 400", bad, rec.Code)
				}
			}
			agent.inertia = false
			audits := s.Count(t, "audit_log")
			rec = agent.do(t, "GET", "/admin/newsletter.csv?state=pending", nil)
			body := rec.Body.String()
			if rec.Code != 200 || !strings.HasPrefix(body, "\uFEFF") || !strings.Contains(body, "'=bob@example.be") || strings.Count(body, "\n") != 4 {
				t.Errorf("the subscribers' CSV: %d\n%s", rec.Code, body)
			}
			if s.Count(t, "audit_log") != audits+1 {
				t.Errorf("the export was not audited")
			}
		})
	}
}
