package main

import (
	"context"
	"time"

	"immo/internal/antispam"
	"immo/internal/lead"
	"immo/internal/mail"
	"immo/internal/newsletter"
	"immo/internal/notify"
	"immo/internal/web"
)

// newsletterMails writes the newsletter's mails with the request composer.
type newsletterMails struct{ c *notify.Composer }

func (m newsletterMails) OptIn(s newsletter.Subscriber, confirm, unsubscribe string) (mail.Message, error) {
	msgs, err := m.c.ComposeWith(lead.Request{Kind: lead.KindNewsletter, Lang: s.Lang, Person: lead.Person{Email: s.Email}},
		notify.Extra{Token: confirm, Unsubscribe: unsubscribe})
	if err != nil {
		return mail.Message{}, err
	}
	return msgs[0], nil
}

func (m newsletterMails) Already(s newsletter.Subscriber, unsubscribe string) (mail.Message, error) {
	return m.c.NewsletterAlready(s.Email, s.Lang, unsubscribe)
}

func (m newsletterMails) UnsubscribeLink(s newsletter.Subscriber, unsubscribe string) (mail.Message, error) {
	return m.c.NewsletterUnsubscribe(s.Email, s.Lang, unsubscribe)
}

// newsletterPages are the newsletter's confirm and unsubscribe pages: the
// unsubscribe form mails a link to an address anyone may type, so it is
// braked per sender (10 an hour) and per address (3 a day).
func newsletterPages(d formDeps) (web.NewsletterPages, error) {
	if d.Newsletter == nil {
		return web.NewsletterPages{}, nil
	}
	ip, err := lead.NewIPHasher(d.IPKey)
	if err != nil {
		return web.NewsletterPages{}, err
	}
	limit := func(name string, max int, window time.Duration) web.Limit {
		return web.Limit{Limiter: &antispam.Limiter{Counter: d.Spam, Max: max, Window: window, Now: d.Now}, Name: name}
	}
	return web.NewsletterPages{Service: d.Newsletter, IP: ip,
		PerSender: limit("unsubscribe-hour", 10, time.Hour), PerReceiver: limit("unsubscribe-to-day", 3, 24*time.Hour),
		Addresses: mailsPerAddress(d)}, nil
}

// withNewsletter is lead.Service.ComposeIn: a newsletter sign-up records
// the subscriber and writes the opt-in mail in the request's transaction;
// an information request whose newsletter box is ticked starts the same
// double opt-in next to its own mails.
func withNewsletter(c *notify.Composer, news *newsletter.Service) func(ctx context.Context, tx mail.Tx, r lead.Request) ([]mail.Message, error) {
	return func(ctx context.Context, tx mail.Tx, r lead.Request) ([]mail.Message, error) {
		signUp := func() ([]mail.Message, error) {
			msgs, err := news.SignUpIn(ctx, tx, r.Person.Email, r.Lang)
			for i := range msgs {
				msgs[i].NotBefore = r.MailLater
			}
			return msgs, err
		}
		if r.Kind == lead.KindNewsletter {
			return signUp()
		}
		msgs, err := c.Compose(r)
		if err != nil || r.Kind != lead.KindInformation || r.Fields["newsletter"] != "yes" || r.NoNewsletter {
			return msgs, err
		}
		optIn, err := signUp()
		return append(msgs, optIn...), err
	}
}
