package app_test

import (
	"net/http"
	"net/url"
	"testing"

	"immo/internal/app/apptest"
)

// An address holding a NUL or bytes that are no UTF-8, posted to any of
// the three logins, is a failed login on both databases — PostgreSQL
// refuses such text, and the lookup answered 500.
func TestLoginUnstorableAddress(t *testing.T) {
	for _, db := range apptest.Databases {
		t.Run(db.Name, func(t *testing.T) {
			s := apptest.New(t, apptest.Options{DatabaseURL: db.URL(t)})
			for _, email := range []string{"ann\x00@example.be", "ann\xff@example.be"} {
				for _, page := range []string{"/fr/login/", "/fr/account/login/", "/admin/login/"} {
					c := &staffClient{h: s.Handler, ip: "192.0.2.77"}
					rec := c.do(t, "POST", page, url.Values{"email": {email}, "password": {"some password or other"}})
					if rec.Code != http.StatusUnprocessableEntity {
						t.Errorf("%s %q: %d\n%.300s", page, email, rec.Code, rec.Body)
					}
				}
			}
		})
	}
}
