package notify

import (
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
	cancel, ok := c.cancelLink(token, r.Lang)
	if !ok || r.Person.Email == "" {
		return mail.Message{}, ErrNoSlot
	}
	lang := r.Lang
	r.PropertyID = after.Property
	when, was := c.inSentence(after.Start, lang), c.inSentence(before.Start, lang)
	p, l := c.toVisitor(r, "visit.mail.movedSubject", []string{"when", when},
		i18n.Tf(lang, "visit.mail.moved", "before", was, "when", when), i18n.T(lang, "visit.mail.movedCalendar"))
	p.Secondary = &link{Text: i18n.T(lang, "visit.mail.cancel"), URL: cancel}
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
