package app_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/demo"
	"immo/internal/app/apptest"
	"immo/internal/domain/account"
	"immo/internal/domain/agenda"
)

// The visits follow the agency as published, without a restart: a version
// without appointments takes the visit form off the property pages and the
// agenda out of the inbox; a version that brings them back, with other
// hours, offers the new hours' slots once the agenda's next read (every
// two seconds when serving; called here).
func TestVisitsFollowThePublishedSite(t *testing.T) {
	s := apptest.New(t, apptest.Options{Published: true})
	boss := newStaff(t, s, "boss@agency.test", account.Admin, "198.51.100.1")
	boss.inertia = true
	appointments := regexp.MustCompile(`(?s)"appointments": \{.*?\n  \},\n`)
	if !appointments.MatchString(string(demo.SiteJSON())) {
		t.Fatal("the demo's appointments are not where the test looks for them")
	}
	publish := func(json, note string) {
		t.Helper()
		if _, err := s.Agency.Publish(t.Context(), "site.json", []byte(json), "boss@agency.test", note); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Agenda.Board.Refresh(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	agendaOn := func() bool {
		t.Helper()
		rec := boss.do(t, http.MethodGet, "/admin/agenda/", nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("the inbox's agenda: %d", rec.Code)
		}
		_, props := inboxPage(t, rec)
		return props["enabled"] == true
	}
	publish(appointments.ReplaceAllString(string(demo.SiteJSON()), ""), "no visits")
	c := &staffClient{h: s.Handler, ip: "192.0.2.99", cookies: map[string]*http.Cookie{}, inertia: true}
	if _, props := inboxPage(t, c.do(t, http.MethodGet, agendaPage, nil)); props["visit"] != nil {
		t.Error("a visit form on a version without appointments")
	}
	if agendaOn() {
		t.Error("the inbox's agenda is on for a version without appointments")
	}
	early := strings.Replace(string(demo.SiteJSON()), `"hours": [{"from": "10:00", "to": "12:00"}, {"from": "14:00", "to": "18:00"}]`,
		`"hours": [{"from": "08:00", "to": "09:00"}]`, 1)
	if early == string(demo.SiteJSON()) {
		t.Fatal("the demo's hours are not where the test looks for them")
	}
	publish(early, "early visits")
	slots := publicSlots(t, s)
	if len(slots) == 0 {
		t.Fatal("no slot on the version that takes visits again")
	}
	for _, sl := range slots {
		at, err := time.Parse(time.RFC3339, sl)
		if err != nil || at.In(agenda.Brussels).Hour() != 8 {
			t.Errorf("slot %s is not between 8:00 and 9:00 in Brussels", sl)
		}
	}
	if !agendaOn() {
		t.Error("the inbox's agenda is off on a version with appointments")
	}
}
