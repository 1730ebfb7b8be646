package notify

import (
	"strings"

	"immo/internal/domain/agenda"
	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// VisitMoved is the visitor's mail of a visit the agency moved (in the
// inbox), in their language: the old time and the new one, a new cancel
// link (token: the old link no longer cancels) and the .ics that replaces
// the earlier one in their calendar (the same UID, the booking's new
// revision as its SEQUENCE). r is the visit request, as stored.
func (c *Composer) VisitMoved(before, after agenda.Booking, r lead.Request, token string) (mail.Message, error) {
	c = c.published()
	if c.links() == nil || strings.TrimSpace(token) == "" || r.Person.Email == "" {
		return mail.Message{}, ErrNoSlot
	}
	cancel := c.abs(c.links().VisitCancelURL(token, r.Lang))
	if cancel == "" {
		return mail.Message{}, ErrNoSlot
	}
	lang := r.Lang
	a := c.agency(lang)
	r.PropertyID = after.Property
	when, was := c.inSentence(after.Start, lang), c.inSentence(before.Start, lang)
	p := page{Lang: lang, Subject: i18n.Tf(lang, "visit.mail.movedSubject", "agency", a.Name, "when", when), Agency: a,
		Greeting:   i18n.Tf(lang, "mail.confirm.greeting", "name", fullName(r.Person.FirstName, r.Person.LastName)),
		Paragraphs: []string{i18n.Tf(lang, "visit.mail.moved", "before", was, "when", when), i18n.T(lang, "visit.mail.movedCalendar")},
		Secondary:  &link{Text: i18n.T(lang, "visit.mail.cancel"), URL: cancel},
		After:      []string{i18n.T(lang, "mail.confirm.contact")}, Contact: true,
		Closing: i18n.T(lang, "mail.confirm.closing")}
	l, ok := c.listing(r, lang)
	if ok {
		p.Listing = &l
		p.Button = &link{Text: i18n.T(lang, "mail.notice.view"), URL: l.URL}
	}
	cal, err := c.invitation(r, l, visitEvent{start: after.Start, cancel: cancel, seq: after.Revision,
		says: i18n.Tf(lang, "visit.mail.booked", "when", when)})
	if err != nil {
		return mail.Message{}, err
	}
	att := mail.Attachment{Name: "visit.ics", ContentType: "text/calendar; charset=utf-8; method=PUBLISH", Data: cal}
	return c.message(p, []mail.Address{visitor(r)}, c.agencyAddress(), []mail.Attachment{att})
}

// VisitCancelledByAgency is the visitor's mail of a visit the agency
// cancelled (in the inbox), in their language, with the .ics that takes it
// off their calendar.
func (c *Composer) VisitCancelledByAgency(b agenda.Booking, r lead.Request) (mail.Message, error) {
	c = c.published()
	if r.Person.Email == "" {
		return mail.Message{}, ErrNoSlot
	}
	return c.cancellation(b, r, "visit.mail.agencyCancelledSubject", "visit.mail.agencyCancelled")
}
