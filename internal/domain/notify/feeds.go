package notify

import (
	"strconv"

	"immo/internal/domain/account"
	"immo/internal/domain/i18n"
	"immo/internal/domain/mail"
)

// FeedAlert is the mail telling the admin a that the CRM feed named feed
// failed failures runs in a row (the last for reason, in a's words), the
// listings left as they were; or, recovered, that it works again. Its
// button leads to the catalog's page of the inbox.
func (c *Composer) FeedAlert(a account.Account, feed, reason string, failures int, recovered bool) (mail.Message, error) {
	c = c.published()
	lang := a.Lang
	ag := c.agency(lang)
	subject, intro := "mail.feed.failingSubject", "mail.feed.failingIntro"
	if recovered {
		subject, intro = "mail.feed.recoveredSubject", "mail.feed.recoveredIntro"
	}
	greeting := greet(lang, a.FirstName, a.LastName)
	p := page{Lang: lang, Subject: i18n.Tf(lang, subject, "agency", ag.Name, "feed", feed), Agency: ag, Greeting: greeting,
		Paragraphs: []string{i18n.Tf(lang, intro, "feed", feed, "n", strconv.Itoa(failures))},
		Button:     &link{Text: i18n.T(lang, "mail.feed.button"), URL: c.abs("/admin/catalog/")},
		Closing:    i18n.T(lang, "mail.confirm.closing")}
	if !recovered && reason != "" {
		p.Paragraphs = append(p.Paragraphs, i18n.Tf(lang, "mail.feed.reason", "reason", reason))
	}
	m, err := c.message(p, []mail.Address{{Name: fullName(a.FirstName, a.LastName), Email: a.Email}}, nil, nil)
	if err != nil {
		return m, err
	}
	return m, m.Validate()
}
