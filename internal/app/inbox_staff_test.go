package app_test

import (
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"

	"github.com/pquerna/otp/totp"
)

// staffRows are the staff page's members by address.
func staffRows(t *testing.T, c *staffClient) map[string]map[string]any {
	t.Helper()
	rec := c.do(t, "GET", "/admin/staff/", nil)
	view, props := inboxPage(t, rec)
	if rec.Code != http.StatusOK || view != "AdminStaff" {
		t.Fatalf("the staff page: %d %s", rec.Code, view)
	}
	out := map[string]map[string]any{}
	for _, m := range props["members"].([]any) {
		row := m.(map[string]any)
		out[row["email"].(string)] = row
	}
	return out
}

// lastAudit is the newest audit entry about staff account id, as
// "action before>after by actor".
func lastAudit(t *testing.T, s *apptest.Site, id int64) string {
	t.Helper()
	list := audited(t, s, account.StaffAuditTarget, id)
	if len(list) == 0 {
		return ""
	}
	e := list[0]
	return string(e.Action) + " " + e.Before + ">" + e.After + " by " + itoa(e.Actor)
}

// TestInboxStaff walks the staff page on both databases: only an admin
// opens it; the list says each member's role, state, second factor and
// last link; an admin adds a member (their link mailed), changes a role,
// disables and enables, mails a link again and resets a second factor,
// each change audited; the last admin is kept, and a refused change says
// why and changes nothing.
func TestInboxStaff(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			ctx := t.Context()
			boss := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
			bossID, agentNo := agentID(t, s, "boss@agency.test"), agentID(t, s, "agent@agency.test")
			shut(t, s, "/admin/staff/", agent, url.Values{"action": {"role"}, "id": {itoa(agentNo)}, "role": {"admin"}})
			if m, _ := s.Store.Staff().StaffMember(ctx, agentNo); m.StaffRole != account.Agent {
				t.Fatalf("an agent made themselves %s", m.StaffRole)
			}
			// The menu names the page to the admin only.
			_, props := inboxPage(t, agent.do(t, "GET", "/admin/leads/", nil))
			if strings.Contains(jsonOf(props["nav"]), "/admin/staff/") {
				t.Errorf("an agent's menu: %s", jsonOf(props["nav"]))
			}

			rows := staffRows(t, boss)
			if b := rows["boss@agency.test"]; len(rows) != 2 || b["role"] != "admin" || b["self"] != true || b["twoFactor"] != false ||
				b["passwordSet"] != true || b["lastLink"] != s.Clock.Now().UTC().Format("2006-01-02T15:04:05Z") || b["disabled"] != false {
				t.Fatalf("the list: %v", rows)
			}

			post := func(form url.Values, status int) map[string]any {
				t.Helper()
				rec := boss.do(t, "POST", "/admin/staff/", form)
				if rec.Code != status {
					t.Fatalf("%v: %d, want %d\n%.300s", form, rec.Code, status, rec.Body.String())
				}
				if status == http.StatusSeeOther {
					if want := "/admin/staff/?done=" + form.Get("action"); rec.Header().Get("Location") != want {
						t.Fatalf("%v: → %q, want %q", form, rec.Header().Get("Location"), want)
					}
					return nil
				}
				_, props := inboxPage(t, rec)
				errs, _ := props["errors"].(map[string]any)
				return errs
			}

			// Adding: a bad address is refused with its reason, nothing made.
			accounts := s.Count(t, "accounts")
			errs := post(url.Values{"action": {"add"}, "email": {"not an address"}, "role": {"agent"}, "lang": {"fr"}}, http.StatusUnprocessableEntity)
			if errs["email"] != "forms.error.email" || s.Count(t, "accounts") != accounts {
				t.Fatalf("a bad address: %v, %d accounts", errs, s.Count(t, "accounts"))
			}
			errs = post(url.Values{"action": {"add"}, "email": {"new@agency.test"}, "role": {"boss"}, "lang": {"fr"}}, http.StatusUnprocessableEntity)
			if errs["role"] != "forms.error.choice" || s.Count(t, "accounts") != accounts {
				t.Fatalf("a bad role: %v", errs)
			}
			// A good one: the account, its link mailed in its language, audited.
			before := len(s.SMTP.Messages())
			post(url.Values{"action": {"add"}, "email": {"New@Agency.test"}, "firstName": {"Nina"}, "lastName": {"Neuer"},
				"role": {"agent"}, "lang": {"de"}}, http.StatusSeeOther)
			msg := s.Delivered(t, before, 1)[0]
			body, _ := io.ReadAll(msg.Body)
			if to, _ := msg.Header.AddressList("To"); len(to) != 1 || to[0].Address != "new@agency.test" || !staffLink.MatchString(strings.ReplaceAll(string(body), "=\r\n", "")) {
				t.Fatalf("the new member's mail to %q:\n%s", msg.Header.Get("To"), body)
			}
			if subj, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); !strings.Contains(subj, "Ihr Zugang zum Posteingang") {
				t.Errorf("the new member's mail is not in German: %q", subj)
			}
			newID := agentID(t, s, "new@agency.test")
			if got := lastAudit(t, s, newID); got != "staff.add >agent by "+itoa(bossID) {
				t.Errorf("audit of the add: %q", got)
			}
			rows = staffRows(t, boss)
			if n := rows["new@agency.test"]; n["name"] != "Nina Neuer" || n["passwordSet"] != false || n["role"] != "agent" {
				t.Errorf("the new member: %v", n)
			}
			errs = post(url.Values{"action": {"add"}, "email": {"new@agency.test"}, "role": {"admin"}, "lang": {"nl"}}, http.StatusConflict)
			if errs["email"] != "admin.staff.error.taken" {
				t.Errorf("the same address again: %v", errs)
			}
			// The done notice, from the address the post was sent to.
			if _, props := inboxPage(t, boss.do(t, "GET", "/admin/staff/?done=add", nil)); props["notice"] != "admin.staff.done.add" {
				t.Errorf("notice: %v", props["notice"])
			}
			if _, props := inboxPage(t, boss.do(t, "GET", "/admin/staff/?done=evil", nil)); props["notice"] != nil {
				t.Errorf("an unknown notice: %v", props["notice"])
			}

			// The last admin stays one, refused with why.
			errs = post(url.Values{"action": {"role"}, "id": {itoa(bossID)}, "role": {"agent"}}, http.StatusConflict)
			if errs["id"] != "admin.staff.error.lastAdmin" {
				t.Errorf("demoting the last admin: %v", errs)
			}
			errs = post(url.Values{"action": {"disable"}, "id": {itoa(bossID)}}, http.StatusConflict)
			if errs["id"] != "admin.staff.error.lastAdmin" {
				t.Errorf("disabling the last admin: %v", errs)
			}
			if m, _ := s.Store.Staff().StaffMember(ctx, bossID); m.StaffRole != account.Admin || m.Disabled {
				t.Fatalf("the last admin after the refusals: %+v", m)
			}
			// A role: the agent made an admin, then back.
			post(url.Values{"action": {"role"}, "id": {itoa(agentNo)}, "role": {"admin"}}, http.StatusSeeOther)
			if got := lastAudit(t, s, agentNo); got != "staff.role agent>admin by "+itoa(bossID) {
				t.Errorf("audit of the role: %q", got)
			}
			post(url.Values{"action": {"role"}, "id": {itoa(agentNo)}, "role": {"agent"}}, http.StatusSeeOther)
			errs = post(url.Values{"action": {"role"}, "id": {itoa(agentNo)}, "role": {"owner"}}, http.StatusUnprocessableEntity)
			if errs["role"] != "forms.error.choice" {
				t.Errorf("an unknown role: %v", errs)
			}

			// Disabled: no link can be sent; enabled again, one is.
			post(url.Values{"action": {"disable"}, "id": {itoa(newID)}}, http.StatusSeeOther)
			if got := lastAudit(t, s, newID); got != "staff.disable enabled>disabled by "+itoa(bossID) {
				t.Errorf("audit of the disable: %q", got)
			}
			if rows := staffRows(t, boss); rows["new@agency.test"]["disabled"] != true {
				t.Errorf("disabled: %v", rows["new@agency.test"])
			}
			errs = post(url.Values{"action": {"resend"}, "id": {itoa(newID)}}, http.StatusConflict)
			if errs["id"] != "admin.staff.error.disabled" {
				t.Errorf("a link to a disabled account: %v", errs)
			}
			post(url.Values{"action": {"enable"}, "id": {itoa(newID)}}, http.StatusSeeOther)
			before = len(s.SMTP.Messages())
			post(url.Values{"action": {"resend"}, "id": {itoa(newID)}}, http.StatusSeeOther)
			if to, _ := s.Delivered(t, before, 1)[0].Header.AddressList("To"); len(to) != 1 || to[0].Address != "new@agency.test" {
				t.Errorf("the link sent again to %v", to)
			}
			if got := lastAudit(t, s, newID); got != "staff.link > by "+itoa(bossID) {
				t.Errorf("audit of the link: %q", got)
			}

			// A lost phone: the agent's second factor reset by the admin.
			agentAcc, _ := s.Store.Accounts().ByID(ctx, agentNo)
			enrol, err := s.Staff.BeginTOTP(ctx, account.Viewer{Account: agentAcc})
			if err != nil {
				t.Fatal(err)
			}
			code, _ := totp.GenerateCode(enrol.Secret, s.Clock.Now())
			if err := s.Staff.ConfirmTOTP(ctx, account.Viewer{Account: agentAcc}, code); err != nil {
				t.Fatal(err)
			}
			if rows := staffRows(t, boss); rows["agent@agency.test"]["twoFactor"] != true {
				t.Fatalf("the agent's factor: %v", rows["agent@agency.test"])
			}
			// A password link is not the second factor: followed, it leads
			// to the code, and nothing opens before it.
			before = len(s.SMTP.Messages())
			post(url.Values{"action": {"resend"}, "id": {itoa(agentNo)}}, http.StatusSeeOther)
			raw, _ := io.ReadAll(s.Delivered(t, before, 1)[0].Body)
			link := strings.ReplaceAll(staffLink.FindString(strings.ReplaceAll(string(raw), "=\r\n", "")), "=3D", "=")
			token, _ := url.ParseQuery(strings.SplitN(link, "?", 2)[1])
			mailbox := &staffClient{h: s.Handler, ip: "203.0.113.77", cookies: map[string]*http.Cookie{}}
			rec := mailbox.do(t, "POST", "/admin/password/", url.Values{"token": {token.Get("token")}, "password": {"another long one"}, "passwordConfirm": {"another long one"}})
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/login/code/" {
				t.Fatalf("a link of an account with a second factor: %d → %q, want the code", rec.Code, rec.Header().Get("Location"))
			}
			if rec := mailbox.do(t, "GET", "/admin/leads/", nil); rec.Code != http.StatusFound || rec.Header().Get("Location") != "/admin/login/" {
				t.Fatalf("before the code: %d → %q, want the login", rec.Code, rec.Header().Get("Location"))
			}
			s.Clock.Add(30 * time.Second) // each code serves once
			next, _ := totp.GenerateCode(enrol.Secret, s.Clock.Now())
			if rec := mailbox.do(t, "POST", "/admin/login/code/", url.Values{"code": {next}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/leads/" {
				t.Fatalf("the code after the link: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			post(url.Values{"action": {"reset2fa"}, "id": {itoa(agentNo)}}, http.StatusSeeOther)
			if rows := staffRows(t, boss); rows["agent@agency.test"]["twoFactor"] != false {
				t.Errorf("after the reset: %v", rows["agent@agency.test"])
			}
			if got := lastAudit(t, s, agentNo); got != "staff.totp-reset > by "+itoa(bossID) {
				t.Errorf("audit of the reset: %q", got)
			}
			// Resetting nothing changes nothing, and logs nothing.
			entries := s.Count(t, "audit_log")
			post(url.Values{"action": {"reset2fa"}, "id": {itoa(agentNo)}}, http.StatusSeeOther)
			if s.Count(t, "audit_log") != entries {
				t.Errorf("a reset of no factor was logged")
			}

			// Bad posts: no id, an unknown one, an unknown action.
			if errs := post(url.Values{"action": {"disable"}, "id": {"x"}}, http.StatusUnprocessableEntity); errs["form"] != "admin.error.id" {
				t.Errorf("a bad id: %v", errs)
			}
			post(url.Values{"action": {"disable"}, "id": {"999999"}}, http.StatusNotFound)
			if errs := post(url.Values{"action": {"promote"}, "id": {itoa(agentNo)}}, http.StatusUnprocessableEntity); errs["form"] != "admin.error.action" {
				t.Errorf("an unknown action: %v", errs)
			}
			if rec := boss.do(t, "POST", "/admin/staff/", url.Values{"action": {"disable"}, "id": {itoa(newID)}}, "Sec-Fetch-Site", "cross-site"); rec.Code != http.StatusForbidden {
				t.Errorf("a post from another site: %d", rec.Code)
			}
			if m, _ := s.Store.Staff().StaffMember(ctx, newID); m.Disabled {
				t.Errorf("refused posts changed the account: %+v", m)
			}
			// A disabled admin's session opens nothing at its next request.
			post(url.Values{"action": {"role"}, "id": {itoa(agentNo)}, "role": {"admin"}}, http.StatusSeeOther)
			post(url.Values{"action": {"disable"}, "id": {itoa(agentNo)}}, http.StatusSeeOther)
			if rec := agent.do(t, "GET", "/admin/staff/", nil); rec.Code != http.StatusFound {
				t.Errorf("a disabled member's session: %d", rec.Code)
			}
		})
	}
}
