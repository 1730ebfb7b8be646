package web

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"immo/internal/domain/antispam"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
	"immo/internal/domain/newsletter"
	"immo/internal/domain/optout"
	"immo/internal/domain/spam"
	"immo/internal/http/web/respond"
	"immo/internal/http/web/route"
)

// NewsletterPages are what the newsletter's pages need: the service that
// follows their links, and the brakes on the unsubscribe form (it mails a
// link to an address anyone may type).
type NewsletterPages struct {
	Service interface {
		Confirm(ctx context.Context, token string) (newsletter.Subscriber, error)
		Unsubscribe(ctx context.Context, token string) (newsletter.Subscriber, error)
		RequestUnsubscribe(ctx context.Context, email string) error
	}
	IP *lead.IPHasher
	// PerSender limits the unsubscribe form's posts per IP; PerReceiver the
	// unsubscribe links to one address; Addresses is the site's one brake
	// on the mails to any typed address (spam.Gate.Addresses).
	PerSender, PerReceiver, Addresses spam.Limit
	// OptOuts follows the unsubscribe links of the alert and report mails
	// (package optout), which the same page serves; nil: none.
	OptOuts interface {
		Find(ctx context.Context, token string) (optout.Link, error)
		Use(ctx context.Context, token string) (optout.Link, error)
	}
}

// The unsubscribe form's fields.
const (
	unsubscribeForm = "unsubscribe"
	tokenField      = "token"
)

// serveNewsletter answers the newsletter's pages (route.Resolver.NewsletterPage):
//
//   - GET /{lang}/newsletter/confirm/?token=…: confirms, and says so (or that
//     the link is unknown or used: 404).
//   - GET /{lang}/unsubscribe/?token=…: a button that unsubscribes; a mail
//     scanner following the link changes nothing. A token of an alert or a
//     report mail (OptOuts) says what it stops: that demand's alerts, the
//     weekly report.
//   - POST /{lang}/unsubscribe/ with a token (in the query, as a mail
//     client's one-click List-Unsubscribe posts, or the button's field):
//     unsubscribes (an alert's: pauses the demand; a report's: turns the
//     report off).
//   - GET /{lang}/unsubscribe/: a form asking for an address; its POST mails
//     an unsubscribe link when the address subscribes, and answers the same
//     (303 to ?sent) whether or not it does.
func (h *Handler) serveNewsletter(w http.ResponseWriter, r *http.Request) {
	lang, confirm, ok := h.routes(r.Context()).NewsletterPage(r.URL.EscapedPath())
	if !ok { // not a language of the site
		h.servePage(w, r)
		return
	}
	token := r.URL.Query().Get(tokenField)
	what := route.UnsubscribeNewsletter
	page := func(step string, errs field.Errors, posted map[string]any) {
		var res route.Result
		if what == route.UnsubscribeNewsletter {
			res = h.routes(r.Context()).Newsletter(lang, confirm, step, token)
		} else {
			res = h.routes(r.Context()).Unsubscribe(lang, step, token, what)
		}
		if errs != nil {
			route.WithPost(res.Props, respond.PostedForm{Name: unsubscribeForm, Values: posted}, errs)
			res.Status = http.StatusUnprocessableEntity
		}
		p := h.page(h.routes(r.Context()), res)
		p.NoStore, p.Cacheable = true, false // a token in its address or its form
		h.rs.Render(w, r, p)
	}
	follow := func(use func(context.Context, string) (newsletter.Subscriber, error), done string) {
		_, err := use(r.Context(), token)
		switch {
		case errors.Is(err, newsletter.ErrUnknownToken):
			page(route.NewsletterUnknown, nil, nil)
		case err != nil:
			h.log.Error("newsletter link", "err", err)
			page(route.NewsletterFailed, nil, nil)
		default:
			page(done, nil, nil)
		}
	}
	switch {
	case r.Method == http.MethodHead && confirm:
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusOK) // a link checker's HEAD confirms nothing
	case r.Method == http.MethodGet || r.Method == http.MethodHead:
		switch {
		case confirm:
			follow(h.newsletter.Service.Confirm, route.NewsletterConfirmed)
		case token != "":
			var err error
			if what, err = h.optOut(r.Context(), false, token); err != nil {
				page(route.NewsletterFailed, nil, nil)
				return
			}
			page(route.NewsletterConfirm, nil, nil)
		case r.URL.Query().Has("sent"):
			page(route.NewsletterSent, nil, nil)
		default:
			page(route.NewsletterAsk, nil, nil)
		}
	case r.Method == http.MethodPost && !confirm:
		values, _, status := readForm(w, r, nil)
		if status != 0 {
			http.Error(w, http.StatusText(status), status)
			return
		}
		if t := values.Get(tokenField); token == "" && t != "" {
			token = t
		}
		if token != "" {
			var err error
			if what, err = h.optOut(r.Context(), true, token); err != nil {
				page(route.NewsletterFailed, nil, nil)
				return
			}
			if what != route.UnsubscribeNewsletter {
				page(route.NewsletterUnsubscribed, nil, nil)
				return
			}
			follow(h.newsletter.Service.Unsubscribe, route.NewsletterUnsubscribed)
			return
		}
		if err := crossOrigin.Check(r); err != nil {
			http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
			return
		}
		email := strings.TrimSpace(values.Get(lead.FieldEmail))
		errs := field.Errors{}
		errs.Email(lead.FieldEmail, email, true)
		if len(errs) == 0 {
			errs = h.unsubscribeLimits(r, email)
		}
		if len(errs) > 0 {
			page(route.NewsletterAsk, errs, map[string]any{lead.FieldEmail: values.Get(lead.FieldEmail)})
			return
		}
		if err := h.newsletter.Service.RequestUnsubscribe(r.Context(), email); err != nil {
			h.log.Error("newsletter unsubscribe request", "err", err)
			page(route.NewsletterAsk, field.Errors{formField: field.KeySendFailed}, map[string]any{lead.FieldEmail: email})
			return
		}
		h.rs.Redirect(w, r, h.routes(r.Context()).UnsubscribeURL("", lang)+"?sent", http.StatusSeeOther)
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
	}
}

// optOut looks token up among the alert and report mails' links (use:
// and stops what it names) and says what it stops; a token unknown there
// is left to the newsletter (route.UnsubscribeNewsletter). The error is
// ours (the database), logged.
func (h *Handler) optOut(ctx context.Context, use bool, token string) (string, error) {
	o := h.newsletter.OptOuts
	if o == nil {
		return route.UnsubscribeNewsletter, nil
	}
	lookup := o.Find
	if use {
		lookup = o.Use
	}
	l, err := lookup(ctx, token)
	switch {
	case errors.Is(err, optout.ErrUnknown):
		return route.UnsubscribeNewsletter, nil
	case err != nil:
		h.log.Error("unsubscribe link", "err", err)
		return route.UnsubscribeNewsletter, err
	case l.Kind == optout.Report:
		return route.UnsubscribeReport, nil
	default:
		return route.UnsubscribeAlert, nil
	}
}

// UnsubscribeArea is where the unsubscribe form's attempts are counted
// (antispam.Attempt.Area).
const UnsubscribeArea = "unsubscribe"

// unsubscribeLimits brakes the unsubscribe form per sender and per address.
func (h *Handler) unsubscribeLimits(r *http.Request, email string) field.Errors {
	n := h.newsletter
	if n.IP == nil {
		return nil
	}
	ip := remoteIP(r)
	keys := []struct {
		lim      spam.Limit
		key, who string
	}{
		{n.PerSender, n.IP.Hash(ip), ip},
		{n.PerReceiver, n.IP.Hash("to:" + lead.AddressKey(email)), email},
		{n.Addresses, n.IP.Hash("to:" + lead.AddressKey(email)), email},
	}
	for _, k := range keys {
		if k.lim.Limiter == nil {
			continue
		}
		ok, err := k.lim.Allow(r.Context(), antispam.Attempt{Key: k.lim.Key(k.key), Who: k.who, Area: UnsubscribeArea})
		if err != nil {
			h.log.Error("newsletter: unsubscribe form's limits", "err", err)
			return field.Errors{formField: field.KeySendFailed}
		}
		if !ok {
			h.log.Warn("newsletter: unsubscribe form over a limit", "limit", k.lim.Name)
			if k.lim.Name == n.PerSender.Name {
				return field.Errors{formField: k.lim.TooMany()}
			}
			return field.Errors{formField: field.KeyReceiverDay}
		}
	}
	return nil
}
