package app_test

import (
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"net/url"
	"strings"
	"testing"
	"time"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/altcha"
)

// The demo's property page with the visit form, and two of its slots:
// the clock starts on Monday 2 March 2026, the demo offers Tuesday on.
const (
	agendaProperty = "4100002"
	agendaPage     = "/nl/te-koop/arlon/villa-huis-hoeve/4100002/"
	agendaSlot10   = "2026-03-03T10:00:00+01:00"
	agendaSlot1030 = "2026-03-03T10:30:00+01:00"
	agendaSlot11   = "2026-03-03T11:00:00+01:00"
)

// bookVisit books a visit of the demo property at slot through the public
// form, as a visitor of ip named first, in Dutch.
func bookVisit(t *testing.T, s *apptest.Site, ip, first, email, slot string) {
	t.Helper()
	form := url.Values{"form": {"contact-appointment"}, "title": {"ms"}, "firstName": {first}, "lastName": {"Lambert"},
		"email": {email}, "phone": {"0471 23 45 67"}, "slot": {slot}, "remark": {""},
		altcha.HoneypotField: {""}, altcha.FieldName: {s.Solve(t)}}
	r := httptest.NewRequest(http.MethodPost, agendaPage, strings.NewReader(form.Encode()))
	r.RemoteAddr = ip + ":4321"
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, r)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("booking %s at %s: %d\n%.600s", first, slot, rec.Code, rec.Body.String())
	}
}

// calendarOf is the .ics a mail carries, unfolded.
func calendarOf(t *testing.T, m *mail.Message) string {
	t.Helper()
	_, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	var walk func(r *multipart.Reader) string
	walk = func(r *multipart.Reader) string {
		for {
			p, err := r.NextPart()
			if err != nil {
				return ""
			}
			ct, pp, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
			switch {
			case strings.HasPrefix(ct, "multipart/"):
				if s := walk(multipart.NewReader(p, pp["boundary"])); s != "" {
					return s
				}
			case ct == "text/calendar":
				b, _ := io.ReadAll(p) // multipart.Part decodes quoted-printable
				if p.Header.Get("Content-Transfer-Encoding") == "base64" {
					d, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(b)), ""))
					if err != nil {
						t.Fatal(err)
					}
					b = d
				}
				return strings.ReplaceAll(string(b), "\r\n ", "")
			}
		}
	}
	return walk(multipart.NewReader(m.Body, params["boundary"]))
}

// visitsOf are the visits the agenda's page object lists, by day.
func visitsOf(props map[string]any) [][]map[string]any {
	var out [][]map[string]any
	days, _ := props["days"].([]any)
	for _, d := range days {
		var list []map[string]any
		for _, v := range d.(map[string]any)["visits"].([]any) {
			list = append(list, v.(map[string]any))
		}
		out = append(out, list)
	}
	return out
}

// TestInboxAgenda walks the agency's agenda on both databases: a visit
// booked on the site shows in its week, the staff move it (the visitor
// mailed with an .ics that replaces the first, the old cancel link dead,
// the slots offered on the site following) and cancel it (a CANCEL .ics),
// each change audited; refusals say why and change nothing; an admin edits
// the slot rules and the site offers the new ones at once; nobody but the
// staff reaches any of it, and only admins the rules.
func TestInboxAgenda(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t), Visits: true})
			before := len(s.SMTP.Messages())
			bookVisit(t, s, "192.0.2.10", "Anne", "anne@example.be", agendaSlot10)
			s.Delivered(t, before, 2) // the agency's notice, Anne's confirmation

			anon := &staffClient{h: s.Handler, ip: "203.0.113.9", cookies: map[string]*http.Cookie{}}
			for _, p := range []string{"/admin/agenda/", "/admin/agenda/rules/"} {
				if rec := anon.do(t, "GET", p, nil); rec.Code != http.StatusFound || rec.Header().Get("Location") != loginFor(p) {
					t.Errorf("nobody GET %s: %d → %q, want the login", p, rec.Code, rec.Header().Get("Location"))
				}
			}
			if rec := anon.do(t, "GET", "/admin/agenda.csv", nil); rec.Code != http.StatusForbidden {
				t.Errorf("nobody GET the agenda's CSV: %d, want 403", rec.Code)
			}
			for _, p := range []string{"/admin/agenda/", "/admin/agenda/rules/"} {
				if rec := anon.do(t, "POST", p, url.Values{"action": {"cancel"}, "id": {"1"}}); rec.Code != http.StatusForbidden {
					t.Errorf("nobody POST %s: %d, want 403", p, rec.Code)
				}
			}

			admin := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
			agent := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")

			// The week, as the router asks for it: Anne on Tuesday.
			agent.inertia = true
			week := "/admin/agenda/?week=2026-03-04&property=" + agendaProperty
			rec := agent.do(t, "GET", week, nil)
			view, props := inboxPage(t, rec)
			days := visitsOf(props)
			if rec.Code != 200 || view != "AdminAgenda" || props["week"] != "2026-03-02" || len(days) != 7 || len(days[1]) != 1 {
				t.Fatalf("the week: %d %s %v %v", rec.Code, view, props["week"], days)
			}
			anne := days[1][0]
			if anne["name"] != "Anne Lambert" || anne["email"] != "anne@example.be" || anne["start"] != "2026-03-03T09:00:00Z" ||
				!strings.HasPrefix(anne["lead"].(string), "/admin/leads/") || props["rules"] != "" {
				t.Fatalf("Anne's visit as listed: %v (rules %q: not an agent's)", anne, props["rules"])
			}
			free, _ := props["free"].(map[string]any)[agendaProperty].([]any)
			if len(free) == 0 || free[0] == "2026-03-03T09:00:00Z" {
				t.Fatalf("the slots Anne's visit may move to: %v", free)
			}
			id := itoa(int64(anne["id"].(float64)))
			// Her request's page writes the slot as a day and time, not as stored.
			_, leadProps := inboxPage(t, agent.do(t, "GET", anne["lead"].(string), nil))
			var slotWords string
			for _, f := range leadProps["fields"].([]any) {
				if f.(map[string]any)["name"] == "slot" {
					slotWords = f.(map[string]any)["value"].(string)
				}
			}
			if !strings.Contains(slotWords, "10:00") || strings.Contains(slotWords, "T10:00") || !strings.Contains(slotWords, "Tuesday") {
				t.Errorf("the visit request's slot on its page: %q", slotWords)
			}
			// Her lead's visit as it stands: booked, as asked, until the agency changes it.
			leadVisit := func() map[string]any {
				t.Helper()
				_, p := inboxPage(t, agent.do(t, "GET", anne["lead"].(string), nil))
				visits, _ := p["visits"].([]any)
				if len(visits) != 1 {
					t.Fatalf("the lead's visits: %v", p["visits"])
				}
				return visits[0].(map[string]any)
			}
			if v := leadVisit(); v["start"] != "2026-03-03T09:00:00Z" || v["moved"] != 0.0 || v["cancelled"] != "" || jsonOf(v["changes"]) != "[]" {
				t.Errorf("the lead's visit before any change: %v", v)
			}
			if rec := agent.do(t, "GET", "/admin/agenda/?week=2026-13-01", nil); rec.Code != http.StatusBadRequest {
				t.Errorf("a bad week: %d, want 400", rec.Code)
			}
			if rec := agent.do(t, "GET", "/admin/agenda/rules/", nil); rec.Code != http.StatusForbidden {
				t.Errorf("an agent opens the slot rules: %d, want 403", rec.Code)
			}
			if rec := agent.do(t, "POST", "/admin/agenda/rules/", url.Values{"action": {"reset"}}); rec.Code != http.StatusForbidden {
				t.Errorf("an agent posts the slot rules: %d, want 403", rec.Code)
			}
			agent.inertia = false

			// Refusals say why and change nothing.
			mails := len(s.SMTP.Messages())
			bookVisit(t, s, "192.0.2.11", "Bert", "bert@example.be", agendaSlot11) // the property's one place at 11:00
			s.Delivered(t, mails, 2)
			audits := s.Count(t, "audit_log") // the visit request received is in it
			mails = len(s.SMTP.Messages())
			for _, c := range []struct {
				form  url.Values
				code  int
				field string
				key   string
			}{
				{url.Values{"action": {"move"}, "id": {id}, "to": {"2026-03-03T11:00:00+01:00"}}, http.StatusConflict, "to", "admin.agenda.error.full"},
				{url.Values{"action": {"move"}, "id": {id}, "to": {"2026-03-03T10:15:00+01:00"}}, http.StatusUnprocessableEntity, "to", "admin.agenda.error.gone"},
				{url.Values{"action": {"move"}, "id": {id}, "to": {"2026-03-02T10:00:00+01:00"}}, http.StatusUnprocessableEntity, "to", "admin.agenda.error.gone"},
				{url.Values{"action": {"move"}, "id": {id}, "to": {agendaSlot10}}, http.StatusUnprocessableEntity, "to", "admin.agenda.error.same"},
				{url.Values{"action": {"move"}, "id": {id}, "to": {"tomorrow"}}, http.StatusUnprocessableEntity, "to", "admin.agenda.error.gone"},
				{url.Values{"action": {"cancel"}, "id": {"99999"}}, http.StatusNotFound, "form", "admin.agenda.error.none"},
				{url.Values{"action": {"explode"}, "id": {id}}, http.StatusUnprocessableEntity, "form", "admin.error.action"},
			} {
				agent.inertia = true
				rec := agent.do(t, "POST", week, c.form)
				agent.inertia = false
				_, props := inboxPage(t, rec)
				errs, _ := props["errors"].(map[string]any)
				if rec.Code != c.code || errs[c.field] != c.key {
					t.Errorf("%v: %d %v, want %d %s=%s", c.form, rec.Code, errs, c.code, c.field, c.key)
				}
			}
			if s.Count(t, "audit_log") != audits {
				t.Errorf("refused changes were audited")
			}

			// Moved: Anne gets the new time, a new cancel link and an .ics
			// that replaces the first (SEQUENCE 1); the site offers 10:00 again.
			if rec := agent.do(t, "POST", week, url.Values{"action": {"move"}, "id": {id}, "to": {agendaSlot1030}}); rec.Code != http.StatusSeeOther ||
				rec.Header().Get("Location") != "/admin/agenda/?property="+agendaProperty+"&week=2026-03-02&done=move" {
				t.Fatalf("the move: %d → %q", rec.Code, rec.Header().Get("Location"))
			}
			agent.inertia = true
			if _, props := inboxPage(t, agent.do(t, "GET", "/admin/agenda/?property="+agendaProperty+"&week=2026-03-02&done=move", nil)); props["notice"] != "admin.agenda.done.move" {
				t.Errorf("after the move the page says nothing: %v", props["notice"])
			}
			agent.inertia = false
			moved := s.Delivered(t, mails, 1)[0]
			if to := moved.Header.Get("To"); !strings.Contains(to, "anne@example.be") {
				t.Fatalf("the move's mail went to %q", to)
			}
			if subj, _ := new(mime.WordDecoder).DecodeHeader(moved.Header.Get("Subject")); !strings.Contains(subj, "verplaatst") {
				t.Errorf("the move's mail is not Dutch: %q", subj)
			}
			cal := calendarOf(t, moved)
			for _, want := range []string{"METHOD:PUBLISH", "SEQUENCE:1", "DTSTART:20260303T093000Z", "STATUS:CONFIRMED", "UID:visit-"} {
				if !strings.Contains(cal, want) {
					t.Errorf("the moved visit's .ics lacks %s:\n%s", want, cal)
				}
			}
			if s.Count(t, "audit_log") != audits+1 {
				t.Errorf("the move was not audited")
			}
			agent.inertia = true
			_, props = inboxPage(t, agent.do(t, "GET", week, nil))
			agent.inertia = false
			if days := visitsOf(props); len(days[1]) != 2 || days[1][0]["start"] != "2026-03-03T09:30:00Z" || days[1][0]["moved"] != 1.0 {
				t.Fatalf("after the move: %v", days[1])
			}
			// Her lead's page says the agency moved it (who, when, from and to
			// which slot): the slot her request asked no longer holds.
			moveEntry := `{"action":"move","actor":"Ann agent","from":"2026-03-03T09:00:00Z","time":"` +
				s.Clock.Now().UTC().Format(time.RFC3339) + `","to":"2026-03-03T09:30:00Z"}`
			if v := leadVisit(); v["start"] != "2026-03-03T09:30:00Z" || v["moved"] != 1.0 || v["cancelled"] != "" || jsonOf(v["changes"]) != "["+moveEntry+"]" {
				t.Errorf("the lead's visit after the move: %v", v)
			}

			// Cancelled: a CANCEL .ics one SEQUENCE higher; gone from the week.
			mails = len(s.SMTP.Messages())
			if rec := agent.do(t, "POST", week, url.Values{"action": {"cancel"}, "id": {id}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("the cancellation: %d", rec.Code)
			}
			cancelled := s.Delivered(t, mails, 1)[0]
			cal = calendarOf(t, cancelled)
			for _, want := range []string{"METHOD:CANCEL", "SEQUENCE:2", "STATUS:CANCELLED", "DTSTART:20260303T093000Z"} {
				if !strings.Contains(cal, want) {
					t.Errorf("the cancelled visit's .ics lacks %s:\n%s", want, cal)
				}
			}
			if rec := agent.do(t, "POST", week, url.Values{"action": {"cancel"}, "id": {id}}); rec.Code != http.StatusNotFound {
				t.Errorf("a second cancellation: %d, want 404", rec.Code)
			}
			if s.Count(t, "audit_log") != audits+2 {
				t.Errorf("the cancellation was not audited")
			}
			cancelEntry := `{"action":"cancel","actor":"Ann agent","from":"2026-03-03T09:30:00Z","time":"` +
				s.Clock.Now().UTC().Format(time.RFC3339) + `","to":""}`
			if v := leadVisit(); v["cancelled"] != "agency" || jsonOf(v["changes"]) != "["+moveEntry+","+cancelEntry+"]" {
				t.Errorf("the lead's visit after the cancellation: %v", v)
			}

			// The week's CSV: a BOM, Bert's visit; personal data left the
			// inbox, so the export is in the audit log.
			rec = agent.do(t, "GET", "/admin/agenda.csv?week=2026-03-03", nil)
			body := rec.Body.String()
			if rec.Code != 200 || !strings.HasPrefix(body, "\uFEFF") || !strings.Contains(body, "Bert Lambert") || strings.Contains(body, "Anne") {
				t.Errorf("the week's CSV: %d\n%s", rec.Code, body)
			}
			if s.Count(t, "audit_log") != audits+3 {
				t.Errorf("the week's export was not audited")
			}

			// The admin edits the slot rules: a bad form says why per field.
			admin.inertia = true
			rec = admin.do(t, "GET", "/admin/agenda/rules/", nil)
			view, props = inboxPage(t, rec)
			values, _ := props["values"].(map[string]any)
			if rec.Code != 200 || view != "AdminAgendaRules" || props["configured"] != true || values["hours"] != "10:00-12:00, 14:00-18:00" || values["day2"] != "on" || values["day0"] != nil {
				t.Fatalf("the rules' form: %d %s %v", rec.Code, view, props)
			}
			bad := url.Values{"action": {"save"}, "hours": {"14:00-12:00"}, "length": {"3"}, "capacity": {"2"}, "propertyCapacity": {"1"},
				"perVisitor": {"2"}, "perSender": {"4"}, "minDays": {"1"}, "maxDays": {"7"}, "closed": {"25/12"}}
			rec = admin.do(t, "POST", "/admin/agenda/rules/", bad)
			_, props = inboxPage(t, rec)
			errs, _ := props["errors"].(map[string]any)
			if rec.Code != http.StatusUnprocessableEntity || errs["weekdays"] == nil || errs["hours"] == nil || errs["length"] == nil || errs["closed"] == nil {
				t.Fatalf("bad rules: %d %v", rec.Code, errs)
			}
			admin.inertia = false
			// Only Wednesdays, 9:00 to 10:00, by the hour: the site offers
			// Wednesday 9:00 and nothing on Tuesday.
			good := url.Values{"action": {"save"}, "day3": {"on"}, "hours": {"9:00-10:00"}, "length": {"60"}, "capacity": {"2"},
				"propertyCapacity": {"1"}, "perVisitor": {"2"}, "perSender": {"4"}, "minDays": {"1"}, "maxDays": {"7"}, "closed": {""}}
			if rec := admin.do(t, "POST", "/admin/agenda/rules/", good); rec.Code != http.StatusSeeOther {
				t.Fatalf("saving the rules: %d %s", rec.Code, rec.Body.String())
			}
			offered := publicSlots(t, s)
			if len(offered) != 1 || offered[0] != "2026-03-04T09:00:00+01:00" {
				t.Fatalf("the site offers %v after the rules changed, want Wednesday 9:00 only", offered)
			}
			if s.Count(t, "audit_log") != audits+4 {
				t.Errorf("the rules' change was not audited")
			}
			if rec := admin.do(t, "POST", "/admin/agenda/rules/", url.Values{"action": {"reset"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("reset: %d", rec.Code)
			}
			if offered := publicSlots(t, s); len(offered) < 10 {
				t.Fatalf("after the reset the site offers %v", offered)
			}
		})
	}
}

// publicSlots are the slots the demo property's visit form offers.
func publicSlots(t *testing.T, s *apptest.Site) []string {
	t.Helper()
	c := &staffClient{h: s.Handler, ip: "192.0.2.99", cookies: map[string]*http.Cookie{}, inertia: true}
	_, props := inboxPage(t, c.do(t, "GET", agendaPage, nil))
	visit, _ := props["visit"].(map[string]any)
	if visit == nil {
		t.Fatalf("no visit form on %s", agendaPage)
	}
	var out []string
	for _, d := range visit["days"].([]any) {
		for _, sl := range d.(map[string]any)["slots"].([]any) {
			out = append(out, sl.(map[string]any)["value"].(string))
		}
	}
	return out
}
