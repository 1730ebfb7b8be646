package route

import (
	"net/http"
	"strings"
)

// The newsletter's pages: the confirmation link's (/{lang}/newsletter/confirm/?token=…)
// and the unsubscribe page (/{lang}/unsubscribe/, with ?token=… from a
// mail). The page handler (web) does what their tokens ask and names the
// step; these only build the page. Neither is indexed nor cached.

// Steps of the newsletter pages.
const (
	NewsletterConfirmed    = "confirmed"    // the confirmation link worked
	NewsletterUnknown      = "unknown"      // a link's token is unknown or used
	NewsletterAsk          = "ask"          // the unsubscribe form: an address to mail a link to
	NewsletterSent         = "sent"         // the link was mailed, if the address subscribes
	NewsletterConfirm      = "confirm"      // an unsubscribe link: a button confirms (mail scanners follow GETs)
	NewsletterUnsubscribed = "unsubscribed" // done
	NewsletterFailed       = "failed"       // our fault (the database): nothing changed, try again
)

// What an unsubscribe link stops: the newsletter (its own links), a
// demand's alerts or an owner's weekly report (package optout's links).
const (
	UnsubscribeNewsletter = "newsletter"
	UnsubscribeAlert      = "alert"
	UnsubscribeReport     = "report"
)

// NewsletterProps are the newsletter pages'.
type NewsletterProps struct {
	Base
	Title string `json:"title"`
	Step  string `json:"step" tstype:"'confirmed' | 'unknown' | 'ask' | 'sent' | 'confirm' | 'unsubscribed' | 'failed'"`
	// What the unsubscribe link stops (the confirm and unsubscribed steps).
	What string `json:"what" tstype:"'newsletter' | 'alert' | 'report'"`
	// Token is an unsubscribe link's, posted back by the confirm button.
	Token string `json:"token,omitempty"`
	// Action is the unsubscribe page's address, which its forms post to.
	Action string `json:"action"`
}

// NewsletterConfirmURL is the confirmation link of token in lang.
func (r *Resolver) NewsletterConfirmURL(token, lang string) string {
	return "/" + lang + "/newsletter/confirm/?token=" + token
}

// UnsubscribeURL is the unsubscribe page in lang, with token when given.
func (r *Resolver) UnsubscribeURL(token, lang string) string {
	u := "/" + lang + "/unsubscribe/"
	if token != "" {
		u += "?token=" + token
	}
	return u
}

// NewsletterPage tells whether path is one of the newsletter's pages:
// confirm is true for the confirmation link's, false for the unsubscribe
// page; lang is the page's language.
func (r *Resolver) NewsletterPage(path string) (lang string, confirm, ok bool) {
	lang, rest, ok := r.splitLang(path)
	switch {
	case !ok:
		return "", false, false
	case len(rest) == 2 && strings.EqualFold(rest[0], "newsletter") && strings.EqualFold(rest[1], "confirm"):
		return lang, true, true
	case len(rest) == 1 && strings.EqualFold(rest[0], "unsubscribe"):
		return lang, false, true
	}
	return "", false, false
}

// Newsletter is a newsletter page in lang at step.
func (r *Resolver) Newsletter(lang string, confirm bool, step, token string) Result {
	return r.newsletter(lang, confirm, step, token, UnsubscribeNewsletter)
}

// Unsubscribe is the unsubscribe page in lang at step for a link that
// stops what (UnsubscribeAlert, UnsubscribeReport): its title and texts
// say what it stops.
func (r *Resolver) Unsubscribe(lang, step, token, what string) Result {
	return r.newsletter(lang, false, step, token, what)
}

func (r *Resolver) newsletter(lang string, confirm bool, step, token, what string) Result {
	c := &resolution{r: r, lang: lang, ix: r.Catalog.Index()}
	urlIn := func(l string) string { return r.UnsubscribeURL("", l) }
	title := c.t("newsletter.unsubscribeTitle")
	if what != UnsubscribeNewsletter {
		title = c.t("newsletter.optout." + what + "Title")
	}
	if confirm {
		// A confirmation link has no address without its token: no canonical
		// nor alternates, and the language switcher leads home.
		urlIn = nil
		title = c.t("newsletter.confirmTitle")
	}
	status := http.StatusOK
	switch step {
	case NewsletterUnknown:
		status = http.StatusNotFound
	case NewsletterFailed:
		status = http.StatusInternalServerError
	}
	if urlIn != nil {
		c.path = urlIn(lang)
	}
	h := c.head(title, "", nil, urlIn)
	h.Robots = "noindex"
	h.Breadcrumb = c.breadcrumb(nil, title, "")
	props := &NewsletterProps{Title: title, Step: step, What: what, Token: token, Action: r.UnsubscribeURL("", lang)}
	res := c.result(status, props, h, urlIn)
	res.Cacheable = false
	return res
}
