package notify

import (
	"strings"

	"immo/internal/domain/account"
	"immo/internal/domain/i18n"
	"immo/internal/domain/mail"
)

// StaffInvite is the mail giving the staff member a their password link
// (a path of the site, or absolute; account.StaffPasswordLink), in a's
// language: the inbox's address is the link's, their role, how long the
// link works. An admin's "send the link again" sends the same mail.
func (c *Composer) StaffInvite(a account.Account, setPassword string) (mail.Message, error) {
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
	role := i18n.T(lang, "mail.staff.roleAgent")
	if a.StaffRole == account.Admin {
		role = i18n.T(lang, "mail.staff.roleAdmin")
	}
	p := page{Lang: lang, Subject: i18n.Tf(lang, "mail.staff.subject", "agency", ag.Name), Agency: ag,
		Greeting:   greeting,
		Paragraphs: []string{i18n.Tf(lang, "mail.staff.intro", "agency", ag.Name, "role", role)},
		Button:     &link{Text: i18n.T(lang, "mail.staff.button"), URL: u},
		After:      []string{i18n.T(lang, "mail.staff.validity")},
		Closing:    i18n.T(lang, "mail.confirm.closing"),
		Footnote:   i18n.T(lang, "mail.staff.ignore")}
	m, err := message(p, []mail.Address{{Name: fullName(a.FirstName, a.LastName), Email: a.Email}}, c.agencyAddress(), nil)
	if err != nil {
		return m, err
	}
	return m, m.Validate()
}
