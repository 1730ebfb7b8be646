package notify

import (
	"errors"
	"strings"

	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// RegistrantLinks are the addresses of the registrants' mails (the router's,
// route.Resolver): Config.Links has them when registrants are served.
type RegistrantLinks interface {
	// DemandConfirmURL confirms a registered demand.
	DemandConfirmURL(token, lang string) string
	// PasswordResetURL sets a new password by a reset link.
	PasswordResetURL(token, lang string) string
	// ForgotPasswordURL asks for a reset link.
	ForgotPasswordURL(lang string) string
	// RegistrantAreaURL is the area where a registrant changes or pauses
	// their searches.
	RegistrantAreaURL(lang string) string
}

// ErrNoRegistrantLinks says the composer cannot write a registrant's mail:
// no links, or no token.
var ErrNoRegistrantLinks = errors.New("notify: a registrant's mail needs its links and token")

func (c *Composer) registrantLinks() (RegistrantLinks, bool) {
	l, ok := c.links().(RegistrantLinks)
	return l, ok
}

// registration is the mail answering a demand registration (r.Secret, the
// confirmation link's token): to a new address, confirm the search; to an
// address with an account already (r.AccountExisted), that it has one, a
// link that adds the search to it, and one to choose a new password. The
// screen said the same to both.
func (c *Composer) registration(r lead.Request) (mail.Message, error) {
	links, ok := c.registrantLinks()
	if !ok || strings.TrimSpace(r.Secret) == "" {
		return mail.Message{}, ErrNoRegistrantLinks
	}
	lang := r.Lang
	a := c.agency(lang)
	confirm := c.abs(links.DemandConfirmURL(r.Secret, lang))
	p := page{Lang: lang, Agency: a,
		Greeting:  i18n.Tf(lang, "mail.confirm.greeting", "name", fullName(r.Person.FirstName, r.Person.LastName)),
		RowsTitle: i18n.T(lang, "mail.registrant.search"), Rows: c.sent(r, lang),
		Button:  &link{Text: i18n.T(lang, "mail.registrant.button"), URL: confirm},
		Contact: true, Closing: i18n.T(lang, "mail.confirm.closing"),
		Footnote: i18n.T(lang, "mail.registrant.ignore")}
	if r.AccountExisted {
		p.Subject = i18n.Tf(lang, "mail.registrant.existingSubject", "agency", a.Name)
		// The account's own name, not what was typed (perhaps by a stranger).
		p.Greeting = i18n.T(lang, "mail.friend.greetingNoName")
		if r.AccountName != "" {
			p.Greeting = i18n.Tf(lang, "mail.confirm.greeting", "name", r.AccountName)
		}
		// The paragraph leads to the search, the search to its button; the
		// way to a new password and the link's validity after it.
		p.Paragraphs = []string{i18n.T(lang, "mail.registrant.existing")}
		p.Secondary = &link{Text: i18n.T(lang, "mail.registrant.forgotLink"), URL: c.abs(links.ForgotPasswordURL(lang))}
		p.After = []string{i18n.T(lang, "mail.registrant.validity")}
	} else {
		p.Subject = i18n.Tf(lang, "mail.registrant.subject", "agency", a.Name)
		p.Paragraphs = []string{i18n.T(lang, "mail.confirm.intro."+string(lead.KindDemandRegister))}
		p.After = []string{i18n.T(lang, "mail.registrant.validity")}
	}
	return c.message(p, []mail.Address{visitor(r)}, c.agencyAddress(), nil)
}
