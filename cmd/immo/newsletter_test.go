package main

import (
	"net/http"
	"net/mail"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/smtptest"
	"immo/internal/domain/altcha"
	"immo/internal/domain/field"
	"immo/internal/domain/linktoken"
	"immo/internal/domain/newsletter"
	"immo/internal/tool/apitest"
)

var (
	confirmIn     = regexp.MustCompile(`/newsletter/confirm/\?token=([A-Za-z0-9_-]{43})`)
	unsubscribeIn = regexp.MustCompile(`/unsubscribe/\?token=([A-Za-z0-9_-]{43})`)
)

// The newsletter's double opt-in end to end, on both databases: the
// footer's sign-up mails a confirmation link (with the unsubscribe link and
// List-Unsubscribe), the link confirms once, an unknown or used one says
// so; the unsubscribe link shows a button and its POST unsubscribes; the
// unsubscribe form mails a link only to a subscriber and answers alike;
// signing one address up again and again sends no flood; the information
// request's opt-in starts the same double opt-in.
func TestNewsletter(t *testing.T) {
	for _, db := range databases {
		t.Run(db.Name, func(t *testing.T) { testNewsletter(t, newFormSite(t, db.URL(t))) })
	}
}

func testNewsletter(t *testing.T, s *formSite) {
	subscribers := s.Store.Newsletter()
	mails := 0
	day := 0
	freshDay := func(tb testing.TB) {
		day++
		s.Clock.Set(time.Date(2026, 7, 1+2*day, 10, 0, 0, 0, time.UTC))
		mails = len(s.SMTP.Messages())
	}
	// newMails waits for n more mails and returns them, decoded.
	newMails := func(tb testing.TB, n int) []string {
		tb.Helper()
		all := s.SMTP.Wait(tb, mails+n, smtptest.Patience)
		time.Sleep(300 * time.Millisecond) // no more than n
		if got := len(s.SMTP.Messages()); got != mails+n {
			tb.Fatalf("%d new mails, want %d", got-mails, n)
		}
		var out []string
		for _, m := range all[mails:] {
			out = append(out, quotedPrintable(m.Data))
		}
		mails += n
		return out
	}
	noMail := func(tb testing.TB, _ *http.Response, _ string) {
		tb.Helper()
		time.Sleep(1500 * time.Millisecond)
		if got := len(s.SMTP.Messages()); got != mails {
			tb.Errorf("%d mails sent, want none", got-mails)
		}
	}
	state := func(tb testing.TB, email string, want newsletter.State) {
		tb.Helper()
		sub, ok, err := subscribers.Subscriber(tb.Context(), email)
		if err != nil || !ok || sub.State != want {
			tb.Errorf("subscriber %s: %+v %v %v, want %s", email, sub, ok, err, want)
		}
	}
	var confirm, unsubscribe string
	signUp := func(email string) url.Values {
		return url.Values{"form": {"sign-newsletter"}, "email": {email}, altcha.HoneypotField: {""}}
	}
	inertia := map[string]string{"X-Inertia": "true", "X-Inertia-Version": "v1"}
	thanks := map[string]string{"Location": "/fr/merci/newsletter/#main"}

	s.Run(t, []apitest.Scenario{
		{
			Name: "a bad address", Method: http.MethodPost, URL: "/fr/a-vendre/", Before: freshDay, Headers: inertia,
			Form: signUp("anne@"), Status: http.StatusUnprocessableEntity,
			Contains: []string{`"email":"` + field.KeyEmail + `"`, `"name":"sign-newsletter"`, `"anne@"`}, After: noMail,
		},
		{
			Name: "no address", Method: http.MethodPost, URL: "/fr/a-vendre/", Before: freshDay, Headers: inertia,
			Form: signUp(" "), Status: http.StatusUnprocessableEntity,
			Contains: []string{`"email":"` + field.KeyRequired + `"`}, After: noMail,
		},
		{
			Name: "sign-up from the footer of a list page, without JavaScript", Method: http.MethodPost, URL: "/fr/a-vendre/",
			Before: freshDay, Form: signUp(" Anne@Example.be "), Status: http.StatusSeeOther, Header: thanks,
			After: func(tb testing.TB, _ *http.Response, _ string) {
				state(tb, "anne@example.be", newsletter.Pending)
				raw := s.SMTP.Wait(tb, mails+1, smtptest.Patience)[mails]
				msg, err := mail.ReadMessage(strings.NewReader(string(raw.Data)))
				if err != nil {
					tb.Fatal(err)
				}
				body := newMails(tb, 1)[0]
				c, u := confirmIn.FindStringSubmatch(body), unsubscribeIn.FindStringSubmatch(body)
				if !strings.Contains(body, "https://immo.example/fr/newsletter/confirm/?token=") || c == nil || u == nil {
					tb.Fatalf("no confirmation or unsubscribe link in\n%s", body)
				}
				confirm, unsubscribe = c[1], u[1]
				want := "<https://immo.example/fr/unsubscribe/?token=" + unsubscribe + ">"
				if got := msg.Header.Get("List-Unsubscribe"); unsubscribe == "" || got != want {
					tb.Errorf("List-Unsubscribe %q, want %q", got, want)
				}
				if got := msg.Header.Get("List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
					tb.Errorf("List-Unsubscribe-Post %q", got)
				}
				if got := msg.Header.Get("Content-Language"); got != "fr" || len(raw.To) != 1 || raw.To[0] != "anne@example.be" {
					tb.Errorf("opt-in to %v in %q", raw.To, got)
				}
			},
		},
		{
			Name: "an unknown confirmation link", URL: "/fr/newsletter/confirm/?token=" + strings.Repeat("x", 43),
			Status: http.StatusNotFound, Contains: []string{`"step":"unknown"`}, Header: map[string]string{"Cache-Control": "no-store"},
		},
		// Every answer of a page whose address holds a token is kept by no
		// cache and sent on as no referrer: its refusals too.
		{
			Name: "an older client on a link with a token", URL: "/fr/unsubscribe/?token=abc",
			Headers: map[string]string{"X-Inertia": "true", "X-Inertia-Version": "old"}, Status: http.StatusConflict,
			Header: map[string]string{"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Inertia-Location": "/fr/unsubscribe/?token=abc"},
		},
		{
			Name: "a link with a query too long", URL: "/fr/newsletter/confirm/?token=" + strings.Repeat("x", 2100),
			Status: http.StatusRequestURITooLong, Header: map[string]string{"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
		},
		{
			Name: "a method the link does not take", Method: http.MethodPut, URL: "/fr/unsubscribe/?token=abc",
			Status: http.StatusMethodNotAllowed, Header: map[string]string{"Cache-Control": "no-store"},
		},
	})
	s.Run(t, []apitest.Scenario{
		{
			Name: "a link checker's HEAD confirms nothing", Method: http.MethodHead, URL: "/fr/newsletter/confirm/?token=" + confirm,
			Status: http.StatusOK,
			After:  func(tb testing.TB, _ *http.Response, _ string) { state(tb, "anne@example.be", newsletter.Pending) },
		},
		{
			Name: "the confirmation link confirms", URL: "/fr/newsletter/confirm/?token=" + confirm, Status: http.StatusOK,
			Contains: []string{`"component":"Newsletter"`, `"step":"confirmed"`, `name="robots" content="noindex"`},
			After:    func(tb testing.TB, _ *http.Response, _ string) { state(tb, "anne@example.be", newsletter.Confirmed) },
		},
		{
			Name: "used twice, it says so", URL: "/fr/newsletter/confirm/?token=" + confirm, Headers: inertia,
			Status: http.StatusNotFound, Contains: []string{`"step":"unknown"`},
		},
		{
			// The page says the same as to a new address (it tells nobody who
			// subscribes), and the mailbox it points to holds the truth.
			Name: "a confirmed address signing up again: thanked, told by mail it is subscribed already", Method: http.MethodPost,
			URL: "/fr/", Before: freshDay, Form: signUp("anne@example.be"), Status: http.StatusSeeOther, Header: thanks,
			After: func(tb testing.TB, _ *http.Response, _ string) {
				got := newMails(tb, 1)[0]
				if !strings.Contains(got, "déjà abonnée") || strings.Contains(got, "/newsletter/confirm/") || !strings.Contains(got, "/fr/unsubscribe/?token=") {
					tb.Errorf("the mail to a confirmed subscriber:\n%s", got)
				}
				state(tb, "anne@example.be", newsletter.Confirmed)
			},
		},
		{
			// The very same post again at once: whoever signs up again asks for
			// the mail again, which is sent (the address's brakes bound it) —
			// "check your mailbox" with nothing sent was a lie.
			Name: "signing up again: once more", Method: http.MethodPost, URL: "/fr/", Form: signUp("anne@example.be"),
			Status: http.StatusSeeOther, Header: thanks, After: func(tb testing.TB, _ *http.Response, _ string) { newMails(tb, 1) },
		},
		{
			Name: "and a third time", Method: http.MethodPost, URL: "/fr/contact/", Form: signUp("anne@example.be"),
			Status: http.StatusSeeOther, Header: thanks, After: func(tb testing.TB, _ *http.Response, _ string) { newMails(tb, 1) },
		},
		{
			// An hour later (past the sender's hourly limit), the same inbox
			// spelled otherwise: the address's limit of the day.
			Name: "then braked: no flood to one address", Method: http.MethodPost, URL: "/fr/", Headers: inertia,
			Before: func(testing.TB) { s.Clock.Set(s.Clock.Now().Add(time.Hour)) },
			Form:   signUp("ANNE+again@example.be"), Status: http.StatusUnprocessableEntity,
			Contains: []string{`"email":"` + field.KeyReceiverDay + `"`},
		},
		{
			Name: "the unsubscribe link shows a button, and changes nothing", URL: "/fr/unsubscribe/?token=" + unsubscribe,
			Status: http.StatusOK, Contains: []string{`"step":"confirm"`, `"token":"` + unsubscribe + `"`},
			After: func(tb testing.TB, _ *http.Response, _ string) { state(tb, "anne@example.be", newsletter.Confirmed) },
		},
		{
			Name: "the button unsubscribes", Method: http.MethodPost, URL: "/fr/unsubscribe/",
			Form: url.Values{"token": {unsubscribe}}, Status: http.StatusOK, Contains: []string{`"step":"unsubscribed"`},
			After: func(tb testing.TB, _ *http.Response, _ string) { state(tb, "anne@example.be", newsletter.Unsubscribed) },
		},
		{
			Name: "a mail client's one-click POST with a used token", Method: http.MethodPost, URL: "/fr/unsubscribe/?token=" + unsubscribe,
			Form: url.Values{"List-Unsubscribe": {"One-Click"}}, Status: http.StatusNotFound, Contains: []string{`"step":"unknown"`},
		},
		{
			Name: "the unsubscribe page asks for an address", URL: "/en/unsubscribe/", Status: http.StatusOK,
			Contains: []string{`"step":"ask"`, "Unsubscribe from the newsletter"},
		},
		{
			Name: "an address that does not subscribe: the same answer, no mail", Method: http.MethodPost, URL: "/en/unsubscribe/",
			Before: freshDay, Form: url.Values{"email": {"nobody@example.be"}}, Status: http.StatusSeeOther,
			Header: map[string]string{"Location": "/en/unsubscribe/?sent"}, After: noMail,
		},
		{
			Name: "a bad address", Method: http.MethodPost, URL: "/en/unsubscribe/", Form: url.Values{"email": {"nobody@"}},
			Status: http.StatusUnprocessableEntity, Contains: []string{`"email":"` + field.KeyEmail + `"`, "nobody@"},
		},
	})

	// A second subscriber, confirmed, asks for the link by the form.
	var bobLink string
	s.Run(t, []apitest.Scenario{
		{
			Name: "an information request with the newsletter box: its mails and the opt-in", Method: http.MethodPost,
			URL: "/nl/te-koop/arlon/villa-huis-hoeve/4100002/", Before: freshDay,
			Form:   contactPost(url.Values{"form": {"contact-me"}, "email": {"bob@example.be"}, "newsletter": {"yes"}}),
			Status: http.StatusSeeOther, Header: map[string]string{"Location": "/nl/feedback/contact-me/#main"},
			After: func(tb testing.TB, _ *http.Response, _ string) {
				optIns := 0
				for _, body := range newMails(tb, 3) {
					if m := confirmIn.FindStringSubmatch(body); m != nil && strings.Contains(body, "/nl/newsletter/confirm/") {
						optIns++
						if _, err := subscribers.Use(tb.Context(), newsletter.PurposeConfirm, linktoken.Hash(m[1]), newsletter.Confirmed, time.Now()); err != nil {
							tb.Error(err)
						}
					}
				}
				if optIns != 1 {
					tb.Errorf("%d opt-in mails, want 1", optIns)
				}
				state(tb, "bob@example.be", newsletter.Confirmed)
			},
		},
		{
			Name: "the unsubscribe form mails a subscriber the link", Method: http.MethodPost, URL: "/en/unsubscribe/",
			Form: url.Values{"email": {"Bob@example.be"}}, Status: http.StatusSeeOther,
			Header: map[string]string{"Location": "/en/unsubscribe/?sent"},
			After: func(tb testing.TB, _ *http.Response, _ string) {
				body := newMails(tb, 1)[0]
				m := unsubscribeIn.FindStringSubmatch(body)
				if m == nil || !strings.Contains(body, "https://immo.example/nl/unsubscribe/?token=") {
					tb.Fatalf("no unsubscribe link in\n%s", body)
				}
				bobLink = m[1]
			},
		},
	})
	s.Run(t, []apitest.Scenario{{
		Name: "its link unsubscribes", Method: http.MethodPost, URL: "/nl/unsubscribe/?token=" + bobLink,
		Form: url.Values{"List-Unsubscribe": {"One-Click"}}, Status: http.StatusOK, Contains: []string{`"step":"unsubscribed"`},
		After: func(tb testing.TB, _ *http.Response, _ string) { state(tb, "bob@example.be", newsletter.Unsubscribed) },
	}})
}
