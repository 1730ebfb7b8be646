package notify

import (
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/newsletter"
)

// NewsletterMails writes the newsletter's mails (newsletter.Mails) with
// the request composer.
type NewsletterMails struct{ *Composer }

var _ newsletter.Mails = NewsletterMails{}

// OptIn implements newsletter.Mails: the sign-up's opt-in confirmation.
func (m NewsletterMails) OptIn(s newsletter.Subscriber, confirm, unsubscribe string) (mail.Message, error) {
	msgs, err := m.published().ComposeWith(lead.Request{Kind: lead.KindNewsletter, Lang: s.Lang, Person: lead.Person{Email: s.Email}},
		Extra{Token: confirm, Unsubscribe: unsubscribe})
	if err != nil {
		return mail.Message{}, err
	}
	return msgs[0], nil
}

// Already implements newsletter.Mails.
func (m NewsletterMails) Already(s newsletter.Subscriber, unsubscribe string) (mail.Message, error) {
	return m.NewsletterAlready(s.Email, s.Lang, unsubscribe)
}

// UnsubscribeLink implements newsletter.Mails.
func (m NewsletterMails) UnsubscribeLink(s newsletter.Subscriber, unsubscribe string) (mail.Message, error) {
	return m.NewsletterUnsubscribe(s.Email, s.Lang, unsubscribe)
}
