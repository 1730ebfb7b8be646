package notify

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"immo/internal/domain/agenda"
	"immo/internal/domain/lead"
)

// A booked visit's confirmation: the slot in the visitor's language, the
// cancel link, and a .ics event golang-ical reads back.
func TestVisitConfirmation(t *testing.T) {
	c := composer(t)
	for _, tc := range []struct{ lang, booked string }{
		{"nl", "Uw bezoek is geboekt op woensdag 25/11/2026 om 14:00."},
		{"fr", "Votre visite est réservée le mercredi 25/11/2026 à 14:00."},
		{"en", "Your visit is booked for Wednesday 25/11/2026 at 14:00."},
		{"de", "Ihre Besichtigung ist gebucht: Mittwoch, 25.11.2026 um 14:00."},
	} {
		r := request(lead.KindVisit, tc.lang)
		m := byRecipient(t, compose(t, c, r, Extra{}), r.Person.Email)
		link := "https://www.immo-arlon.be/" + tc.lang + "/cancel-visit/?token=cancel-token"
		if !strings.Contains(m.Text, tc.booked) || !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, link) {
			t.Errorf("%s:\n%s", tc.lang, m.Text)
		}
		if len(m.Attachments) != 1 || m.Attachments[0].Name != "visit.ics" || !strings.HasPrefix(m.Attachments[0].ContentType, "text/calendar") {
			t.Fatalf("%s: attachments %+v", tc.lang, m.Attachments)
		}
		cal, err := ics.ParseCalendar(bytes.NewReader(m.Attachments[0].Data))
		if err != nil {
			t.Fatal(err)
		}
		ev := cal.Events()[0]
		start, _ := ev.GetStartAt()
		end, _ := ev.GetEndAt()
		if !start.Equal(time.Date(2026, 11, 25, 13, 0, 0, 0, time.UTC)) || end.Sub(start) != 30*time.Minute {
			t.Errorf("%s: %v–%v", tc.lang, start, end)
		}
		if uid := ev.Id(); uid != "visit-42@www.immo-arlon.be" {
			t.Errorf("UID %q", uid)
		}
		if u := ev.GetProperty(ics.ComponentPropertyUrl); u == nil || u.Value != "https://www.immo-arlon.be/nl/te-koop/arlon/villa/1234/" {
			t.Errorf("URL %+v", u)
		}
		if notice := byRecipient(t, compose(t, c, r, Extra{}), agencyEmail); len(notice.Attachments) != 0 {
			t.Error("the agency's notice carries the .ics")
		}
	}
	// The property's street when published: where to go is what a visitor
	// needs; the French text writes a space before its colons and the site's
	// tel: link.
	listings[propertyID] = Listing{Title: "Villa met tuin", City: "Arlon", Address: "Rue de Diekirch 12, 6700 Arlon",
		Picture: "/pictures/demo/house-01.jpg", URL: "/nl/te-koop/arlon/villa/1234/"}
	defer func() {
		listings[propertyID] = Listing{Title: "Villa met tuin", City: "Arlon", Picture: "/pictures/demo/house-01.jpg", URL: "/nl/te-koop/arlon/villa/1234/"}
	}()
	fr := request(lead.KindVisit, "fr")
	m := byRecipient(t, compose(t, composer(t), fr, Extra{}), fr.Person.Email)
	if !strings.Contains(m.Text, "Rue de Diekirch 12, 6700 Arlon") || !strings.Contains(m.HTML, "Rue de Diekirch 12, 6700 Arlon") ||
		!strings.Contains(m.Text, "Téléphone\u202f: ") || strings.Contains(m.Text, "Téléphone:") || !strings.Contains(m.HTML, "tel:&#43;3263224455") {
		t.Errorf("the visit's confirmation:\n%s", m.Text)
	}
	r := request(lead.KindVisit, "nl")
	r.Secret = ""
	if _, err := c.Compose(t.Context(), r); !errors.Is(err, ErrNoSlot) {
		t.Errorf("without a cancel token: %v", err)
	}
}

func TestVisitCancelled(t *testing.T) {
	c := composer(t)
	r := request(lead.KindVisit, "nl")
	b := agenda.Booking{ID: 7, Start: time.Date(2026, 11, 25, 13, 0, 0, 0, time.UTC), Property: propertyID, RequestID: r.ID}
	msgs, err := c.VisitCancelled(b, r)
	if err != nil || len(msgs) != 2 {
		t.Fatalf("%d mails, %v; want the agency's notice and the visitor's confirmation", len(msgs), err)
	}
	m := byRecipient(t, msgs, agencyEmail)
	if m.To[0].Email != agencyEmail || m.ReplyTo == nil || m.ReplyTo.Email != r.Person.Email || m.Lang != "fr" {
		t.Errorf("to %v reply-to %v lang %s", m.To, m.ReplyTo, m.Lang)
	}
	for _, want := range []string{"Mercredi 25/11/2026 à 14:00", "Villa met tuin", "#42", "Peeters"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("lacks %q:\n%s", want, m.Text)
		}
	}

	// The visitor: a confirmation in Dutch, whose .ics cancels the event
	// the booking's invitation added (same UID, higher SEQUENCE).
	v := byRecipient(t, msgs, r.Person.Email)
	if v.Lang != "nl" || !strings.Contains(v.Text, "Uw bezoek op woensdag 25/11/2026 om 14:00 is geannuleerd") {
		t.Errorf("the visitor's confirmation (%s):\n%s", v.Lang, v.Text)
	}
	if len(v.Attachments) != 1 || !strings.Contains(v.Attachments[0].ContentType, "method=CANCEL") {
		t.Fatalf("attachments %+v", v.Attachments)
	}
	booked := byRecipient(t, compose(t, c, r, Extra{}), r.Person.Email).Attachments[0].Data
	orig, err1 := ics.ParseCalendar(bytes.NewReader(booked))
	cancel, err2 := ics.ParseCalendar(bytes.NewReader(v.Attachments[0].Data))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	prop := func(cal *ics.Calendar, p ics.ComponentProperty) string {
		if x := cal.Events()[0].GetProperty(p); x != nil {
			return x.Value
		}
		return ""
	}
	for _, data := range [][]byte{booked, v.Attachments[0].Data} {
		if lines := strings.Split(string(data), "\n"); len(lines) < 5 || !strings.HasSuffix(lines[0], "\r") || strings.Count(string(data), "\n") != strings.Count(string(data), "\r\n") {
			t.Errorf("an .ics whose lines do not all end in CRLF (RFC 5545):\n%q", data)
		}
	}
	if prop(orig, ics.ComponentPropertyDtstamp) == prop(cancel, ics.ComponentPropertyDtstamp) {
		t.Errorf("the cancellation's DTSTAMP is the invitation's")
	}
	if !strings.Contains(string(v.Attachments[0].Data), "METHOD:CANCEL") || prop(cancel, ics.ComponentPropertyStatus) != "CANCELLED" {
		t.Errorf("not a cancellation:\n%s", v.Attachments[0].Data)
	}
	if prop(orig, ics.ComponentPropertyUniqueId) != prop(cancel, ics.ComponentPropertyUniqueId) ||
		prop(orig, ics.ComponentPropertySequence) != "0" || prop(cancel, ics.ComponentPropertySequence) != "1" {
		t.Errorf("UID %s/%s, SEQUENCE %s/%s: want the same UID, a higher SEQUENCE", prop(orig, ics.ComponentPropertyUniqueId),
			prop(cancel, ics.ComponentPropertyUniqueId), prop(orig, ics.ComponentPropertySequence), prop(cancel, ics.ComponentPropertySequence))
	}
}
