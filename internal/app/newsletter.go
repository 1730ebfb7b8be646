package app

import (
	"time"

	"immo/internal/domain/antispam"
	"immo/internal/domain/lead"
	"immo/internal/domain/spam"
	"immo/internal/http/web"
)

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
	limit := func(name string, max int, window time.Duration) spam.Limit {
		return spam.Limit{Limiter: &antispam.Limiter{Counter: d.Spam, Max: max, Window: window, Now: d.Now, Name: name, Watch: d.Watch}}
	}
	return web.NewsletterPages{Service: d.Newsletter, IP: ip,
		PerSender: limit("unsubscribe-hour", 10, time.Hour), PerReceiver: limit("unsubscribe-to-day", 3, 24*time.Hour),
		Addresses: mailsPerAddress(d)}, nil
}
