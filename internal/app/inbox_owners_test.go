package app_test

import (
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/http/web/route"
)

// ownerLink is an owner's password link in a mail's body.
var ownerLink = regexp.MustCompile(`/[a-z]{2}/` + route.PasswordSlug + `/\?token=[A-Za-z0-9_-]+`)

// TestInboxOwners walks the owners page on both databases: every staff
// member sees each owner with their properties' pages, whether they chose
// a password and their last invitation; a search and the pages narrow
// it, bad ones are refused; an invitation sent again is the feed's mail
// with a new link that works, audited; a disabled owner or one without a
// property is refused with why, nothing sent.
func TestInboxOwners(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			ann := invite(t, s, "ann@example.be", "fr", annProperty1, annProperty2)
			bob := invite(t, s, "bob@example.be", "nl", bobProperty)
			s.Delivered(t, 0, 2)
			if rec := setPassword(t, &client{h: s.Handler, ip: "192.0.2.9"}, ann.Link, "ann's own words"); rec.Code != http.StatusSeeOther {
				t.Fatalf("Ann's password: %d", rec.Code)
			}
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			agentNo := agentID(t, s, "agent@agency.test")
			shut(t, s, "/admin/owners/", nil, url.Values{"action": {"resend"}, "id": {itoa(bob.Account.ID)}})

			list := func(query string, status int) map[string]any {
				t.Helper()
				speaks(t, s, "agent@agency.test", "nl") // the inbox speaks the member's language, not the browser's
				rec := agent.do(t, "GET", "/admin/owners/"+query, nil, "Accept-Language", "nl")
				view, props := inboxPage(t, rec)
				if rec.Code != status || view != "AdminOwners" {
					t.Fatalf("owners %s: %d %s, want %d", query, rec.Code, view, status)
				}
				return props
			}
			rows := list("", http.StatusOK)["rows"].([]any)
			if len(rows) != 2 {
				t.Fatalf("rows: %v", rows)
			}
			b, a := rows[0].(map[string]any), rows[1].(map[string]any) // the newest first
			if b["email"] != "bob@example.be" || b["activated"] != false || b["lang"] != "nl" || b["lastInvite"] == "" {
				t.Errorf("Bob: %v", b)
			}
			props := a["properties"].([]any)
			first := props[0].(map[string]any)
			if a["email"] != "ann@example.be" || a["activated"] != true || len(props) != 2 || first["id"] != float64(annProperty1) ||
				!strings.HasPrefix(first["href"].(string), "/nl/te-koop/") {
				t.Errorf("Ann: %v", a)
			}
			if rows := list("?q=BOB@", http.StatusOK)["rows"].([]any); len(rows) != 1 || rows[0].(map[string]any)["email"] != "bob@example.be" {
				t.Errorf("search: %v", rows)
			}
			if p := list("?page=2", http.StatusOK); len(p["rows"].([]any)) != 0 || p["prev"] != "/admin/owners/" || p["next"] != "" {
				t.Errorf("page 2: %v", p)
			}
			if errs := list("?page=0", http.StatusBadRequest)["errors"].(map[string]any); errs["page"] != "admin.error.cursor" {
				t.Errorf("page 0: %v", errs)
			}
			if errs := list("?q="+strings.Repeat("x", 101), http.StatusBadRequest)["errors"].(map[string]any); errs["q"] != account.KeyOwnerSearch {
				t.Errorf("a long search: %v", errs)
			}
			// The searched list's CSV: Ann only, her properties and password, in the staff's language; audited.
			if p := list("?q=ann@", http.StatusOK); p["export"] != "/admin/owners.csv?q=ann%40" {
				t.Errorf("the export's address: %v", p["export"])
			}
			speaks(t, s, "agent@agency.test", "nl") // the inbox speaks the member's language, not the browser's
			rec := agent.do(t, "GET", "/admin/owners.csv?q=ann%40", nil, "Accept-Language", "nl")
			csv := rec.Body.String()
			if rec.Code != 200 || !strings.HasPrefix(csv, "\uFEFFEigenaar,") || strings.Count(csv, "\n") != 2 || !strings.Contains(csv, "ann@example.be,fr,"+
				itoa(annProperty1)+" "+itoa(annProperty2)+",ja,") || strings.Contains(csv, "bob@") {
				t.Errorf("the owners' CSV: %d\n%s", rec.Code, csv)
			}
			if got := audited(t, s, account.OwnerAuditTarget, 0); len(got) != 1 || got[0].Action != "export" || got[0].After != "q=ann%40" {
				t.Errorf("the export's entry: %+v", got)
			}
			if rec := agent.do(t, "GET", "/admin/owners.csv?q="+strings.Repeat("x", 101), nil); rec.Code != http.StatusBadRequest {
				t.Errorf("a long search's CSV: %d", rec.Code)
			}

			// Bob's invitation again: the feed's mail in Dutch, a new link that works.
			before := len(s.SMTP.Messages())
			rec = agent.do(t, "POST", "/admin/owners/?q=bob", url.Values{"action": {"resend"}, "id": {itoa(bob.Account.ID)}})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/owners/?done=resend&q=bob" {
				t.Fatalf("resend: %d → %q\n%.300s", rec.Code, rec.Header().Get("Location"), rec.Body.String())
			}
			msg := s.Delivered(t, before, 1)[0]
			raw, _ := io.ReadAll(msg.Body)
			body := strings.ReplaceAll(strings.ReplaceAll(string(raw), "=\r\n", ""), "=3D", "=")
			link := ownerLink.FindString(body)
			if to, _ := msg.Header.AddressList("To"); len(to) != 1 || to[0].Address != "bob@example.be" || link == "" ||
				!strings.Contains(body, itoa(bobProperty)) {
				t.Fatalf("the invitation again:\n%s", body)
			}
			if rec := setPassword(t, &client{h: s.Handler, ip: "192.0.2.10"}, apptest.LocalURL+link, "bob's own words"); rec.Code != http.StatusSeeOther {
				t.Errorf("the new link: %d", rec.Code)
			}
			if got := audited(t, s, account.OwnerAuditTarget, bob.Account.ID); len(got) != 1 || got[0].Actor != agentNo ||
				got[0].Action != account.OwnerInviteSent {
				t.Errorf("audit: %+v", got)
			}
			if _, p := inboxPage(t, agent.do(t, "GET", "/admin/owners/?done=resend&q=bob", nil)); p["notice"] != "admin.owners.done.resend" {
				t.Errorf("notice: %v", p["notice"])
			}

			// Refused, with why: a disabled owner, an owner of nothing; an unknown one.
			off, err := s.Store.Accounts().Create(ctx, account.Account{Role: account.Owner, Email: "off@example.be", Lang: "nl",
				Disabled: true, Created: s.Clock.Now()})
			if err != nil {
				t.Fatal(err)
			}
			none, err := s.Store.Accounts().Create(ctx, account.Account{Role: account.Owner, Email: "none@example.be", Lang: "nl", Created: s.Clock.Now()})
			if err != nil {
				t.Fatal(err)
			}
			entries, mails := s.Count(t, "audit_log"), s.Count(t, "account_tokens")
			for id, key := range map[int64]string{off: "admin.owners.error.disabled", none: "admin.owners.error.noProperty"} {
				rec := agent.do(t, "POST", "/admin/owners/", url.Values{"action": {"resend"}, "id": {itoa(id)}})
				_, p := inboxPage(t, rec)
				if errs, _ := p["errors"].(map[string]any); rec.Code != http.StatusConflict || errs["id"] != key {
					t.Errorf("resend to %d: %d %v, want %s", id, rec.Code, p["errors"], key)
				}
			}
			if rec := agent.do(t, "POST", "/admin/owners/", url.Values{"action": {"resend"}, "id": {itoa(agentNo)}}); rec.Code != http.StatusNotFound {
				t.Errorf("resend to a staff account: %d, want 404", rec.Code)
			}
			if rec := agent.do(t, "POST", "/admin/owners/", url.Values{"action": {"resend"}, "id": {"x"}}); rec.Code != http.StatusUnprocessableEntity {
				t.Errorf("a bad id: %d", rec.Code)
			}
			if s.Count(t, "audit_log") != entries || s.Count(t, "account_tokens") != mails {
				t.Errorf("refusals wrote: %d audit entries, %d links", s.Count(t, "audit_log")-entries, s.Count(t, "account_tokens")-mails)
			}
		})
	}
}
