package app

import (
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
	policy := spam.DefaultPolicy
	return web.NewsletterPages{Service: d.Newsletter, IP: ip,
		PerSender: rateLimit(d, policy.UnsubscribePerSender, false), PerReceiver: rateLimit(d, policy.UnsubscribePerAddress, false),
		Addresses: mailsPerAddress(d)}, nil
}
