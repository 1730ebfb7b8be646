package app_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"immo/internal/app/apptest"
	"immo/internal/domain/lead"
	"immo/internal/domain/spam"
)

// An owner who forgot their password asks on the same form as a
// registrant (the owner login links it): a link to their password page,
// valid an hour, which ends their invitation's. Password links have their
// own budget per address: the forms' mails to it silence none of them.
func TestOwnerForgotPassword(t *testing.T) {
	s := apptest.New(t, apptest.Options{})
	ann := invite(t, s, "ann@example.be", "fr", annProperty1)
	s.Delivered(t, 0, 1) // the invitation
	expect(t, "the owner login links the forgotten password", (&client{h: s.Handler, ip: "192.0.2.1"}).do(t, "GET", "/fr/login/", nil),
		http.StatusOK, "", `"forgot":"/fr/account/forgot-password/"`)
	// The forms' budget of mails to the address (mailsPerAddress), spent.
	formsKey := "lead:mailto-day:" + s.IP.Hash("to:"+lead.AddressKey("ann@example.be"))
	for range 12 {
		if _, err := s.Spam.Hit(t.Context(), formsKey, s.Clock.Now().UTC().Truncate(24*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	c := &client{h: s.Handler, ip: "192.0.2.9"}
	before := len(s.SMTP.Messages())
	expect(t, "forgot", c.do(t, "POST", "/fr/account/forgot-password/", url.Values{"email": {"Ann@Example.be"}}),
		http.StatusSeeOther, "/fr/account/forgot-password/?sent")
	text := mailTo(t, s.Delivered(t, before, 1), "ann@example.be")
	link := ownerLink.FindString(text)
	if link == "" || strings.Contains(text, "/account/reset-password/") {
		t.Fatalf("the owner's reset mail:\n%s", text)
	}
	expect(t, "the invitation's link after a reset link", c.do(t, "GET", path(t, "http://x"+ann.Link), nil), http.StatusNotFound, "")
	expect(t, "new password", setPassword(t, c, link, "ann's new password"), http.StatusSeeOther, "/fr/owner/")
	expect(t, "login", (&client{h: s.Handler, ip: "192.0.2.10"}).do(t, "POST", "/fr/login/",
		url.Values{"email": {"ann@example.be"}, "password": {"ann's new password"}}), http.StatusSeeOther, "/fr/owner/")
	// A registered address and an unknown one cost the request the same
	// work: one job inserted, whose worker looks the address up later.
	db, _ := s.Store.QueueDB()
	count := func() (n int) {
		if err := db.QueryRow(`SELECT count(*) FROM river_job WHERE kind = 'password-links'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, email := range []string{"ann@example.be", "nobody@example.be"} {
		jobs := count()
		expect(t, "forgot "+email, (&client{h: s.Handler, ip: "192.0.2.60"}).do(t, "POST", "/fr/account/forgot-password/",
			url.Values{"email": {email}}), http.StatusSeeOther, "/fr/account/forgot-password/?sent")
		if n := count(); n != jobs+1 {
			t.Fatalf("%s: %d jobs inserted, want 1", email, n-jobs)
		}
	}
	// Past the address's own budget, answered the same, nothing mailed.
	for i := range spam.DefaultPolicy.ForgotPerAddress.Max - 2 {
		other := &client{h: s.Handler, ip: "198.51.100." + string(rune('1'+i))}
		other.do(t, "POST", "/fr/account/forgot-password/", url.Values{"email": {"ann@example.be"}})
	}
	// The links' jobs the post queues, synchronously with it (the mails the
	// earlier jobs' worker queues meanwhile are not the post's).
	jobs := count()
	expect(t, "over the budget", (&client{h: s.Handler, ip: "203.0.113.1"}).do(t, "POST", "/fr/account/forgot-password/",
		url.Values{"email": {"ann@example.be"}}), http.StatusSeeOther, "/fr/account/forgot-password/?sent")
	if n := count(); n != jobs {
		t.Fatalf("%d mails queued past the budget", n-jobs)
	}
}
