package notify

import (
	"strconv"
	"strings"

	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/rules"
)

// maxFriendMessage bounds the sender's message in a friend's mail, as the
// form does (cut again here: a mail never carries more).
const maxFriendMessage = lead.MaxFriendMessage

// notice is the agency's mail: every field, in the site's language, with
// Reply-To the visitor.
func (c *Composer) notice(r lead.Request) (mail.Message, error) {
	lang := c.cfg.Lang
	kind := i18n.T(lang, "mail.kind."+string(r.Kind))
	id := strconv.FormatInt(r.ID, 10)
	subject := i18n.Tf(lang, "mail.notice.subject", "kind", kind, "id", id)
	rows := []row{{Label: label(lang, "reference"), Value: "#" + id}}
	if l, ok := c.listing(r, lang); ok {
		subject = i18n.Tf(lang, "mail.notice.subjectListing", "kind", kind, "id", id, "listing", l.Title)
		rows = append(rows, row{Label: listingLabel(r, lang), Value: listingText(r, l), Link: l.URL})
	} else if r.PropertyID > 0 || r.ProjectID > 0 {
		rows = append(rows, row{Label: listingLabel(r, lang), Value: listingText(r, Listing{})})
	}
	rows = append(rows, c.sent(r, lang)...)
	rows = append(rows,
		row{Label: label(lang, "time"), Value: c.dateTime(r.Time, lang)},
		row{Label: label(lang, "language"), Value: language(lang, r.Lang)})
	if page := c.abs(sitePath(r.Page)); page != "" {
		rows = append(rows, row{Label: label(lang, "page"), Value: page, Link: page})
	}
	p := page{Lang: lang, Subject: subject, Agency: c.agency(lang), Heading: kind,
		Paragraphs: []string{i18n.T(lang, "mail.notice.intro")}, Rows: rows, Button: c.inboxLink(r.ID, lang)}
	to := c.agencyAddress()
	from := visitor(r)
	return c.message(p, []mail.Address{*to}, &from, files(r))
}

// confirmation is the visitor's mail: what they sent, in their language,
// with the agency's contact details; a reply reaches the agency.
func (c *Composer) confirmation(r lead.Request, attachments []mail.Attachment) (mail.Message, error) {
	p, _ := c.toVisitor(r, "mail.confirm.subject", nil, i18n.T(r.Lang, "mail.confirm.intro."+string(r.Kind)))
	p.RowsTitle, p.Rows = i18n.T(r.Lang, "mail.confirm.sent"), c.sent(r, r.Lang)
	return c.message(p, []mail.Address{visitor(r)}, c.agencyAddress(), attachments)
}

// toVisitor is the page of a mail to r's visitor, in their language: its
// subject (subject's text with the agency's name and args), the visitor
// greeted by name, paragraphs, the agency's contact details and closing,
// and the request's listing, when it is online, with a button to its page
// (the listing, zero when it is not).
func (c *Composer) toVisitor(r lead.Request, subject string, args []string, paragraphs ...string) (page, Listing) {
	lang := r.Lang
	a := c.agency(lang)
	p := page{Lang: lang, Subject: i18n.Tf(lang, subject, append([]string{"agency", a.Name}, args...)...), Agency: a,
		Greeting:   i18n.Tf(lang, "mail.confirm.greeting", "name", fullName(r.Person.FirstName, r.Person.LastName)),
		Paragraphs: paragraphs,
		After:      []string{i18n.T(lang, "mail.confirm.contact")}, Contact: true,
		Closing: i18n.T(lang, "mail.confirm.closing")}
	l, ok := c.listing(r, lang)
	if ok {
		p.Listing = &l
		p.Button = &link{Text: i18n.T(lang, "mail.notice.view"), URL: l.URL}
	}
	return p, l
}

// friend is the one mail a visitor may send to another address: our
// template with the property, the sender's name and a short message as
// plain text. It has no attachment and no Reply-To but the agency.
func (c *Composer) friend(r lead.Request) (mail.Message, error) {
	lang := r.Lang
	l, ok := c.listing(r, lang)
	if !ok || l.URL == "" {
		return mail.Message{}, ErrNoListing
	}
	a := c.agency(lang)
	sender := fullName(r.Person.FirstName, r.Person.LastName)
	name := fullName(r.Fields["friendFirstName"], r.Fields["friendLastName"])
	greeting := i18n.T(lang, "mail.friend.greetingNoName")
	if name != "" {
		greeting = i18n.Tf(lang, "mail.friend.greeting", "name", name)
	}
	p := page{Lang: lang, Subject: i18n.Tf(lang, "mail.friend.subject", "agency", a.Name, "title", oneLine(l.Title, 150)),
		Agency: a, Greeting: greeting,
		Paragraphs: []string{i18n.Tf(lang, "mail.friend.intro", "sender", sender)},
		Listing:    &l, Button: &link{Text: i18n.T(lang, "mail.friend.view"), URL: l.URL},
		Footnote: i18n.Tf(lang, "mail.friend.why", "sender", sender)}
	if msg := strings.TrimSpace(r.Remark); msg != "" {
		p.Quote = &quote{Label: i18n.Tf(lang, "mail.friend.message", "sender", sender),
			Text: rules.Truncate(msg, maxFriendMessage)}
	}
	to := mail.Address{Name: name, Email: strings.TrimSpace(r.Fields["friendEmail"])}
	return c.message(p, []mail.Address{to}, c.agencyAddress(), nil)
}

// newsletter asks the subscriber to confirm their address (double opt-in)
// and, like every newsletter mail, offers to unsubscribe.
func (c *Composer) newsletter(r lead.Request, token, unsubscribe string) (mail.Message, error) {
	if strings.TrimSpace(token) == "" || c.links() == nil {
		return mail.Message{}, ErrNoToken
	}
	confirm := c.abs(c.links().NewsletterConfirmURL(token, r.Lang))
	if confirm == "" {
		return mail.Message{}, ErrNoToken
	}
	lang := r.Lang
	a := c.agency(lang)
	p := page{Lang: lang, Subject: i18n.Tf(lang, "mail.newsletter.subject", "agency", a.Name), Agency: a,
		Paragraphs: []string{i18n.T(lang, "mail.newsletter.intro")},
		Button:     &link{Text: i18n.T(lang, "mail.newsletter.confirm"), URL: confirm},
		Footnote:   i18n.T(lang, "mail.newsletter.ignore")}
	return c.withUnsubscribe(p, visitor(r), unsubscribe, newsletterUnsubscribe)
}

// NewsletterUnsubscribe is the mail the unsubscribe page sends: the link
// that ends the subscription of email, in lang.
func (c *Composer) NewsletterUnsubscribe(email, lang, unsubscribe string) (mail.Message, error) {
	c = c.published()
	a := c.agency(lang)
	p := page{Lang: lang, Subject: i18n.Tf(lang, "mail.newsletter.unsubscribeSubject", "agency", a.Name), Agency: a,
		Paragraphs: []string{i18n.T(lang, "mail.newsletter.unsubscribeIntro")},
		Footnote:   i18n.T(lang, "mail.newsletter.unsubscribeIgnore")}
	m, err := c.withUnsubscribe(p, mail.Address{Email: strings.TrimSpace(email)}, unsubscribe, newsletterUnsubscribe)
	if err != nil {
		return m, err
	}
	return m, m.Validate()
}

// NewsletterAlready tells a confirmed subscriber who signed up again that
// nothing is needed, in lang, with the unsubscribe link.
func (c *Composer) NewsletterAlready(email, lang, unsubscribe string) (mail.Message, error) {
	c = c.published()
	a := c.agency(lang)
	p := page{Lang: lang, Subject: i18n.Tf(lang, "mail.newsletter.alreadySubject", "agency", a.Name), Agency: a,
		Paragraphs: []string{i18n.T(lang, "mail.newsletter.alreadyIntro")},
		Footnote:   i18n.T(lang, "mail.newsletter.alreadyIgnore")}
	m, err := c.withUnsubscribe(p, mail.Address{Email: strings.TrimSpace(email)}, unsubscribe, newsletterUnsubscribe)
	if err != nil {
		return m, err
	}
	return m, m.Validate()
}

// newsletterUnsubscribe is the newsletter mails' unsubscribe link text.
const newsletterUnsubscribe = "mail.newsletter.unsubscribe"

// withUnsubscribe renders a mail to to with the link of its unsubscribe
// token (the newsletter's, or an alert's or a report's: optout), worded by
// key, in the body and as the List-Unsubscribe header.
func (c *Composer) withUnsubscribe(p page, to mail.Address, token, key string) (mail.Message, error) {
	if strings.TrimSpace(token) == "" || c.links() == nil {
		return mail.Message{}, ErrNoToken
	}
	u := c.abs(c.links().UnsubscribeURL(token, p.Lang))
	if u == "" {
		return mail.Message{}, ErrNoToken
	}
	p.Unsubscribe = &link{Text: i18n.T(p.Lang, key), URL: u}
	m, err := c.message(p, []mail.Address{to}, c.agencyAddress(), nil)
	m.ListUnsubscribe = u
	return m, err
}

// message renders p into a message to to, from the agency c writes as.
func (c *Composer) message(p page, to []mail.Address, replyTo *mail.Address, attachments []mail.Attachment) (mail.Message, error) {
	html, text, err := render(p)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{From: c.agencyAddress(), To: to, ReplyTo: replyTo, Subject: oneLine(p.Subject, 200), HTML: html, Text: text,
		Attachments: attachments, Lang: p.Lang}, nil
}

func listingLabel(r lead.Request, lang string) string {
	if r.PropertyID > 0 {
		return label(lang, "property")
	}
	return label(lang, "project")
}

// listingText is "Title – City (1234)", or the ID alone when the listing
// is not online.
func listingText(r lead.Request, l Listing) string {
	id := r.PropertyID
	if id <= 0 {
		id = r.ProjectID
	}
	ref := strconv.FormatInt(id, 10)
	parts := []string{}
	for _, s := range []string{l.Title, l.City} {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return ref
	}
	return strings.Join(parts, " – ") + " (" + ref + ")"
}

// language names lang in the reader's language; an unknown code stays a code.
func language(reader, lang string) string {
	if s, ok := i18n.Bundled()[reader]["mail.language."+lang]; ok {
		return s
	}
	return lang
}

// sitePath keeps a page address only when it is a path on the site: the
// page comes from the request, and the notice links it.
func sitePath(p string) string {
	p = strings.TrimSpace(p)
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.ContainsAny(p, "\\\r\n") {
		return ""
	}
	return p
}
