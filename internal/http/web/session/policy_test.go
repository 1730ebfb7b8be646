package session_test

import (
	"testing"
	"time"

	siteconfig "immo/internal/domain/site"
	"immo/internal/http/web/session"
)

// The cookie policy (site.ConsentServices) names the session cookie and its
// lifetime without importing this package: they must be this package's.
func TestCookiePolicyNamesTheSessionCookie(t *testing.T) {
	if siteconfig.SessionCookie != session.CookieName {
		t.Errorf("siteconfig.SessionCookie = %q, session.CookieName = %q", siteconfig.SessionCookie, session.CookieName)
	}
	if d := time.Duration(siteconfig.SessionDays) * 24 * time.Hour; d != session.Lifetime {
		t.Errorf("siteconfig.SessionDays = %d (%v), session.Lifetime = %v", siteconfig.SessionDays, d, session.Lifetime)
	}
}
