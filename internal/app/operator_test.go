package app_test

import (
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/storage"
	"immo/internal/adapter/storage/postgres/pgtest"
	"immo/internal/app"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/audit"
	"immo/internal/domain/lead"
	"immo/internal/domain/platform"
)

// The platform's operator (issue #35) signs in to the implicit agency's
// inbox and reaches the platform's pages and their own account only:
// every page and file of an agency's leads refuses them; an agency's
// leads open to them only while its admin grants the leave, each reading
// in that agency's log; they add, disable and rename agencies, audited in
// each one's log; an agency's admin cannot change their account.
func TestOperator(t *testing.T) {
	const (
		hostA = "www.arlon.test"
		hostB = "www.gent.test"
	)
	var leadA int64
	p := apptest.NewPlatform(t, apptest.Options{DatabaseURL: pgtest.URL(t)}, func(store storage.Store) {
		svc := &platform.Service{Store: store.Platform(), Many: true}
		for _, a := range []struct{ name, lang, host string }{{"Immo Arlon", "fr", hostA}, {"Immo Gent", "nl", hostB}} {
			if _, err := svc.Add(t.Context(), a.name, a.lang, []string{a.host}); err != nil {
				t.Fatal(err)
			}
		}
		// A lead in each agency, from the same address.
		for id := range int64(2) {
			saved, err := storage.Bound(store, id+1).Requests().Save(t.Context(), lead.Request{Kind: lead.KindSiteContact, Lang: "nl", Page: "/nl/contact/",
				Time: apptest.Start, IPHash: "ip", Remark: "Graag een afspraak",
				Person: lead.Person{FirstName: "Zoë", LastName: "Peeters", Email: "zoe@example.be", Phone: "+32 9 222 11 00"}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if id == 0 {
				leadA = saved
			}
		}
		// Server errors B's sites answered, as the servers write them.
		if err := store.For(2).CountServerErrors(t.Context(), apptest.Start, 3); err != nil {
			t.Fatal(err)
		}
	})
	mails := 0
	signIn := func(id int64, host, email string, role account.StaffRole, ip string) *staffClient {
		t.Helper()
		site, err := p.Site(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		cfg := app.Config{Store: storage.Bound(p.Store, id), Site: site.Agency.Current().Site, PublicURL: apptest.PublicURL, Now: p.Clock.Now}
		if _, err := app.AddStaff(t.Context(), cfg, account.NewStaff{Email: email, Role: role, Lang: "en"}); err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(p.Delivered(t, mails, 1)[0].Body)
		mails++
		text := strings.ReplaceAll(strings.ReplaceAll(string(raw), "=\r\n", ""), "=3D", "=")
		link := staffLink.FindString(text)
		if link == "" || !strings.Contains(text, "https://"+host+link) {
			t.Fatalf("no link on %s in the mail:\n%s", host, text)
		}
		c := &staffClient{h: hostHandler{p, host}, ip: ip, cookies: map[string]*http.Cookie{}}
		token, _ := url.ParseQuery(strings.SplitN(link, "?", 2)[1])
		rec := c.do(t, "POST", "/admin/password/", url.Values{"token": {token.Get("token")}, "password": {"a long enough one"},
			"passwordConfirm": {"a long enough one"}})
		if rec.Code != http.StatusSeeOther || c.cookies["immo_staff"] == nil {
			t.Fatalf("%s choosing a password: %d", email, rec.Code)
		}
		return c
	}
	ops := signIn(1, hostA, "ops@platform.test", account.Operator, "198.51.100.1")
	adminA := signIn(1, hostA, "boss@arlon.test", account.Admin, "198.51.100.2")
	adminB := signIn(2, hostB, "baas@gent.test", account.Admin, "198.51.100.3")
	logOf := func(id int64) []audit.Entry {
		t.Helper()
		log, err := storage.Bound(p.Store, id).Audit().List(t.Context(), audit.Query{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		return log
	}
	logged := func(id int64, action audit.Action) int {
		n := 0
		for _, e := range logOf(id) {
			if e.Action == action {
				n++
			}
		}
		return n
	}

	// The landing is the platform's page: the agencies with their health.
	if rec := ops.do(t, "GET", "/admin/", nil); rec.Code != http.StatusFound || rec.Header().Get("Location") != "/admin/platform/" {
		t.Fatalf("the operator's landing: %d → %q", rec.Code, rec.Header().Get("Location"))
	}
	if rec := ops.do(t, "GET", "/admin/leads/", nil); rec.Code != http.StatusFound || rec.Header().Get("Location") != "/admin/platform/" {
		t.Errorf("the leads' address to the operator: %d → %q", rec.Code, rec.Header().Get("Location"))
	}
	rec := ops.do(t, "GET", "/admin/platform/", nil)
	view, props := inboxPage(t, rec)
	if rec.Code != 200 || view != "AdminPlatform" {
		t.Fatalf("the platform page: %d %s", rec.Code, view)
	}
	agencies := props["agencies"].([]any)
	if len(agencies) != 2 {
		t.Fatalf("agencies: %v", agencies)
	}
	b := agencies[1].(map[string]any)
	if b["name"] != "Immo Gent" || b["leads"] != 1.0 || b["leadsNew"] != 1.0 || b["leadsHref"] != "" || agencies[0].(map[string]any)["own"] != true ||
		b["serverErrors"] != 3.0 || agencies[0].(map[string]any)["serverErrors"] != 0.0 {
		t.Errorf("B's row: %v", b)
	}
	if nav := props["nav"].([]any); len(nav) != 2 {
		t.Errorf("the operator's menu: %v, want the platform and their account", nav)
	}
	if strings.Contains(rec.Body.String(), "zoe@example.be") {
		t.Error("the platform page shows a lead's address")
	}

	// Nothing of an agency's leads, people or settings opens to the operator.
	leadID := strconv.FormatInt(leadA, 10)
	for _, path := range []string{"/admin/leads/" + leadID + "/", "/admin/leads.csv", "/admin/events", "/admin/owners/", "/admin/owners.csv",
		"/admin/demands/", "/admin/demands.csv", "/admin/agenda/", "/admin/agenda/rules/", "/admin/testimonials/", "/admin/newsletter/",
		"/admin/newsletter.csv", "/admin/mails/", "/admin/mails.csv", "/admin/abuse/", "/admin/abuse.csv", "/admin/audit/", "/admin/audit.csv",
		"/admin/staff/", "/admin/site/", "/admin/catalog/", "/admin/access/", "/admin/leads/" + leadID + "/files/cv"} {
		rec := ops.do(t, "GET", path, nil, "Sec-Fetch-Site", "same-origin")
		if rec.Code != http.StatusForbidden {
			t.Errorf("GET %s to the operator: %d, want 403", path, rec.Code)
		}
		if strings.Contains(rec.Body.String(), "@example.be") {
			t.Errorf("GET %s to the operator shows an address", path)
		}
	}
	for _, path := range []string{"/admin/agenda.csv", "/admin/site/drafts/1/", "/admin/site/versions/1/fr/", "/admin/preview/1/fr/",
		"/admin/site/pictures/", "/admin/platform/x/leads/"} {
		if rec := ops.do(t, "GET", path, nil, "Sec-Fetch-Site", "same-origin"); rec.Code < 400 {
			t.Errorf("GET %s to the operator: %d", path, rec.Code)
		}
	}
	// A file the operator's browser opens: the forbidden page, not one asking them to sign in.
	rec = ops.do(t, "GET", "/admin/leads.csv", nil, "Sec-Fetch-Site", "none", "Sec-Fetch-Mode", "navigate")
	if _, props := inboxPage(t, rec); rec.Code != http.StatusForbidden || props["signedOut"] == true {
		t.Errorf("a file opened by the operator: %d, signed out %v", rec.Code, props["signedOut"])
	}
	if rec := ops.do(t, "PUT", "/admin/site/drafts/1/config", url.Values{}); rec.Code != http.StatusForbidden {
		t.Errorf("the operator saving a draft: %d", rec.Code)
	}
	if rec := ops.do(t, "POST", "/admin/leads/"+leadID+"/", url.Values{"action": {"status"}, "status": {"done"}}); rec.Code != http.StatusForbidden {
		t.Errorf("the operator changing a lead: %d", rec.Code)
	}
	if rec := ops.do(t, "GET", "/admin/account/", nil); rec.Code != 200 {
		t.Errorf("the operator's own account: %d", rec.Code)
	}
	// The operator's session is the platform's agency's: worthless on B's host.
	onB := &staffClient{h: hostHandler{p, hostB}, ip: ops.ip, cookies: ops.cookies}
	if rec := onB.do(t, "GET", "/admin/platform/", nil); rec.Code == 200 {
		t.Error("the operator's session opens a page on B's host")
	}
	// Staff are refused the platform's pages; B's inbox has none.
	if rec := adminA.do(t, "GET", "/admin/platform/", nil); rec.Code != http.StatusForbidden {
		t.Errorf("A's admin on the platform page: %d", rec.Code)
	}
	if rec := adminA.do(t, "POST", "/admin/platform/", url.Values{"action": {"disable"}, "id": {"2"}}); rec.Code != http.StatusForbidden {
		t.Errorf("A's admin disabling B: %d", rec.Code)
	}
	if rec := adminB.do(t, "GET", "/admin/platform/", nil); rec.Code != http.StatusNotFound {
		t.Errorf("the platform page on B's host: %d", rec.Code)
	}

	// B's leads: refused until B's admin grants the leave (the page says
	// so), and nothing logged.
	rec = ops.do(t, "GET", "/admin/platform/2/leads/", nil)
	if _, props := inboxPage(t, rec); rec.Code != http.StatusForbidden || strings.Contains(rec.Body.String(), "zoe@") ||
		props["reason"] != "admin.platform.error.notGranted" {
		t.Fatalf("B's leads without leave: %d, reason %v", rec.Code, props["reason"])
	}
	if n := logged(2, platform.ActionRead); n != 0 {
		t.Errorf("a refused reading logged %d times", n)
	}
	if rec := adminB.do(t, "POST", "/admin/access/", url.Values{"action": {"give"}, "days": {"5"}}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("a leave of 5 days: %d", rec.Code)
	}
	if rec := adminB.do(t, "POST", "/admin/access/", url.Values{"action": {"give"}, "days": {"7"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("B's admin granting: %d", rec.Code)
	}
	_, props = inboxPage(t, adminB.do(t, "GET", "/admin/access/", nil))
	if props["until"] == "" || props["by"] != "baas@gent.test" {
		t.Errorf("B's access page after the grant: until %v by %v", props["until"], props["by"])
	}
	for _, link := range props["nav"].([]any) {
		if l := link.(map[string]any); (l["href"] == "/admin/staff/") != (l["current"] == true) {
			t.Errorf("the access page's menu: %v (the staff's section is the current one)", l)
		}
	}
	_, props = inboxPage(t, ops.do(t, "GET", "/admin/platform/", nil))
	if href := props["agencies"].([]any)[1].(map[string]any)["leadsHref"]; href != "/admin/platform/2/leads/" {
		t.Errorf("B's leads link once granted: %v", href)
	}
	// Another site's page cannot make the operator's browser read them (a
	// reading writes B's log).
	if rec := ops.do(t, "GET", "/admin/platform/2/leads/", nil, "Sec-Fetch-Site", "cross-site", "Sec-Fetch-Mode", "navigate"); rec.Code != http.StatusForbidden {
		t.Errorf("B's leads asked from another site: %d", rec.Code)
	}
	if n := logged(2, platform.ActionRead); n != 0 {
		t.Errorf("a refused reading logged %d times", n)
	}
	rec = ops.do(t, "GET", "/admin/platform/2/leads/", nil)
	view, props = inboxPage(t, rec)
	if rec.Code != 200 || view != "AdminPlatformLeads" {
		t.Fatalf("B's leads with leave: %d %s", rec.Code, view)
	}
	if rows := props["rows"].([]any); len(rows) != 1 || rows[0].(map[string]any)["email"] != "zoe@example.be" {
		t.Errorf("B's leads: %v", rows)
	}
	if logged(2, platform.ActionGranted) != 1 || logged(2, platform.ActionRead) != 1 || logged(1, platform.ActionRead) != 0 {
		t.Errorf("B's log: %+v", logOf(2))
	}
	for _, e := range logOf(2) {
		if e.Action == platform.ActionRead && (e.Actor != audit.Operator || !strings.Contains(e.After, "ops@platform.test")) {
			t.Errorf("the reading's entry: %+v", e)
		}
	}
	// A's leads stay closed: B's leave is B's.
	if rec := ops.do(t, "GET", "/admin/platform/1/leads/", nil); rec.Code != http.StatusForbidden {
		t.Errorf("A's leads with B's leave: %d", rec.Code)
	}
	if rec := ops.do(t, "GET", "/admin/platform/9/leads/", nil); rec.Code != http.StatusNotFound {
		t.Errorf("no such agency's leads: %d", rec.Code)
	}
	// The leave ends by itself, and when taken back.
	p.Clock.Add(8 * 24 * time.Hour)
	if rec := ops.do(t, "GET", "/admin/platform/2/leads/", nil); rec.Code != http.StatusForbidden {
		t.Errorf("B's leads after the leave ended: %d", rec.Code)
	}
	for _, step := range []string{"give", "withdraw"} {
		if rec := adminB.do(t, "POST", "/admin/access/", url.Values{"action": {step}, "days": {"1"}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("B's admin, %s: %d", step, rec.Code)
		}
	}
	if rec := ops.do(t, "GET", "/admin/platform/2/leads/", nil); rec.Code != http.StatusForbidden {
		t.Errorf("B's leads after the leave was taken back: %d", rec.Code)
	}
	if logged(2, platform.ActionRevoked) != 1 {
		t.Errorf("the withdrawal not logged: %+v", logOf(2))
	}

	// The operator adds, disables and renames agencies, each in its log.
	for _, c := range []struct {
		form   url.Values
		status int
		key    string
	}{
		{url.Values{"action": {"add"}, "name": {"Immo Brugge"}, "lang": {"nl"}, "hosts": {"www.gent.test"}}, http.StatusConflict, platform.KeyHostTaken},
		{url.Values{"action": {"add"}, "name": {"Immo Brugge"}, "lang": {"es"}, "hosts": {"www.brugge.test"}}, http.StatusUnprocessableEntity, platform.KeyLang},
		{url.Values{"action": {"add"}, "name": {"Immo Brugge"}, "lang": {"nl"}, "hosts": {"10.0.0.1"}}, http.StatusUnprocessableEntity, platform.KeyHost},
		{url.Values{"action": {"disable"}, "id": {"1"}}, http.StatusConflict, "admin.platform.error.own"},
		{url.Values{"action": {"hosts"}, "id": {"1"}, "hosts": {"www.elsewhere.test"}}, http.StatusConflict, "admin.platform.error.ownHosts"},
		{url.Values{"action": {"disable"}, "id": {"9"}}, http.StatusNotFound, ""},
		{url.Values{"action": {"add"}, "name": {"Immo\x00Brugge"}, "lang": {"nl"}, "hosts": {"www.brugge.test"}}, http.StatusUnprocessableEntity, platform.KeyName},
		{url.Values{"action": {"add"}, "name": {"Immo \xff"}, "lang": {"nl"}, "hosts": {"www.brugge.test"}}, http.StatusUnprocessableEntity, platform.KeyName},
		{url.Values{"action": {"add"}, "name": {"Immo Brugge"}, "lang": {"nl"}, "hosts": {"www.brugge.test, brugge.test"}}, http.StatusSeeOther, ""},
		{url.Values{"action": {"disable"}, "id": {"3"}}, http.StatusSeeOther, ""},
		{url.Values{"action": {"hosts"}, "id": {"2"}, "hosts": {"www.gent.test gent.test"}}, http.StatusSeeOther, ""},
	} {
		rec := ops.do(t, "POST", "/admin/platform/", c.form)
		if rec.Code != c.status {
			t.Errorf("%v: %d, want %d", c.form, rec.Code, c.status)
			continue
		}
		if c.key != "" {
			if _, props := inboxPage(t, rec); !strings.Contains(mapString(props["errors"]), c.key) {
				t.Errorf("%v: errors %v, want %s", c.form, props["errors"], c.key)
			}
		}
	}
	all, err := (&platform.Service{Store: p.Store.Platform()}).List(t.Context())
	if err != nil || len(all) != 3 || !all[2].Disabled || all[2].Preferred() != "www.brugge.test" || len(all[1].Hosts) != 2 || all[0].Disabled {
		t.Fatalf("the agencies after the operator's changes: %+v, %v", all, err)
	}
	if logged(3, platform.ActionAdded) != 1 || logged(3, platform.ActionDisabled) != 1 || logged(2, platform.ActionHosts) != 1 || logged(1, platform.ActionDisabled) != 0 {
		t.Errorf("the agencies' logs: 3 %+v, 2 %+v", logOf(3), logOf(2))
	}

	// A's admin sees the operator among A's staff but changes nothing of them.
	_, props = inboxPage(t, adminA.do(t, "GET", "/admin/staff/", nil))
	var opID string
	for _, m := range props["members"].([]any) {
		if m := m.(map[string]any); m["role"] == string(account.Operator) {
			opID = strconv.FormatFloat(m["id"].(float64), 'f', 0, 64)
		}
	}
	if opID == "" {
		t.Fatalf("the operator not among A's staff: %v", props["members"])
	}
	for _, action := range []url.Values{{"action": {"role"}, "role": {"admin"}}, {"action": {"disable"}}, {"action": {"resend"}},
		{"action": {"reset2fa"}}, {"action": {"editor-on"}}} {
		action.Set("id", opID)
		rec := adminA.do(t, "POST", "/admin/staff/", action)
		if _, props := inboxPage(t, rec); rec.Code != http.StatusConflict || !strings.Contains(mapString(props["errors"]), "admin.staff.error.operator") {
			t.Errorf("A's admin: %v on the operator: %d %v", action, rec.Code, props["errors"])
		}
	}
	if rec := ops.do(t, "GET", "/admin/platform/", nil); rec.Code != 200 {
		t.Errorf("the operator after A's admin's attempts: %d", rec.Code)
	}
	// A's log names the operator's own changes (their password chosen);
	// B's says the leave's end as a time, the operator's readings as theirs.
	named := func(c *staffClient, actor, action string) bool {
		_, props := inboxPage(t, c.do(t, "GET", "/admin/audit/", nil))
		for _, row := range props["rows"].([]any) {
			if r := row.(map[string]any); r["actor"] == actor && r["action"] == action {
				return true
			}
		}
		return false
	}
	if !named(adminA, "ops@platform.test", string(account.StaffPasswordSet)) {
		t.Error("A's log does not name the operator")
	}
	_, props = inboxPage(t, adminB.do(t, "GET", "/admin/audit/", nil))
	grants := 0
	for _, row := range props["rows"].([]any) {
		if r := row.(map[string]any); r["action"] == string(platform.ActionGranted) {
			grants++
			if r["afterAt"] == "" {
				t.Errorf("a grant's entry without the leave's end as a time: %v", r)
			}
		}
	}
	if grants != 2 {
		t.Errorf("B's log lists %d grants, want 2", grants)
	}
}

// mapString is a props' map as text, for a contains check.
func mapString(v any) string {
	m, _ := v.(map[string]any)
	var b strings.Builder
	for k, v := range m {
		b.WriteString(k + "=" + strings.TrimSpace(strings.ReplaceAll(toString(v), "\n", " ")) + ";")
	}
	return b.String()
}

func toString(v any) string {
	s, _ := v.(string)
	return s
}
