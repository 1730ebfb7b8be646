package notify

import (
	"errors"
	"strconv"
	"strings"

	"immo/internal/domain/account"
	"immo/internal/domain/i18n"
	"immo/internal/domain/mail"
)

// The mails carrying an account's single-use link — an owner's
// invitation, a staff member's password link, a forgotten password's
// link for an owner or a registrant — are one mail (accountLink) with
// each kind's texts (linkTexts): greeted by the account's name, a
// paragraph, the link's button, how long it works, what to do with a
// mail one did not expect.

// ErrNoLink says a mail that carries a link has none.
var ErrNoLink = errors.New("notify: an invitation needs its link")

// linkTexts are the mail.json keys of a kind of link's mail.
type linkTexts struct {
	subject, intro, button, validity, ignore string
	// rows titles the rows the mail lists (an owner's properties); contact
	// adds the agency's contact.
	rows    string
	contact bool
}

// The kinds of link mails.
var (
	ownerInviteTexts = linkTexts{subject: "mail.owner.inviteSubject", intro: "mail.owner.intro", button: "mail.owner.button",
		validity: "mail.owner.validity", ignore: "mail.owner.ignore", rows: "mail.owner.properties", contact: true}
	staffLinkTexts = linkTexts{subject: "mail.staff.subject", intro: "mail.staff.intro", button: "mail.staff.button",
		validity: "mail.staff.validity", ignore: "mail.staff.ignore"}
	resetTexts = linkTexts{subject: "mail.registrant.resetSubject", intro: "mail.registrant.resetIntro",
		button: "mail.registrant.resetButton", validity: "mail.registrant.resetValidity", ignore: "mail.registrant.resetIgnore"}
)

// accountLink is the mail of texts to a, in a's language, carrying the
// link to (a path of the site, or absolute), listing rows; intro's
// placeholders are the agency's name and pairs.
func (c *Composer) accountLink(a account.Account, to string, t linkTexts, rows []row, pairs ...string) (mail.Message, error) {
	u := c.abs(to)
	if strings.TrimSpace(to) == "" || u == "" {
		return mail.Message{}, ErrNoLink
	}
	lang := a.Lang
	ag := c.agency(lang)
	greeting := greet(lang, a.FirstName, a.LastName)
	p := page{Lang: lang, Subject: i18n.Tf(lang, t.subject, "agency", ag.Name), Agency: ag,
		Greeting:   greeting,
		Paragraphs: []string{i18n.Tf(lang, t.intro, append([]string{"agency", ag.Name}, pairs...)...)},
		Rows:       rows,
		Button:     &link{Text: i18n.T(lang, t.button), URL: u},
		After:      []string{i18n.T(lang, t.validity)},
		Contact:    t.contact,
		Closing:    i18n.T(lang, "mail.confirm.closing"),
		Footnote:   i18n.T(lang, t.ignore)}
	if t.rows != "" {
		p.RowsTitle = i18n.T(lang, t.rows)
	}
	m, err := c.message(p, []mail.Address{{Name: fullName(a.FirstName, a.LastName), Email: a.Email}}, c.agencyAddress(), nil)
	if err != nil {
		return m, err
	}
	return m, m.Validate()
}

// OwnerInvite is the mail inviting the owner a to the portal: the
// properties they own and the link that sets their password once.
func (c *Composer) OwnerInvite(a account.Account, setPassword string, properties []int64) (mail.Message, error) {
	c = c.published()
	rows := make([]row, 0, len(properties))
	for _, id := range properties {
		r := row{Label: strconv.FormatInt(id, 10), Value: strconv.FormatInt(id, 10)}
		if c.cfg.Listings != nil {
			if l, ok := c.cfg.Listings.PropertyListing(id, a.Lang); ok {
				r.Value = strings.TrimSuffix(strings.TrimSpace(l.Title)+" – "+strings.TrimSpace(l.City), " – ")
				r.Link = c.abs(l.URL)
			}
		}
		rows = append(rows, r)
	}
	return c.accountLink(a, setPassword, ownerInviteTexts, rows)
}

// StaffInvite is the mail giving the staff member a their password link
// (account.StaffPasswordLink): the inbox's address is the link's, their
// role, how long the link works. An admin's "send the link again" sends
// the same mail.
func (c *Composer) StaffInvite(a account.Account, setPassword string) (mail.Message, error) {
	c = c.published()
	role := i18n.T(a.Lang, "mail.staff.roleAgent")
	switch a.StaffRole {
	case account.Admin:
		role = i18n.T(a.Lang, "mail.staff.roleAdmin")
	case account.Operator:
		role = i18n.T(a.Lang, "mail.staff.roleOperator")
	}
	return c.accountLink(a, setPassword, staffLinkTexts, nil, "role", role)
}

// PasswordReset is the mail carrying a registrant's reset link (token).
func (c *Composer) PasswordReset(a account.Account, token string) (mail.Message, error) {
	c = c.published()
	links, ok := c.registrantLinks()
	if !ok || strings.TrimSpace(token) == "" {
		return mail.Message{}, ErrNoRegistrantLinks
	}
	return c.accountLink(a, links.PasswordResetURL(token, a.Lang), resetTexts, nil)
}

// OwnerPasswordReset is the mail carrying an owner's link for a forgotten
// password (setPassword: the invitation's page), the registrant's words.
func (c *Composer) OwnerPasswordReset(a account.Account, setPassword string) (mail.Message, error) {
	c = c.published()
	return c.accountLink(a, setPassword, resetTexts, nil)
}
