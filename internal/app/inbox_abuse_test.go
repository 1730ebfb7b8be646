package app_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/antispam"
	"immo/internal/domain/audit"
)

// TestInboxAbuse: on both databases, a stranger guessing an owner's
// password is held; the abuse page shows the refusal counted by reason,
// place and hour and whom the lock holds, by a part of their address; an
// agent releases them (audited, once: a second release says it is gone),
// and the next attempt is tried again instead of refused.
func TestInboxAbuse(t *testing.T) {
	const lockedKey = `"errors":{"form":"account.error.locked"}`
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			agent.inertia = true

			stranger := &client{h: s.Handler, ip: "203.0.113.50"}
			guess := url.Values{"email": {"Ann@Example.be"}, "password": {"a guess"}}
			for i := range account.LoginPerAccountAddress {
				if rec := stranger.do(t, "POST", "/fr/login/", guess); rec.Code != http.StatusUnprocessableEntity || strings.Contains(rec.Body.String(), lockedKey) {
					t.Fatalf("guess %d: %d %s", i+1, rec.Code, rec.Body)
				}
			}
			locked := stranger.do(t, "POST", "/fr/login/", guess)
			if !strings.Contains(locked.Body.String(), lockedKey) {
				t.Fatalf("past the brake: %d %s", locked.Code, locked.Body)
			}

			rec := agent.do(t, "GET", "/admin/abuse/", nil)
			view, props := inboxPage(t, rec)
			if rec.Code != 200 || view != "AdminAbuse" || props["total"] != 1.0 {
				t.Fatalf("the abuse page: %d %s total %v", rec.Code, view, props["total"])
			}
			reasons := props["reasons"].([]any)
			if r := reasons[0].(map[string]any); len(reasons) != 1 || r["label"] != "admin.abuse.reason.login-account-ip" || r["total"] != 1.0 {
				t.Errorf("by reason: %v", reasons)
			}
			areas := props["areas"].([]any)
			if a := areas[0].(map[string]any); len(areas) != 1 || a["label"] != "admin.abuse.area.owner-login" {
				t.Errorf("by place: %v", areas)
			}
			if hours := props["hours"].([]any); len(hours) != 1 || hours[0].(map[string]any)["total"] != 1.0 {
				t.Errorf("by hour: %v", hours)
			}
			texts := props["texts"].(map[string]any)
			for _, key := range []string{"admin.abuse.reason.login-account-ip", "admin.abuse.area.owner-login"} {
				if texts[key] == nil {
					t.Errorf("%s is not in the page's words", key)
				}
			}
			holds := props["holds"].([]any)
			if len(holds) != 1 {
				t.Fatalf("holds: %v", holds)
			}
			hold := holds[0].(map[string]any)
			if hold["who"] != "ann@example.be · 203.0.113.50" || hold["limit"] != "admin.abuse.reason.login-account-ip" ||
				hold["hits"] != float64(account.LoginPerAccountAddress) || hold["max"] != float64(account.LoginPerAccountAddress) {
				t.Fatalf("the hold: %v", hold)
			}
			for q, want := range map[string]int{"203.0.113.50": 1, "ANN@": 1, "bob": 0} {
				if _, p := inboxPage(t, agent.do(t, "GET", "/admin/abuse/?days=7&q="+url.QueryEscape(q), nil)); len(p["holds"].([]any)) != want {
					t.Errorf("search %q: %v", q, p["holds"])
				}
			}
			for _, bad := range []string{"?days=3", "?days=x", "?q=" + strings.Repeat("a", 101)} {
				if rec := agent.do(t, "GET", "/admin/abuse/"+bad, nil); rec.Code != http.StatusBadRequest {
					t.Errorf("%.20s: %d, want 400", bad, rec.Code)
				}
			}

			if props["export"] != "/admin/abuse.csv" {
				t.Errorf("the export's address: %v", props["export"])
			}
			audits := s.Count(t, "audit_log")
			speaks(t, s, "agent@agency.test", "de") // the inbox speaks the member's language, not the browser's
			csvRec := agent.do(t, "GET", "/admin/abuse.csv?q=203.0.113", nil, "Accept-Language", "de")
			if csv := csvRec.Body.String(); csvRec.Code != 200 || !strings.HasPrefix(csv, "\uFEFFAdresse oder IP,") ||
				!strings.Contains(csv, "ann@example.be · 203.0.113.50,Fehlgeschlagene Anmeldungen eines Kontos von einer IP,Anmeldung Eigentümer,5,5,") {
				t.Errorf("the holds' CSV: %d\n%s", csvRec.Code, csv)
			}
			if s.Count(t, "audit_log") != audits+1 {
				t.Errorf("the export was not audited")
			}
			audits++
			release := url.Values{"action": {"release"}, "key": {hold["key"].(string)}, "window": {hold["window"].(string)}}
			agent.inertia = false
			rec = agent.do(t, "POST", "/admin/abuse/?q=ann", release)
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/abuse/?q=ann&done=release" {
				t.Fatalf("release: %d %q", rec.Code, rec.Header().Get("Location"))
			}
			if s.Count(t, "audit_log") != audits+1 {
				t.Errorf("the release was not audited")
			}
			agent.inertia = true
			again := agent.do(t, "POST", "/admin/abuse/", release)
			if _, p := inboxPage(t, again); again.Code != http.StatusConflict || p["errors"].(map[string]any)["form"] != "admin.abuse.error.gone" ||
				len(p["holds"].([]any)) != 0 {
				t.Errorf("a second release: %d %v", again.Code, p["errors"])
			}
			if s.Count(t, "audit_log") != audits+1 {
				t.Errorf("a refused release was audited")
			}
			_, p := inboxPage(t, agent.do(t, "GET", "/admin/abuse/?done=release", nil))
			if p["notice"] != "admin.abuse.done.release" {
				t.Errorf("notice after the release: %v", p["notice"])
			}
			entries, err := s.Store.Audit().List(t.Context(), audit.Query{TargetKind: antispam.AuditTarget, Limit: 1})
			if err != nil || len(entries) != 1 || entries[0].Action != antispam.ActionRelease || entries[0].Actor != agentID(t, s, "agent@agency.test") ||
				entries[0].Before != hold["who"] || entries[0].After != "login-account-ip" {
				t.Errorf("the release's audit entry: %+v, %v", entries, err)
			}
			if rec := stranger.do(t, "POST", "/fr/login/", guess); !strings.Contains(rec.Body.String(), `"errors":{"form":"account.error.login"}`) {
				t.Fatalf("released, the next attempt is still locked: %s", rec.Body)
			}
		})
	}
}
