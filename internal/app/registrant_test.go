package app_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/altcha"
	"immo/internal/domain/field"
	immomail "immo/internal/domain/mail"
	"immo/internal/domain/registrant"
	"immo/internal/http/web"
)

// registration is a demand register's post without JavaScript (no proof).
func registration(email, password string, zones ...string) url.Values {
	v := url.Values{"title": {"ms"}, "firstName": {"Ann"}, "lastName": {"Peeters"}, "email": {email}, "phone": {"0471 23 45 67"},
		"purpose": {"buy"}, "types": {"1", "2"}, "zones": zones, "priceMax": {"400000"}, "bedroomsMin": {"2"},
		"contactTime": {"morning", "evening"}, "password": {password}, "passwordConfirm": {password}, altcha.HoneypotField: {""},
		"street": {"Rue des Tests 1"}, "zip": {"6700"}, "city": {"Arlon"}, "contactDevice": {"mobile"}, "remark": {"Near a school"}}
	return v
}

var confirmLink = regexp.MustCompile(`https?://[^\s"]+/account/confirm/\?token=[A-Za-z0-9_-]+`)
var resetLink = regexp.MustCompile(`https?://[^\s"]+/account/reset-password/\?token=[A-Za-z0-9_-]+`)

// mailTo is the first of msgs to address, as text.
func mailTo(t *testing.T, msgs []*mail.Message, address string) string {
	t.Helper()
	for _, m := range msgs {
		if strings.Contains(m.Header.Get("To"), address) {
			return mailText(t, m)
		}
	}
	t.Fatalf("no mail to %s", address)
	return ""
}

// refused checks a public form's refusal: 422, the key in the page.
func refused(t *testing.T, what string, rec *httptest.ResponseRecorder, key string) {
	t.Helper()
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), key) {
		t.Fatalf("%s: %d, want 422 with %q\n%.300s", what, rec.Code, key, rec.Body)
	}
}

func path(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.RequestURI()
}

// A visitor registers a demand on the register (the page cached, no
// cookie), gets the mail with the confirmation link; the same address
// again gets the same answer and a mail saying it has an account. The
// registrant logs in (not with the second post's password), confirms by
// the link, pauses, edits and deletes a search, changes their details and
// password (the other session ends), downloads their data, forgets their
// password (a single-use link valid one hour) and deletes their account.
func TestRegistrant(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			c := &client{h: s.Handler, ip: "192.0.2.1"}
			page := c.do(t, "GET", "/fr/recherche/", nil)
			if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), `"component":"DemandRegister"`) ||
				!strings.Contains(page.Body.String(), `"id":"arlon"`) || c.cookie != nil {
				t.Fatalf("the register: %d cookie %v\n%.400s", page.Code, c.cookie, page.Body)
			}
			if cc := page.Header().Get("Cache-Control"); strings.Contains(cc, "private") || strings.Contains(cc, "no-store") {
				t.Errorf("the register is not cached: %q", cc)
			}

			// Refusals: nothing stored.
			bad := registration("ann@example.be", "ann's secret words")
			refused(t, "no zone", c.do(t, "POST", "/fr/recherche/", bad), field.KeyZones)
			bad = registration("ann@example.be", "ann's secret words", "arlon")
			bad.Set("passwordConfirm", "other words here")
			refused(t, "passwords differ", c.do(t, "POST", "/fr/recherche/", bad), field.KeyPasswordMatch)
			bad = registration("ann@example.be", "ann's secret words", "atlantis")
			refused(t, "unknown zone", c.do(t, "POST", "/fr/recherche/", bad), field.KeyChoice)
			bad = registration("ann@example.be", "ann's secret words", "arlon")
			bad.Del("types")
			refused(t, "no type", c.do(t, "POST", "/fr/recherche/", bad), field.KeyTypes)
			// Every problem in one round: the range, the short password, the mismatch.
			bad = registration("ann@example.be", "abc", "arlon")
			bad.Set("passwordConfirm", "abd")
			bad.Set("priceMin", "900000")
			all := c.do(t, "POST", "/fr/recherche/", bad)
			for _, key := range []string{field.KeyRange, field.KeyPasswordShort, field.KeyPasswordMatch} {
				refused(t, "several problems", all, key)
			}
			if n := s.Count(t, "accounts"); n != 0 {
				t.Fatalf("%d accounts after refusals", n)
			}

			thanks := "/fr/merci/demand-register/#main"
			expect(t, "registered", c.do(t, "POST", "/fr/recherche/", registration("Ann@Example.be", "ann's secret words", "arlon", "luxembourg-ville")),
				http.StatusSeeOther, thanks)
			first := s.Delivered(t, 0, 2)
			text := mailTo(t, first, "Ann@Example.be")
			notice := mailTo(t, first, "info@") // a body is read once
			if strings.Contains(text, "ann's secret words") || strings.Contains(notice, "secret") {
				t.Fatal("a mail carries the password")
			}
			// SPEC §3's fields reach the agency: the address, how to reach them, the remark.
			if !strings.Contains(notice, "Rue des Tests 1") || !strings.Contains(notice, "GSM") ||
				!strings.Contains(notice, "Near a school") {
				t.Fatalf("the agency's notice lacks the address, the device or the remark:\n%s", notice)
			}
			link := confirmLink.FindString(text)
			if link == "" || strings.Contains(text, "forgot-password") {
				t.Fatalf("the first registration's mail:\n%s", text)
			}
			// The same address again, another password: the same answer.
			other := &client{h: s.Handler, ip: "192.0.2.2"}
			expect(t, "registered again", other.do(t, "POST", "/fr/recherche/", registration("ann@example.be", "someone else's words", "arlon")),
				http.StatusSeeOther, thanks)
			again := mailTo(t, s.Delivered(t, 2, 2), "ann@example.be")
			if confirmLink.FindString(again) == "" || !strings.Contains(again, "/fr/account/forgot-password/") {
				t.Fatalf("the second registration's mail:\n%s", again)
			}
			if n := s.Count(t, "accounts"); n != 1 {
				t.Fatalf("%d accounts", n)
			}
			if active, _ := s.Store.Demands().Active(t.Context()); len(active) != 0 {
				t.Fatalf("unconfirmed demands are active: %+v", active)
			}

			// The login: not with the second post's password.
			wrong := c.do(t, "POST", "/fr/account/login/", url.Values{"email": {"ann@example.be"}, "password": {"someone else's words"}})
			expect(t, "wrong password", wrong, http.StatusUnprocessableEntity, "", field.KeyLogin)
			// Nor with the first's, before the address is confirmed.
			early := c.do(t, "POST", "/fr/account/login/", url.Values{"email": {"ann@example.be"}, "password": {"ann's secret words"}})
			expect(t, "login before confirming", early, http.StatusUnprocessableEntity, "", web.KeyUnconfirmed)
			if c.cookie != nil {
				t.Fatal("a session before the address was confirmed")
			}
			expect(t, "area, anonymous", c.do(t, "GET", "/fr/account/", nil), http.StatusSeeOther, "/fr/account/login/")

			// The link confirms: a button first (a mail scanner confirms
			// nothing), and the account's password chosen there, by whoever
			// holds the mailbox.
			expect(t, "confirm page", c.do(t, "GET", path(t, link), nil), http.StatusOK, "", `"page":"confirm"`, "ann@example.be",
				`"choosePassword":true`)
			if active, _ := s.Store.Demands().Active(t.Context()); len(active) != 0 {
				t.Fatal("a GET confirmed")
			}
			token := strings.SplitN(link, "token=", 2)[1]
			expect(t, "confirmed with no password", c.do(t, "POST", "/fr/account/confirm/", url.Values{"token": {token}}),
				http.StatusUnprocessableEntity, "", `"choosePassword":true`, field.KeyRequired)
			if active, _ := s.Store.Demands().Active(t.Context()); len(active) != 0 || c.cookie != nil {
				t.Fatal("a refused confirmation confirmed")
			}
			expect(t, "confirmed", c.do(t, "POST", "/fr/account/confirm/", url.Values{"token": {token},
				"password": {"ann's secret words"}, "passwordConfirm": {"ann's secret words"}}), http.StatusSeeOther, "/fr/account/?done=confirmed")
			if c.cookie == nil {
				t.Fatal("no session after confirming")
			}
			expect(t, "link again", c.do(t, "GET", path(t, link), nil), http.StatusNotFound, "", `"state":"unknown"`)
			active, err := s.Store.Demands().Active(t.Context())
			if err != nil || len(active) != 1 || active[0].Price.Max != 400000 || len(active[0].Zips) < 2 {
				t.Fatalf("active after confirming: %+v %v", active, err)
			}
			id := active[0].ID
			area := c.do(t, "GET", "/fr/account/?done=confirmed", nil)
			expect(t, "area", area, http.StatusOK, "", `"page":"area"`, "registrant.notice.confirmed", `"confirmed":true`, `"confirmed":false`)

			// Pause, edit (refused, then kept), another's demand refused.
			post := func(values url.Values) string {
				rec := c.do(t, "POST", "/fr/account/", values)
				if rec.Code != http.StatusSeeOther {
					return rec.Body.String()
				}
				return rec.Header().Get("Location")
			}
			idS := func(n int64) string { return strconv.FormatInt(n, 10) }
			if got := post(url.Values{"action": {"pause"}, "demand": {idS(id)}}); got != "/fr/account/?done=saved" {
				t.Fatalf("pause: %s", got)
			}
			if active, _ := s.Store.Demands().Active(t.Context()); len(active) != 0 {
				t.Fatal("a paused demand is active")
			}
			post(url.Values{"action": {"resume"}, "demand": {idS(id)}})
			edit := url.Values{"action": {"edit"}, "demand": {idS(id)}, "purpose": {"rent"}, "types": {"1"}, "zones": {"arlon"},
				"priceMin": {"900"}, "priceMax": {"500"}}
			if got := post(edit); !strings.Contains(got, field.KeyRange) {
				t.Fatalf("a minimum above its maximum: %.300s", got)
			}
			edit.Set("priceMax", "1200")
			if got := post(edit); got != "/fr/account/?done=saved" {
				t.Fatalf("edit: %.300s", got)
			}
			active, _ = s.Store.Demands().Active(t.Context())
			if len(active) != 1 || active[0].Price.Max != 1200 || active[0].Goal != 1 {
				t.Fatalf("edited: %+v", active)
			}
			// Another search, added in the area: confirmed at once, no mail; refused past MaxDemands.
			mails := len(s.SMTP.Messages())
			add := url.Values{"action": {"add"}, "purpose": {"buy"}, "types": {"2"}, "zones": {"gaume"}}
			if got := post(url.Values{"action": {"add"}, "purpose": {"buy"}}); !strings.Contains(got, field.KeyTypes) || !strings.Contains(got, field.KeyZones) {
				t.Fatalf("an empty search added: %.300s", got)
			}
			if got := post(add); got != "/fr/account/?done=added" {
				t.Fatalf("add: %.300s", got)
			}
			if active, _ := s.Store.Demands().Active(t.Context()); len(active) != 2 {
				t.Fatalf("the added search is not active: %+v", active)
			}
			for n := 3; n <= registrant.MaxDemands; n++ { // the second registration's, unconfirmed, does not count
				if got := post(add); got != "/fr/account/?done=added" {
					t.Fatalf("add %d: %.300s", n, got)
				}
			}
			if got := post(add); !strings.Contains(got, `"form":"registrant.error.tooMany"`) {
				t.Fatalf("past MaxDemands: %.300s", got)
			}
			if n := s.Count(t, "demands"); n != registrant.MaxDemands+1 {
				t.Fatalf("%d demands, want %d confirmed and the pending one", n, registrant.MaxDemands)
			}
			time.Sleep(300 * time.Millisecond)
			if n := len(s.SMTP.Messages()); n != mails {
				t.Fatalf("adding a search mailed %d", n-mails)
			}
			if got := post(url.Values{"action": {"delete"}, "demand": {"999999"}}); !strings.Contains(got, `"form":"registrant.error.gone"`) {
				t.Fatalf("another's demand deleted: %.300s", got)
			}

			// The password changed: this session goes on, the other ends.
			second := &client{h: s.Handler, ip: "192.0.2.3"}
			expect(t, "second login", second.do(t, "POST", "/fr/account/login/", url.Values{"email": {"ann@example.be"}, "password": {"ann's secret words"}}),
				http.StatusSeeOther, "/fr/account/")
			s.Clock.Add(time.Second)
			if got := post(url.Values{"action": {"password"}, "current": {"not it at all"}, "password": {"ann's new words!"}, "passwordConfirm": {"ann's new words!"}}); !strings.Contains(got, registrant.KeyWrongPassword) {
				t.Fatalf("a wrong current password: %.300s", got)
			}
			if got := post(url.Values{"action": {"password"}, "current": {"ann's secret words"}, "password": {"ann's new words!"}, "passwordConfirm": {"ann's new words!"}}); got != "/fr/account/?done=password" {
				t.Fatalf("password: %.300s", got)
			}
			expect(t, "this session", c.do(t, "GET", "/fr/account/", nil), http.StatusOK, "", `"page":"area"`)
			expect(t, "the other session", second.do(t, "GET", "/fr/account/", nil), http.StatusSeeOther, "/fr/account/login/")

			// The data, as JSON: everything kept about her — what she typed
			// in each registration, her newsletter subscription.
			if err := s.Store.WithTx(t.Context(), func(ctx context.Context, tx immomail.Tx) error {
				_, err := s.Store.Newsletter().SubscribeIn(ctx, tx, "ann@example.be", "fr", s.Clock.Now())
				return err
			}); err != nil {
				t.Fatal(err)
			}
			x := c.do(t, "GET", "/fr/account/export/", nil)
			if x.Code != http.StatusOK || !strings.Contains(x.Body.String(), `"email": "ann@example.be"`) || !strings.Contains(x.Header().Get("Content-Disposition"), "attachment") {
				t.Fatalf("export: %d %s", x.Code, x.Body)
			}
			for _, want := range []string{`"phone": "0471 23 45 67"`, `"title": "ms"`, `"contactTime": "morning,evening"`,
				`"state": "pending"`, `"addressConfirmed": "`, `"registrations": [`} {
				if !strings.Contains(x.Body.String(), want) {
					t.Errorf("the export lacks %s:\n%s", want, x.Body)
				}
			}
			if strings.Contains(x.Body.String(), "secret words") || strings.Contains(x.Body.String(), "ipHash") {
				t.Errorf("the export holds a password or a hash:\n%s", x.Body)
			}

			// Forgotten: the same answer for anyone; a link valid one hour, once.
			before := len(s.SMTP.Messages())
			expect(t, "forgot, unknown", other.do(t, "POST", "/fr/account/forgot-password/", url.Values{"email": {"nobody@example.be"}}),
				http.StatusSeeOther, "/fr/account/forgot-password/?sent")
			expect(t, "forgot", other.do(t, "POST", "/fr/account/forgot-password/", url.Values{"email": {"ann@example.be"}}),
				http.StatusSeeOther, "/fr/account/forgot-password/?sent")
			older := resetLink.FindString(mailTo(t, s.Delivered(t, before, 1), "ann@example.be"))
			// A newer link ends the older one.
			before = len(s.SMTP.Messages())
			expect(t, "forgot again", other.do(t, "POST", "/fr/account/forgot-password/", url.Values{"email": {"ann@example.be"}}),
				http.StatusSeeOther, "/fr/account/forgot-password/?sent")
			reset := resetLink.FindString(mailTo(t, s.Delivered(t, before, 1), "ann@example.be"))
			if reset == "" || older == "" || reset == older {
				t.Fatalf("reset links %q then %q", older, reset)
			}
			expect(t, "the older link", other.do(t, "GET", path(t, older), nil), http.StatusNotFound, "", `"state":"unknown"`)
			expect(t, "reset page", other.do(t, "GET", path(t, reset), nil), http.StatusOK, "", `"page":"reset"`)
			rtoken := strings.SplitN(reset, "token=", 2)[1]
			s.Clock.Add(time.Second)
			expect(t, "reset", other.do(t, "POST", "/fr/account/reset-password/", url.Values{"token": {rtoken}, "password": {"ann's third words"}, "passwordConfirm": {"ann's third words"}}),
				http.StatusSeeOther, "/fr/account/?done=password")
			expect(t, "reset again", other.do(t, "GET", path(t, reset), nil), http.StatusNotFound, "", `"state":"unknown"`)
			expect(t, "old session after the reset", c.do(t, "GET", "/fr/account/", nil), http.StatusSeeOther, "/fr/account/login/")
			before = len(s.SMTP.Messages())
			other.do(t, "POST", "/fr/account/forgot-password/", url.Values{"email": {"ann@example.be"}})
			late := resetLink.FindString(mailTo(t, s.Delivered(t, before, 1), "ann@example.be"))
			// A password changed in the area ends every link mailed before.
			expect(t, "password changed", other.do(t, "POST", "/fr/account/", url.Values{"action": {"password"},
				"current": {"ann's third words"}, "password": {"ann's fourth words"}, "passwordConfirm": {"ann's fourth words"}}),
				http.StatusSeeOther, "/fr/account/?done=password")
			expect(t, "a link after the password changed", other.do(t, "GET", path(t, late), nil), http.StatusNotFound, "", `"state":"unknown"`)
			s.Clock.Add(registrant.ResetValidity + time.Minute)
			expect(t, "expired link", other.do(t, "GET", path(t, late), nil), http.StatusNotFound, "", `"state":"unknown"`)

			// Deleted: everything about them.
			expect(t, "delete account", other.do(t, "POST", "/fr/account/", url.Values{"action": {"delete-account"}}), http.StatusSeeOther, "/fr/account/login/?done=account-deleted")
			expect(t, "deleted, said", other.do(t, "GET", "/fr/account/login/?done=account-deleted", nil), http.StatusOK, "", "registrant.notice.accountDeleted")
			if n := s.Count(t, "accounts") + s.Count(t, "demands"); n != 0 {
				t.Fatalf("%d rows left", n)
			}
			if n := s.Count(t, "requests WHERE kind = 'demand-register'"); n != 0 {
				t.Fatalf("%d registrations of the deleted account left", n)
			}
			if n := s.Count(t, "newsletter_subscribers"); n != 0 {
				t.Fatalf("the newsletter's row of the deleted account is left")
			}
			queued, err := s.Queue.List(t.Context(), 1000)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range queued {
				for _, to := range m.To {
					if strings.Contains(strings.ToLower(to), "ann@example.be") {
						t.Fatalf("a mail to the deleted account is kept: %+v", m)
					}
				}
			}
			expect(t, "login after deletion", c.do(t, "POST", "/fr/account/login/", url.Values{"email": {"ann@example.be"}, "password": {"ann's fourth words"}}),
				http.StatusUnprocessableEntity, "", field.KeyLogin)
		})
	}
}

// A registrant's login locks after account.LoginPerAccountAddress failures
// from one address, for that address only: the registrant logs in from
// another, and the lock ends with its window. Good logins count for
// nothing.
func TestRegistrantLoginLockout(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			hash, err := account.HashPassword("cid's real password")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Store.Accounts().Create(t.Context(), account.Account{Role: account.Registrant, Email: "cid@example.be",
				FirstName: "Cid", LastName: "Martin", Lang: "nl", PasswordHash: hash, Created: s.Clock.Now(),
				Confirmed: s.Clock.Now()}); err != nil {
				t.Fatal(err)
			}
			login := func(c *client, password string) *httptest.ResponseRecorder {
				return c.do(t, "POST", "/nl/account/login/", url.Values{"email": {"cid@example.be"}, "password": {password}})
			}
			// Good logins count for nothing: more of them than any brake allows.
			for range account.LoginPerAddress + 1 {
				expect(t, "a good login", login(&client{h: s.Handler, ip: "192.0.2.10"}, "cid's real password"), http.StatusSeeOther, "/nl/account/")
			}
			stranger := &client{h: s.Handler, ip: "198.51.100.7"}
			for range account.LoginPerAccountAddress {
				expect(t, "a guess", login(stranger, "a wrong guess"), http.StatusUnprocessableEntity, "", field.KeyLogin)
			}
			expect(t, "locked", login(stranger, "cid's real password"), http.StatusUnprocessableEntity, "", "registrant.error.locked")
			if stranger.cookie != nil {
				t.Fatal("a locked login set a cookie")
			}
			expect(t, "cid from his own address", login(&client{h: s.Handler, ip: "192.0.2.10"}, "cid's real password"), http.StatusSeeOther, "/nl/account/")
			s.Clock.Add(account.LoginWindow)
			expect(t, "the window over", login(stranger, "cid's real password"), http.StatusSeeOther, "/nl/account/")
		})
	}
}

// The footer's newsletter sign-up posted on an account, owner or
// newsletter page goes on to the home page (307: the same post), never to
// the page's own forms: it logs nobody out, counts no login, mails no reset
// link, stops no alert, asks for no unsubscribe link.
func TestFooterSignUpOnAccountPages(t *testing.T) {
	s := apptest.New(t, apptest.Options{})
	c := &client{h: s.Handler, ip: "192.0.2.20"}
	for _, p := range []string{"/nl/account/", "/nl/account/login/", "/nl/account/forgot-password/", "/nl/owner/", "/nl/login/",
		"/nl/password/?token=x", "/nl/unsubscribe/", "/nl/unsubscribe/?token=x", "/nl/newsletter/confirm/?token=x"} {
		rec := c.do(t, "POST", p, url.Values{"form": {"sign-newsletter"}, "email": {"x@example.be"}, altcha.HoneypotField: {""}})
		if rec.Code != http.StatusTemporaryRedirect || rec.Header().Get("Location") != "/nl/" || rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%s: %d %q %q, want 307 to /nl/, no-store", p, rec.Code, rec.Header().Get("Location"), rec.Header().Get("Cache-Control"))
		}
		// The router posts JSON: the same.
		r := httptest.NewRequest("POST", p, strings.NewReader(`{"form":"sign-newsletter","email":"x@example.be"}`))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("X-Inertia", "true")
		r.RemoteAddr = "192.0.2.20:4321"
		js := httptest.NewRecorder()
		s.Handler.ServeHTTP(js, r)
		if js.Code != http.StatusTemporaryRedirect || js.Header().Get("Location") != "/nl/" {
			t.Errorf("%s with JavaScript: %d %q, want 307 to /nl/", p, js.Code, js.Header().Get("Location"))
		}
	}
	// Their own posts still reach them: the unsubscribe form asks for a link.
	expect(t, "unsubscribe form", c.do(t, "POST", "/nl/unsubscribe/", url.Values{"form": {"unsubscribe"}, "email": {"x@example.be"}}),
		http.StatusSeeOther, "/nl/unsubscribe/?sent")
	rec := c.do(t, "POST", "/nl/", url.Values{"form": {"sign-newsletter"}, "email": {"x@example.be"}, altcha.HoneypotField: {""}})
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/nl/feedback/sign-newsletter/") {
		t.Errorf("the home page's sign-up: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	if n := len(s.SMTP.Messages()) + s.Count(t, "account_tokens"); n > 1 {
		t.Errorf("%d mails or links", n)
	}
}

// A stranger registers someone else's address with a password of their
// own: no login with it before the address is confirmed, and the mailbox's
// holder, confirming, chooses the password — the stranger's opens nothing,
// before or after.
func TestRegistrantStrangerHoldsNothing(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			stranger := &client{h: s.Handler, ip: "198.51.100.9"}
			expect(t, "registered", stranger.do(t, "POST", "/en/demand-register/",
				registration("vic@example.be", "the stranger's words", "arlon")), http.StatusSeeOther, "/en/feedback/demand-register/#main")
			login := func(c *client, password string) *httptest.ResponseRecorder {
				return c.do(t, "POST", "/en/account/login/", url.Values{"email": {"vic@example.be"}, "password": {password}})
			}
			expect(t, "the stranger's login", login(stranger, "the stranger's words"), http.StatusUnprocessableEntity, "", web.KeyUnconfirmed)
			if stranger.cookie != nil {
				t.Fatal("the stranger got a session")
			}
			link := confirmLink.FindString(mailTo(t, s.Delivered(t, 0, 2), "vic@example.be"))
			token := strings.SplitN(link, "token=", 2)[1]
			vic := &client{h: s.Handler, ip: "192.0.2.44"}
			expect(t, "confirmed", vic.do(t, "POST", "/en/account/confirm/", url.Values{"token": {token},
				"password": {"vic's very own words"}, "passwordConfirm": {"vic's very own words"}}), http.StatusSeeOther, "/en/account/?done=confirmed")
			expect(t, "the stranger's login after", login(stranger, "the stranger's words"), http.StatusUnprocessableEntity, "", field.KeyLogin)
			expect(t, "vic's login", login(&client{h: s.Handler, ip: "192.0.2.45"}, "vic's very own words"), http.StatusSeeOther, "/en/account/")
			if active, _ := s.Store.Demands().Active(t.Context()); len(active) != 1 {
				t.Fatalf("active: %+v", active)
			}
		})
	}
}
