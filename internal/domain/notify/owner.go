package notify

import (
	"errors"
	"strconv"
	"strings"

	"immo/internal/domain/account"
	"immo/internal/domain/i18n"
	"immo/internal/domain/mail"
)

// ErrNoLink says an owner's invitation has no link to set a password.
var ErrNoLink = errors.New("notify: an invitation needs its link")

// OwnerInvite is the mail inviting the owner a to the portal, in a's
// language: the properties they own and the link (a path of the site, or
// absolute) that sets their password once.
func (c *Composer) OwnerInvite(a account.Account, setPassword string, properties []int64) (mail.Message, error) {
	u := c.abs(setPassword)
	if strings.TrimSpace(setPassword) == "" || u == "" {
		return mail.Message{}, ErrNoLink
	}
	lang := a.Lang
	ag := c.agency(lang)
	greeting := i18n.T(lang, "mail.friend.greetingNoName")
	if name := fullName(a.FirstName, a.LastName); name != "" {
		greeting = i18n.Tf(lang, "mail.confirm.greeting", "name", name)
	}
	p := page{Lang: lang, Subject: i18n.Tf(lang, "mail.owner.inviteSubject", "agency", ag.Name), Agency: ag,
		Greeting:   greeting,
		Paragraphs: []string{i18n.Tf(lang, "mail.owner.intro", "agency", ag.Name)},
		RowsTitle:  i18n.T(lang, "mail.owner.properties"),
		Button:     &link{Text: i18n.T(lang, "mail.owner.button"), URL: u},
		After:      []string{i18n.T(lang, "mail.owner.validity")},
		Contact:    true,
		Closing:    i18n.T(lang, "mail.confirm.closing"),
		Footnote:   i18n.T(lang, "mail.owner.ignore")}
	for _, id := range properties {
		r := row{Label: strconv.FormatInt(id, 10), Value: strconv.FormatInt(id, 10)}
		if c.cfg.Property != nil {
			if l, ok := c.cfg.Property(id, lang); ok {
				r.Value = strings.TrimSuffix(strings.TrimSpace(l.Title)+" – "+strings.TrimSpace(l.City), " – ")
				r.Link = c.abs(l.URL)
			}
		}
		p.Rows = append(p.Rows, r)
	}
	m, err := message(p, []mail.Address{{Name: fullName(a.FirstName, a.LastName), Email: a.Email}}, c.agencyAddress(), nil)
	if err != nil {
		return m, err
	}
	return m, m.Validate()
}
