package notify

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	ics "github.com/arran4/golang-ical"

	"immo/internal/domain/agenda"
	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// ErrNoSlot says a visit request has no slot or no cancel token to write.
var ErrNoSlot = errors.New("notify: a visit needs its slot and cancel token")

// visitSlot is the booked slot of a visit request (lead.KindVisit's "slot").
func visitSlot(r lead.Request) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(r.Fields["slot"]))
	return t, err == nil
}

// visitConfirmation is the visitor's mail of a booked visit: the slot, the
// property, a cancel link (r.Secret, the token) and the .ics invitation.
func (c *Composer) visitConfirmation(r lead.Request, more []mail.Attachment) (mail.Message, error) {
	start, ok := visitSlot(r)
	cancel, linked := c.cancelLink(r.Secret, r.Lang)
	if !ok || !linked {
		return mail.Message{}, ErrNoSlot
	}
	lang := r.Lang
	when := c.inSentence(start, lang)
	p, l := c.toVisitor(r, "visit.mail.subject", []string{"when", when},
		i18n.Tf(lang, "visit.mail.booked", "when", when), i18n.T(lang, "visit.mail.calendar"))
	p.RowsTitle, p.Rows = i18n.T(lang, "mail.confirm.sent"), c.sent(r, lang)
	p.Secondary = &link{Text: i18n.T(lang, "visit.mail.cancel"), URL: cancel}
	cal, err := c.invitation(r, l, visitEvent{start: start, cancel: cancel, says: i18n.Tf(lang, "visit.mail.booked", "when", when)})
	if err != nil {
		return mail.Message{}, err
	}
	att := mail.Attachment{Name: "visit.ics", ContentType: "text/calendar; charset=utf-8; method=PUBLISH", Data: cal}
	return c.message(p, []mail.Address{visitor(r)}, c.agencyAddress(), append([]mail.Attachment{att}, more...))
}

// cancelLink is the absolute address cancelling the visit of token in
// lang; false without a token or the site's links.
func (c *Composer) cancelLink(token, lang string) (string, bool) {
	if strings.TrimSpace(token) == "" || c.links() == nil {
		return "", false
	}
	u := c.abs(c.links().VisitCancelURL(token, lang))
	return u, u != ""
}

// visitEvent is what a visit's .ics says: when, its cancel link ("":
// none), whether it is cancelled, its SEQUENCE (the booking's revision:
// each move, and the cancellation after, is one higher) and the first line
// of its description.
type visitEvent struct {
	start     time.Time
	cancel    string
	cancelled bool
	seq       int
	says      string
}

// invitation is the visit as an iCalendar event (RFC 5545, METHOD:PUBLISH:
// the visitor's calendar adds it; the agency is its organizer). Its UID is
// the request's, so a later copy (a higher SEQUENCE: a move) replaces the
// first; times are UTC. A cancelled one is written as its cancellation
// (RFC 5546: METHOD:CANCEL, the same UID, a higher SEQUENCE,
// STATUS:CANCELLED): the calendar removes it.
func (c *Composer) invitation(r lead.Request, l Listing, e visitEvent) ([]byte, error) {
	start, cancel, cancelled := e.start, e.cancel, e.cancelled
	var length time.Duration
	if c.cfg.Slots != nil {
		length = c.cfg.Slots.Current().Length
	}
	if length <= 0 {
		length = 30 * time.Minute
	}
	lang := r.Lang
	cal := ics.NewCalendarFor(oneLine(c.cfg.Agency.Name, maxName))
	cal.SetMethod(ics.MethodPublish)
	ev := cal.AddEvent("visit-" + strconv.FormatInt(r.ID, 10) + "@" + c.baseURL().Host)
	stamp := r.Time
	if stamp.IsZero() || cancelled {
		stamp = time.Now() // DTSTAMP: when this message was made
	}
	ev.SetDtStampTime(stamp.UTC())
	ev.SetStartAt(start.UTC())
	ev.SetEndAt(start.Add(length).UTC())
	title := strings.TrimSpace(oneLine(l.Title, 150))
	summary := i18n.Tf(lang, "visit.mail.eventTitle", "agency", oneLine(c.cfg.Agency.Name, maxName))
	if title != "" {
		summary += " – " + title
	}
	ev.SetSummary(summary)
	if loc := strings.TrimSpace(l.Address); loc != "" {
		ev.SetLocation(oneLine(loc, 200))
	} else if l.City != "" {
		ev.SetLocation(oneLine(l.City, 200))
	}
	desc := []string{e.says}
	if l.URL != "" {
		ev.SetURL(l.URL)
		desc = append(desc, l.URL)
	}
	if cancel != "" {
		desc = append(desc, i18n.T(lang, "visit.mail.cancel")+": "+cancel)
	}
	ev.SetDescription(strings.Join(desc, "\n"))
	ev.SetOrganizer("mailto:"+c.cfg.Agency.Email, ics.WithCN(oneLine(c.cfg.Agency.Name, maxName)))
	ev.SetSequence(e.seq)
	if cancelled {
		cal.SetMethod(ics.MethodCancel)
		ev.SetStatus(ics.ObjectStatusCancelled)
	} else {
		ev.SetStatus(ics.ObjectStatusConfirmed)
	}
	return []byte(cal.Serialize(ics.WithNewLineWindows)), nil // RFC 5545: lines end in CRLF
}

// inSentence is dateTime within a sentence: Dutch and French write the
// weekday in lower case there ("op dinsdag", "le mardi").
func (c *Composer) inSentence(t time.Time, lang string) string {
	s := c.dateTime(t, lang)
	if lang != "nl" && lang != "fr" {
		return s
	}
	r := []rune(s)
	if len(r) > 0 {
		r[0] = unicode.ToLower(r[0])
	}
	return string(r)
}

// VisitCancelled is the agency's notice that a visitor cancelled their
// visit by its link: the slot now free, the property and who it was (the
// visit request r, as stored).
func (c *Composer) VisitCancelled(b agenda.Booking, r lead.Request) ([]mail.Message, error) {
	c = c.published()
	lang := c.cfg.Lang
	when := c.dateTime(b.Start, lang)
	r.PropertyID = b.Property
	rows := []row{{Label: label(lang, "slot"), Value: when}}
	if r.ID > 0 {
		rows = append(rows, row{Label: label(lang, "reference"), Value: "#" + strconv.FormatInt(r.ID, 10)})
	}
	if l, ok := c.listing(r, lang); ok {
		rows = append(rows, row{Label: label(lang, "property"), Value: listingText(r, l), Link: l.URL})
	} else if b.Property > 0 {
		rows = append(rows, row{Label: label(lang, "property"), Value: listingText(r, Listing{})})
	}
	p := page{Lang: lang, Subject: i18n.Tf(lang, "visit.mail.cancelledSubject", "when", when), Agency: c.agency(lang),
		Heading: i18n.T(lang, "visit.mail.cancelledHeading"), Paragraphs: []string{i18n.T(lang, "visit.mail.cancelledIntro")},
		Rows: append(rows, c.sent(r, lang)...), Button: c.inboxLink(r.ID, lang)}
	var replyTo *mail.Address
	if r.Person.Email != "" {
		v := visitor(r)
		replyTo = &v
	}
	m, err := c.message(p, []mail.Address{*c.agencyAddress()}, replyTo, nil)
	if err != nil {
		return nil, err
	}
	msgs := []mail.Message{m}
	if r.Person.Email != "" && r.Lang != "" {
		v, err := c.visitCancelledToVisitor(b, r)
		if err != nil {
			return nil, err
		}
		msgs = append(msgs, v)
	}
	for _, m := range msgs {
		if err := m.Validate(); err != nil {
			return nil, fmt.Errorf("notify: cancelled visit %d: %w", b.ID, err)
		}
	}
	return msgs, nil
}

// visitCancelledToVisitor confirms a cancellation to the visitor, in their
// language, with the .ics that takes the visit off their calendar.
func (c *Composer) visitCancelledToVisitor(b agenda.Booking, r lead.Request) (mail.Message, error) {
	return c.cancellation(b, r, "visit.mail.youCancelledSubject", "visit.mail.youCancelled")
}

// cancellation is the visitor's mail of a cancelled visit (subject and
// says: its translation keys), in their language, with the METHOD:CANCEL
// .ics one SEQUENCE above the booking's last.
func (c *Composer) cancellation(b agenda.Booking, r lead.Request, subject, says string) (mail.Message, error) {
	lang := r.Lang
	r.PropertyID = b.Property
	when := c.inSentence(b.Start, lang)
	said := i18n.Tf(lang, says, "when", when)
	p, l := c.toVisitor(r, subject, []string{"when", when}, said, i18n.T(lang, "visit.mail.calendarCancel"))
	cal, err := c.invitation(r, l, visitEvent{start: b.Start, cancelled: true, seq: b.Revision + 1, says: said})
	if err != nil {
		return mail.Message{}, err
	}
	att := mail.Attachment{Name: "visit.ics", ContentType: "text/calendar; charset=utf-8; method=CANCEL", Data: cal}
	return c.message(p, []mail.Address{visitor(r)}, c.agencyAddress(), []mail.Attachment{att})
}
