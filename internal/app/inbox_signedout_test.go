package app_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"immo/internal/app/apptest"
	"immo/internal/domain/account"
)

// TestInboxFileSignedOut: a file of the inbox (a CSV, an upload, the
// stream) opened by a browser without a staff session is refused (403)
// with the inbox's page in the browser's language saying to log in, its
// login leading back to the file's page; a script's request (a fetch, the
// event stream) gets the bare 403.
func TestInboxFileSignedOut(t *testing.T) {
	s := apptest.New(t, apptest.Options{Visits: true})
	anon := &staffClient{h: s.Handler, ip: "203.0.113.9", cookies: map[string]*http.Cookie{}}
	for file, page := range map[string]string{
		"/admin/leads.csv?status=done&kind=visit": "/admin/leads/?status=done&kind=visit",
		"/admin/demands.csv":                      "/admin/demands/",
		"/admin/agenda.csv?week=2026-11-30":       "/admin/agenda/?week=2026-11-30",
		"/admin/newsletter.csv":                   "/admin/newsletter/",
		"/admin/audit.csv":                        "/admin/audit/",
		"/admin/leads/7/files/cv":                 "/admin/leads/7/",
		"/admin/events":                           "/admin/leads/",
	} {
		for _, nav := range [][]string{
			{"Sec-Fetch-Mode", "navigate", "Sec-Fetch-Dest", "document", "Accept-Language", "fr-BE,fr;q=0.9"},
			{"Accept", "text/html,application/xhtml+xml,*/*;q=0.8", "Accept-Language", "fr"}, // no Sec-Fetch-*
		} {
			rec := anon.do(t, "GET", file, nil, nav...)
			view, props := inboxPage(t, rec)
			texts, _ := props["texts"].(map[string]any)
			if rec.Code != http.StatusForbidden || view != "AdminError" || props["login"] != loginFor(page) ||
				texts["admin.error.signedOut"] != "Vous n’êtes pas connecté" || !strings.Contains(rec.Body.String(), `<html lang="fr">`) {
				t.Errorf("a browser opening %s: %d %s login %v, want 403 and the login to %s", file, rec.Code, view, props["login"], page)
			}
		}
		for _, script := range [][]string{{"Sec-Fetch-Mode", "cors", "Accept", "*/*"}, {"Accept", "text/event-stream"}} {
			if rec := anon.do(t, "GET", file, nil, script...); rec.Code != http.StatusForbidden || strings.Contains(rec.Body.String(), "AdminError") {
				t.Errorf("a script asking %s: %d %.80s, want a bare 403", file, rec.Code, rec.Body.String())
			}
		}
	}
	// The login it leads to lands on the file's page.
	if rec := anon.do(t, "GET", loginFor("/admin/leads/?status=done"), nil); rec.Code != http.StatusOK {
		t.Errorf("the login: %d", rec.Code)
	} else if _, props := inboxPage(t, rec); props["action"] != "/admin/login/?next="+url.QueryEscape("/admin/leads/?status=done") {
		t.Errorf("the login posts to %v", props["action"])
	}
}

// TestInboxNotFound: an address of the inbox that names nothing is the
// inbox's 404 page, which leads on — to the login when nobody is logged
// in, to the leads (the menu's first section) for staff.
func TestInboxNotFound(t *testing.T) {
	s := apptest.New(t, apptest.Options{})
	anon := &staffClient{h: s.Handler, ip: "203.0.113.9", cookies: map[string]*http.Cookie{}}
	rec := anon.do(t, "GET", "/admin/nothing-here/", nil, "Accept-Language", "nl")
	view, props := inboxPage(t, rec)
	if rec.Code != http.StatusNotFound || view != "AdminError" || props["login"] != "/admin/login/" || props["signedOut"] != nil || props["nav"] != nil {
		t.Errorf("nobody on an unknown page: %d %s login %v signedOut %v nav %v, want 404 and the login", rec.Code, view, props["login"], props["signedOut"], props["nav"])
	}
	staff := newStaff(t, s, "agent@agency.test", account.Agent, "198.51.100.2")
	rec = staff.do(t, "GET", "/admin/nothing-here/", nil)
	view, props = inboxPage(t, rec)
	nav, _ := props["nav"].([]any)
	if rec.Code != http.StatusNotFound || view != "AdminError" || props["login"] != nil || len(nav) == 0 || nav[0].(map[string]any)["href"] != "/admin/leads/" {
		t.Errorf("staff on an unknown page: %d %s login %v nav %v, want 404 and the leads", rec.Code, view, props["login"], nav)
	}
}
