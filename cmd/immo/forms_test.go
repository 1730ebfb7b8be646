package main

import (
	"encoding/base64"
	"immo/internal/domain/audit"
	"net/http"
	"net/mail"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/smtptest"
	"immo/internal/app/apptest"
	"immo/internal/domain/altcha"
	"immo/internal/domain/antispam"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/tool/apitest"
)

// formSite is the demo site of the site-level tests (apptest: built by
// app.New on a fresh database, its mails sent to an SMTP server of the
// test, on a clock the scenarios move), with the forms' tests' helpers.
type formSite struct{ *apptest.Site }

const testPublicURL = apptest.PublicURL

// databases are the stores the forms are tested on: a temporary SQLite
// file, and a PostgreSQL schema of the test's own (pgtest skips it
// without a server).
var databases = apptest.Databases

func newFormSite(t testing.TB, databaseURL string) *formSite {
	t.Helper()
	return newSite(t, apptest.Options{DatabaseURL: databaseURL})
}

// newSite builds the form site with o, at the forms' public URL; o.Visits
// wires the demo's appointments (the visit form and its cancel links) on
// the site's clock.
func newSite(t testing.TB, o apptest.Options) *formSite {
	t.Helper()
	o.PublicURL = testPublicURL
	return &formSite{apptest.New(t, o)}
}

// friendPost sends property 4100002 to Bob from Anne, with a message.
func friendPost(extra url.Values) url.Values {
	return withValues(url.Values{"form": {"send-to-friend"}, "firstName": {"Anne"}, "lastName": {"Lambert"}, "email": {"anne@example.be"},
		"friendFirstName": {"Bob"}, "friendLastName": {"Martin"}, "friendEmail": {"bob@example.org"},
		"remark": {"Regarde celle-ci !"}, altcha.HoneypotField: {""}}, extra)
}

func contactPost(extra url.Values) url.Values {
	return withValues(url.Values{"title": {"ms"}, "firstName": {"Anne"}, "lastName": {"Lambert"}, "email": {"anne@example.be"},
		"phone": {"0471 23 45 67"}, "remark": {"Pouvez-vous me rappeler ?"}, altcha.HoneypotField: {""}}, extra)
}

// withValues is v with the fields of extra set over its own.
func withValues(v url.Values, extra url.Values) url.Values {
	for k, x := range extra {
		v[k] = x
	}
	return v
}

// scenarioDays gives a table of scenarios its clock: freshDay moves the
// site's clock to a day of its own (first, then every step days), so the
// per-IP and per-address limits of one scenario do not weigh on the next,
// and records the rows, jobs and mails then in *before; nothingKept checks
// that a refused post added no row and no job since.
func (s *formSite) scenarioDays(first time.Time, step int, before *state) (freshDay func(testing.TB), nothingKept func(testing.TB, *http.Response, string)) {
	day := 0
	freshDay = func(tb testing.TB) {
		day++
		s.Clock.Set(first.AddDate(0, 0, step*day))
		*before = s.state(tb)
	}
	nothingKept = func(tb testing.TB, _ *http.Response, _ string) {
		tb.Helper()
		if after := s.state(tb); after.requests != before.requests || after.jobs != before.jobs {
			tb.Errorf("stored or queued: %+v → %+v", *before, after)
		}
	}
	return freshDay, nothingKept
}

// state is what a scenario compares before and after: rows and jobs.
type state struct{ requests, jobs, mails int }

// state waits for the mails of every stored request (two each here), so a
// late one is not taken for the next scenario's.
func (s *formSite) state(tb testing.TB) state {
	tb.Helper()
	s.SMTP.Wait(tb, 2*s.Count(tb, "requests"), smtptest.Patience)
	return state{s.Count(tb, "requests"), s.Count(tb, "river_job"), len(s.SMTP.Messages())}
}

func TestForms(t *testing.T) {
	for _, db := range databases {
		t.Run(db.Name, func(t *testing.T) { testForms(t, newFormSite(t, db.URL(t))) })
	}
}

func testForms(t *testing.T, s *formSite) {
	const property = 4100002
	propertyPage := "/nl/te-koop/arlon/villa-huis-hoeve/" + strconv.Itoa(property) + "/" // its canonical address: /nl/property/{id}/ answers 301
	const project = 5200002
	projectPage := "/fr/project/?id=" + strconv.Itoa(project)
	friendPage := "/fr/a-vendre/arlon/villa-maison-ferme/" + strconv.Itoa(property) + "/"
	var before state
	// Each scenario starts on a day of its own, so the per-IP limits of one
	// do not weigh on the next.
	freshDay, nothingKept := s.scenarioDays(time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC), 2, &before)
	thankYou := map[string]string{"Location": "/fr/merci/service-personnalise/#main"}
	var storedListing func(kind lead.Kind, lang string, propertyID, projectID int64, fields map[string]string) func(testing.TB, *http.Response, string)
	// storedOne checks the newest request and its two mails: the agency's
	// notice in the site's language (fr) with Reply-To the visitor, the
	// visitor's confirmation in the page's language.
	storedOne := func(kind lead.Kind, lang string, propertyID int64) func(testing.TB, *http.Response, string) {
		return storedListing(kind, lang, propertyID, 0, nil)
	}
	storedListing = func(kind lead.Kind, lang string, propertyID, projectID int64, fields map[string]string) func(testing.TB, *http.Response, string) {
		return func(tb testing.TB, _ *http.Response, _ string) {
			tb.Helper()
			if after := s.state(tb); after.requests != before.requests+1 {
				tb.Fatalf("requests %d → %d", before.requests, after.requests)
			}
			r, _, err := s.Requests.Get(tb.Context(), int64(s.Count(tb, "requests")))
			if err != nil {
				tb.Fatal(err)
			}
			if r.Kind != kind || r.Lang != lang || r.PropertyID != propertyID || r.ProjectID != projectID {
				tb.Errorf("stored %s %s property %d project %d, want %s %s %d %d", r.Kind, r.Lang, r.PropertyID, r.ProjectID, kind, lang, propertyID, projectID)
			}
			for name, want := range fields {
				if got := r.Fields[name]; got != want {
					tb.Errorf("field %s %q, want %q", name, got, want)
				}
			}
			if want := s.IP.Hash("192.0.2.1"); r.IPHash != want || strings.Contains(r.IPHash, "192.0.2.1") {
				tb.Errorf("ip hash %q, want %q", r.IPHash, want)
			}
			msgs := s.Delivered(tb, before.mails, 2)
			var notice, confirmation *mail.Message
			for _, m := range msgs {
				to, err := mail.ParseAddress(m.Header.Get("To"))
				switch {
				case err != nil:
					tb.Errorf("To %q: %v", m.Header.Get("To"), err)
				case to.Address == "info@immo-arlon.be":
					notice = m
				case to.Address == "anne@example.be":
					confirmation = m
				}
			}
			if notice == nil || confirmation == nil {
				tb.Fatalf("want a notice and a confirmation, got To %q and %q", msgs[0].Header.Get("To"), msgs[1].Header.Get("To"))
			}
			if got := notice.Header.Get("Content-Language"); got != "fr" {
				tb.Errorf("notice in %q, want the site's fr", got)
			}
			if got := notice.Header.Get("Reply-To"); !strings.Contains(got, "anne@example.be") {
				tb.Errorf("notice Reply-To %q", got)
			}
			if got := confirmation.Header.Get("Content-Language"); got != lang {
				tb.Errorf("confirmation in %q, want %q", got, lang)
			}
			from, err := mail.ParseAddress(confirmation.Header.Get("From"))
			if err != nil || from.Address != "info@immo-arlon.be" {
				tb.Errorf("From %q (%v), want the agency", confirmation.Header.Get("From"), err)
			}
		}
	}
	// friendSent checks the newest request is a friend's, and its two mails:
	// the fixed template to the friend's address only, Reply-To the agency,
	// no visitor text in its headers nor the sender's address anywhere; and
	// the agency's notice.
	friendSent := func(friend string) func(testing.TB, *http.Response, string) {
		return func(tb testing.TB, _ *http.Response, _ string) {
			tb.Helper()
			if after := s.state(tb); after.requests != before.requests+1 {
				tb.Fatalf("requests %d → %d", before.requests, after.requests)
			}
			r, _, err := s.Requests.Get(tb.Context(), int64(s.Count(tb, "requests")))
			if err != nil {
				tb.Fatal(err)
			}
			if r.Kind != lead.KindFriend || r.PropertyID != property {
				tb.Errorf("stored %s property %d", r.Kind, r.PropertyID)
			}
			var toFriend, notice int
			for _, m := range s.SMTP.Messages()[before.mails:] {
				msg, err := mail.ReadMessage(strings.NewReader(string(m.Data)))
				if err != nil {
					tb.Fatal(err)
				}
				switch {
				case slices.Equal(m.To, []string{friend}):
					toFriend++
					head, body, _ := strings.Cut(string(m.Data), "\r\n\r\n")
					for _, visitorText := range []string{"Anne", "Lambert", "Regarde", "anne@example.be"} {
						if strings.Contains(head, visitorText) {
							tb.Errorf("the friend's headers carry %q:\n%s", visitorText, head)
						}
					}
					if strings.Contains(body, "anne@example.be") {
						tb.Error("the friend's mail shows the sender's address")
					}
					if got := msg.Header.Get("Reply-To"); !strings.Contains(got, "info@immo-arlon.be") {
						tb.Errorf("friend's Reply-To %q, want the agency", got)
					}
					if !strings.Contains(body, "/property/4100002") && !strings.Contains(body, "4100002") {
						tb.Error("the friend's mail has no link to the property")
					}
				case slices.Equal(m.To, []string{"info@immo-arlon.be"}):
					notice++
				default:
					tb.Errorf("a mail to %v", m.To)
				}
			}
			if toFriend != 1 || notice != 1 {
				tb.Errorf("%d mails to the friend and %d notices, want 1 and 1", toFriend, notice)
			}
		}
	}
	errorKey := func(name, key string) []string {
		return []string{`"` + name + `":"` + key + `"`}
	}
	inertia := map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"}
	// A challenge is solved on a day no other scenario uses, and posted
	// within its ten minutes.
	solvedAt := time.Date(2026, 6, 1, 10, 0, 0, 0, time.UTC)
	s.Clock.Set(solvedAt)
	solved := s.Solve(t)
	atSolving := func(later time.Duration) func(testing.TB) {
		return func(tb testing.TB) {
			s.Clock.Set(solvedAt.Add(later))
			before = s.state(tb)
		}
	}

	s.Run(t, []apitest.Scenario{
		{
			Name: "site contact without JavaScript", Method: http.MethodPost, URL: "/fr/contact/", Before: freshDay,
			Form: contactPost(nil), Status: http.StatusSeeOther, Header: thankYou,
			After: storedOne(lead.KindSiteContact, "fr", 0),
		},
		{
			Name: "bad fields", Method: http.MethodPost, URL: "/fr/contact/", Before: freshDay, Headers: inertia,
			Form:     contactPost(url.Values{"email": {"anne@"}, "lastName": {" "}}),
			Status:   http.StatusUnprocessableEntity,
			Contains: append(errorKey("email", field.KeyEmail), errorKey("lastName", field.KeyRequired)...),
			After:    nothingKept,
		},
		{
			Name: "honeypot filled", Method: http.MethodPost, URL: "/fr/contact/", Before: freshDay,
			Form: contactPost(url.Values{altcha.HoneypotField: {"http://spam.example"}}), Status: http.StatusSeeOther,
			Header: thankYou, After: nothingKept,
		},
		{
			Name: "a solved challenge", Method: http.MethodPost, URL: "/fr/contact/",
			Before: atSolving(time.Minute),
			Form:   contactPost(url.Values{altcha.FieldName: {solved}}), Status: http.StatusSeeOther, Header: thankYou,
			After: storedOne(lead.KindSiteContact, "fr", 0),
		},
		{
			Name: "a replayed challenge", Method: http.MethodPost, URL: "/fr/contact/", Before: atSolving(2 * time.Minute), Headers: inertia,
			Form: contactPost(url.Values{altcha.FieldName: {solved}}), Status: http.StatusUnprocessableEntity,
			Contains: errorKey(altcha.FieldName, field.KeyCaptcha), After: nothingKept,
		},
		{
			Name: "a forged challenge", Method: http.MethodPost, URL: "/fr/contact/", Before: freshDay, Headers: inertia,
			Form:   contactPost(url.Values{altcha.FieldName: {base64.StdEncoding.EncodeToString([]byte(`{"algorithm":"SHA-256","challenge":"ab","number":1,"salt":"x?expires=9999999999&","signature":"cd"}`))}}),
			Status: http.StatusUnprocessableEntity, Contains: errorKey(altcha.FieldName, field.KeyCaptcha), After: nothingKept,
		},
		{
			Name: "information request: the page's property, not the posted one", Method: http.MethodPost,
			URL: propertyPage, Before: freshDay,
			Form:   contactPost(url.Values{"form": {"contact-me"}, "propertyId": {"4100001"}}),
			Status: http.StatusSeeOther, Header: map[string]string{"Location": "/nl/feedback/contact-me/#main"},
			After: storedOne(lead.KindInformation, "nl", property),
		},
		{
			Name: "project request: the page's project, the chosen unit", Method: http.MethodPost,
			URL: projectPage, Before: freshDay,
			Form:   contactPost(url.Values{"form": {"contact-construction"}, "projectId": {"5200001"}, "unit": {"A1.2"}}),
			Status: http.StatusSeeOther, Header: map[string]string{"Location": "/fr/merci/contact-construction/#main"},
			After: func(tb testing.TB, res *http.Response, body string) {
				storedListing(lead.KindProject, "fr", 0, project, map[string]string{"unit": "A1.2"})(tb, res, body)
				r, _, err := s.Requests.Get(tb.Context(), int64(s.Count(tb, "requests")))
				if err != nil || r.Page != projectPage {
					tb.Errorf("the page stored is %q (%v), want the project's own address %q", r.Page, err, projectPage)
				}
				for _, m := range s.SMTP.Messages()[before.mails:] {
					if !strings.Contains(string(m.Data), "A1.2") {
						tb.Errorf("the mail to %v does not name the unit", m.To)
					}
					if strings.Contains(string(m.To[0]), "info@") && !strings.Contains(quotedPrintable(m.Data), "Envoyé depuis\u202f: https://immo.example"+projectPage) {
						tb.Errorf("the agency's notice does not link to the project's page:\n%s", quotedPrintable(m.Data))
					}
				}
			},
		},
		{
			Name: "send to a friend", Method: http.MethodPost, URL: friendPage, Before: freshDay,
			Form: friendPost(nil), Status: http.StatusSeeOther, Header: map[string]string{"Location": "/fr/merci/send-to-friend/#main"},
			After: friendSent("bob@example.org"),
		},
		{
			Name: "send to a friend: the friend's email missing", Method: http.MethodPost, URL: friendPage, Before: freshDay, Headers: inertia,
			Form: friendPost(url.Values{"friendEmail": {""}}), Status: http.StatusUnprocessableEntity,
			Contains: errorKey("friendEmail", field.KeyFriendEmail), After: nothingKept,
		},
		{
			Name: "send to a friend: the friend's email invalid", Method: http.MethodPost, URL: friendPage, Before: freshDay, Headers: inertia,
			Form: friendPost(url.Values{"friendEmail": {"bob@example.org\r\nBcc: victim@example.com"}}), Status: http.StatusUnprocessableEntity,
			Contains: errorKey("friendEmail", field.KeyControl), After: nothingKept,
		},
		{
			// One post an hour, within the sender's limits: the address is braked,
			// and another address is not.
			Name: "the fourth mail to one friend in a day", Method: http.MethodPost, URL: friendPage, Headers: inertia,
			Before: func(tb testing.TB) {
				freshDay(tb)
				for i := range 3 {
					res, body := apitest.Scenario{Method: http.MethodPost, URL: friendPage,
						Form: friendPost(url.Values{"friendEmail": {"Carol@Example.org"}})}.Do(s.Handler)
					if res.StatusCode != http.StatusSeeOther {
						tb.Fatalf("post %d: %d %s", i+1, res.StatusCode, body)
					}
					s.Clock.Set(s.Clock.Now().Add(time.Hour))
				}
				before = s.state(tb)
			},
			Form: friendPost(url.Values{"friendEmail": {"carol+again@example.org"}}), Status: http.StatusUnprocessableEntity,
			Contains: errorKey("friendEmail", field.KeyReceiverDay),
			After: func(tb testing.TB, res *http.Response, body string) {
				nothingKept(tb, res, body)
				res, body = apitest.Scenario{Method: http.MethodPost, URL: friendPage, Form: friendPost(nil)}.Do(s.Handler)
				if res.StatusCode != http.StatusSeeOther {
					tb.Errorf("another friend: %d %s", res.StatusCode, body)
				}
			},
		},
		{
			// A line break in a one-line field is no text a person typed: refused
			// on its field, nothing kept, no mail (the headers could not carry it
			// anyway: mail.Message is checked again when composed).
			Name: "send to a friend: CR/LF in the names refused, no mail", Method: http.MethodPost, URL: friendPage, Before: freshDay,
			Headers: inertia,
			Form: friendPost(url.Values{"firstName": {"Anne\r\nBcc: victim@example.com"}, "friendFirstName": {"Bob\r\nX-Evil: 1"},
				"friendLastName": {"Martin\nBcc: victim@example.com"}}),
			Status:   http.StatusUnprocessableEntity,
			Contains: append(errorKey("firstName", field.KeyControl), errorKey("friendFirstName", field.KeyControl)...),
			After: func(tb testing.TB, res *http.Response, body string) {
				nothingKept(tb, res, body)
				s.state(tb)
				for _, m := range s.SMTP.Messages()[before.mails:] {
					if slices.Contains(m.To, "victim@example.com") {
						tb.Errorf("mail sent to the injected address: %v", m.To)
					}
					head, _, _ := strings.Cut(string(m.Data), "\r\n\r\n")
					for _, line := range strings.Split(head, "\r\n") {
						if strings.HasPrefix(line, "Bcc:") || strings.HasPrefix(line, "X-Evil:") {
							tb.Errorf("injected header %q in\n%s", line, head)
						}
					}
				}
			},
		},
		{
			Name: "project request: bad fields", Method: http.MethodPost, URL: projectPage, Before: freshDay, Headers: inertia,
			Form:     contactPost(url.Values{"form": {"contact-construction"}, "email": {"anne@"}, "unit": {strings.Repeat("x", 500)}}),
			Status:   http.StatusUnprocessableEntity,
			Contains: append(errorKey("email", field.KeyEmail), errorKey("unit", field.KeyTooLong)...), After: nothingKept,
		},
		{
			Name: "the fourth post without a challenge in an hour", Method: http.MethodPost, URL: "/fr/contact/", Headers: inertia,
			Before: func(tb testing.TB) {
				freshDay(tb)
				for i := range 3 {
					res, body := apitest.Scenario{Method: http.MethodPost, URL: "/fr/contact/", Form: contactPost(nil)}.Do(s.Handler)
					if res.StatusCode != http.StatusSeeOther {
						tb.Fatalf("post %d: %d %s", i+1, res.StatusCode, body)
					}
				}
				s.Clock.Set(s.Clock.Now().Add(50 * time.Minute))
				before = s.state(tb)
			},
			Form: contactPost(nil), Status: http.StatusUnprocessableEntity,
			Contains: errorKey("form", field.KeyTooManyHour), After: nothingKept,
		},
		{
			Name: "CR/LF in the names refused, no mail", Method: http.MethodPost, URL: "/fr/contact/", Before: freshDay, Headers: inertia,
			Form:     contactPost(url.Values{"firstName": {"Anne\r\nBcc: victim@example.com"}, "lastName": {"Lambert\nX-Evil: 1"}}),
			Status:   http.StatusUnprocessableEntity,
			Contains: append(errorKey("firstName", field.KeyControl), errorKey("lastName", field.KeyControl)...),
			After: func(tb testing.TB, res *http.Response, body string) {
				nothingKept(tb, res, body)
				for _, m := range s.SMTP.Messages()[before.mails:] {
					if slices.Contains(m.To, "victim@example.com") {
						tb.Errorf("mail sent to the injected address: %v", m.To)
					}
					head, _, _ := strings.Cut(string(m.Data), "\r\n\r\n")
					for _, line := range strings.Split(head, "\r\n") {
						if strings.HasPrefix(line, "Bcc:") || strings.HasPrefix(line, "X-Evil:") {
							tb.Errorf("injected header %q in\n%s", line, head)
						}
					}
				}
			},
		},
	})
}

// The hourly purge drops the expired challenges and the counters of past
// windows, and keeps the rest.
func TestPurgeSpam(t *testing.T) {
	s := newFormSite(t, "")
	ctx := t.Context()
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	for _, key := range []string{"expired", "live"} {
		expires := now.Add(-time.Minute)
		if key == "live" {
			expires = now.Add(time.Minute)
		}
		if _, err := s.Spam.Spend(ctx, key, expires); err != nil {
			t.Fatal(err)
		}
	}
	old, recent := now.Add(-72*time.Hour), now.Truncate(24*time.Hour)
	for _, w := range []time.Time{old, recent} {
		if _, err := s.Spam.Hit(ctx, "k", w); err != nil {
			t.Fatal(err)
		}
	}
	if err := antispam.Purge(ctx, s.Spam, s.Requests, now); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		kept bool
		try  func() (bool, error) // true when the row was there before
	}{
		{"expired challenge", false, func() (bool, error) {
			fresh, err := s.Spam.Spend(ctx, "expired", now.Add(time.Hour))
			return !fresh, err
		}},
		{"live challenge", true, func() (bool, error) { fresh, err := s.Spam.Spend(ctx, "live", now.Add(time.Hour)); return !fresh, err }},
		{"old counter", false, func() (bool, error) { n, err := s.Spam.Hit(ctx, "k", old); return n > 1, err }},
		{"today's counter", true, func() (bool, error) { n, err := s.Spam.Hit(ctx, "k", recent); return n > 1, err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kept, err := tc.try()
			if err != nil {
				t.Fatal(err)
			}
			if kept != tc.kept {
				t.Errorf("kept %v, want %v", kept, tc.kept)
			}
		})
	}
}

// The same form sent twice — two tabs, a second press without JavaScript,
// both at once — is stored and mailed once; each send gets the first's
// answer (the thank-you page). Another request of the same person is kept.
func TestSamePostTwice(t *testing.T) {
	for _, db := range databases {
		t.Run(db.Name, func(t *testing.T) {
			s := newFormSite(t, db.URL(t))
			before := s.state(t)
			post := contactPost(url.Values{"remark": {"Deux onglets, un seul envoi."}})
			var wg sync.WaitGroup
			codes := make([]int, 3)
			for i := range codes {
				wg.Go(func() {
					res, _ := s.postFrom("198.51.100."+strconv.Itoa(20+i), "/fr/contact/", post, true)
					codes[i] = res.StatusCode
				})
			}
			wg.Wait()
			for i, c := range codes {
				if c != http.StatusSeeOther {
					t.Errorf("send %d: %d, want 303 to the thank-you page", i+1, c)
				}
			}
			if res, _ := s.postFrom("198.51.100.30", "/fr/contact/", post, true); res.StatusCode != http.StatusSeeOther ||
				res.Header.Get("Location") != "/fr/merci/service-personnalise/#main" {
				t.Errorf("a later send: %d %s", res.StatusCode, res.Header.Get("Location"))
			}
			after := s.state(t)
			if after.requests != before.requests+1 {
				t.Errorf("requests %d → %d, want one stored", before.requests, after.requests)
			}
			time.Sleep(300 * time.Millisecond)
			if n := len(s.SMTP.Messages()) - before.mails; n != 2 {
				t.Errorf("%d mails, want 2 (the notice and the confirmation, once)", n)
			}
			res, _ := s.postFrom("198.51.100.31", "/fr/contact/", withValues(post, url.Values{"remark": {"Une autre question."}}), true)
			if res.StatusCode != http.StatusSeeOther || s.Count(t, "requests") != after.requests+1 {
				t.Errorf("another request of the same person: %d, %d requests", res.StatusCode, s.Count(t, "requests"))
			}
			// Each request kept is in the audit log once, received from a
			// visitor: the same post sent three times wrote one entry.
			log, err := s.Store.Audit().List(t.Context(), audit.Query{TargetKind: lead.AuditTarget, Limit: 10})
			if err != nil || len(log) != 2 {
				t.Fatalf("the audit log holds %+v, %v; want the two requests received", log, err)
			}
			for _, e := range log {
				if e.Actor != audit.Visitor || e.Action != lead.ActionReceived || e.After == "" || e.TargetID == 0 {
					t.Errorf("entry %+v, want a request received from a visitor", e)
				}
			}
		})
	}
}
