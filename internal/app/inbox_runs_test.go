package app_test

import (
	"net/http"
	"testing"
	"time"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/feed"
)

// TestInboxRuns: the catalog's updates are an admin's page, newest first,
// each with what it did and refused; an agent is refused it. On both
// databases.
func TestInboxRuns(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			at := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
			for _, r := range []feed.Run{
				{Source: "catalog.json", Trigger: feed.TriggerCommand, Started: at, Ended: at.Add(time.Second), Status: feed.StatusApplied,
					Properties: feed.Counts{Added: 2}, CatalogVersion: 3},
				{Source: "bad.json", Trigger: feed.TriggerCommand, Started: at.Add(time.Hour), Ended: at.Add(time.Hour), Status: feed.StatusFailed,
					Error: "1 problem(s) found", Problems: []feed.Problem{{Section: "properties", ID: 7, Field: "Price", Message: "negative"}}},
			} {
				if _, err := s.Store.RecordRun(t.Context(), r); err != nil {
					t.Fatal(err)
				}
			}
			boss := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			boss.inertia = true
			view, props := inboxPage(t, boss.do(t, http.MethodGet, "/admin/catalog/", nil))
			runs, _ := props["runs"].([]any)
			if view != "AdminRuns" || len(runs) != 2 {
				t.Fatalf("the catalog's updates: %s, %d runs", view, len(runs))
			}
			late, early := runs[0].(map[string]any), runs[1].(map[string]any)
			problems, _ := late["problems"].([]any)
			if late["source"] != "bad.json" || late["status"] != "failed" || len(problems) != 1 || problems[0].(map[string]any)["id"] != float64(7) ||
				early["status"] != "applied" || early["catalogVersion"] != float64(3) || early["properties"].(map[string]any)["added"] != float64(2) {
				t.Errorf("the runs as shown: %v", runs)
			}
			if rec := agent.do(t, http.MethodGet, "/admin/catalog/", nil); rec.Code != http.StatusForbidden {
				t.Errorf("an agent at the catalog's updates: %d, want 403", rec.Code)
			}
		})
	}
}
