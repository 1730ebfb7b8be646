package web

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"strings"

	"immo/internal/altcha"
	"immo/internal/antispam"
	"immo/internal/captcha"
	"immo/internal/field"
	"immo/internal/lead"
)

// LeadForms is the FormHandler of the visitor requests (package lead),
// every kind alike: honeypot → validate → spam check → store with its
// mails queued.
//
// Validation comes before the proof of work so that a typo does not spend
// the visitor's challenge, and before the rate limits so that a visitor
// correcting a form is not counted once per attempt: only a post that would
// be stored counts.
type LeadForms struct {
	Requests *lead.Service
	// Challenges checks the ALTCHA payload of a post that carries one, or
	// with ProofRequired every post's proof (a third-party captcha's token,
	// package captcha; the sender's address goes to it in the context).
	Challenges interface {
		Check(ctx context.Context, values url.Values) (field.Errors, error)
	}
	// ProofRequired refuses the posts without a proof (Challenges answers
	// them) instead of applying WithoutProof: a third-party captcha is the
	// proof, and a browser without JavaScript cannot give it.
	ProofRequired bool
	// IP hashes the sender's address for the rate limits' keys (the same
	// hasher as Requests.IP).
	IP *lead.IPHasher
	// WithProof are the limits on posts with a valid payload, WithoutProof
	// on posts without one (no JavaScript): every limit must allow.
	WithProof, WithoutProof []Limit
	// Receivers brake, per kind, the address a visitor chooses (the
	// friend's): counted per receiver on top of the sender's limits.
	Receivers map[lead.Kind]ReceiverLimit
	// Confirmations, when set, brakes the confirmations sent to one typed
	// address (counted by its keyed hash): past it a request is still kept
	// and the agency notified, but the address gets no mail, so the form
	// cannot be used to flood someone. Friends and newsletter sign-ups have
	// their Receivers limit instead.
	Confirmations *Limit
	Log           *slog.Logger
}

// ReceiverLimit is a Limit per receiver: Field is the form field holding
// the address, counted by a keyed hash of it lower-cased (the stored key is
// never the address).
type ReceiverLimit struct {
	Limit
	Field string
}

// Submit implements FormHandler.
func (l *LeadForms) Submit(ctx context.Context, p FormPost) (field.Errors, error) {
	if altcha.Honeypot(p.Values) {
		// Answered like a success: a bot learns nothing to adapt to.
		l.log().Info("form: honeypot filled, dropped", "form", p.Form, "page", p.Page)
		return nil, nil
	}
	r := lead.Decode(lead.Kind(p.Form), p.Lang, p.Page, p.First(), p.Files...)
	r.PropertyID, r.ProjectID = p.PropertyID, p.ProjectID // the page's, whatever was posted
	if errs := l.Requests.Check(r); len(errs) > 0 {
		return errs, nil
	}
	sender := l.IP.Hash(p.IP)
	limits := l.WithoutProof
	if l.ProofRequired || p.Value(altcha.FieldName) != "" {
		errs, err := l.Challenges.Check(captcha.WithRemoteIP(ctx, p.IP), p.Values)
		if err != nil || len(errs) > 0 {
			return errs, err
		}
		limits = l.WithProof
	}
	for _, lim := range limits {
		ok, err := lim.Allow(ctx, lim.key(sender))
		if err != nil {
			return nil, err
		}
		if !ok {
			l.log().Warn("form: over a rate limit", "form", p.Form, "page", p.Page, "limit", lim.Name)
			return field.Errors{formField: field.KeySendFailed}, nil
		}
	}
	if rl, ok := l.Receivers[r.Kind]; ok {
		to := r.Fields[rl.Field]
		if rl.Field == lead.FieldEmail { // the visitor's own address (a newsletter sign-up's)
			to = r.Person.Email
		}
		receiver := l.IP.Hash("to:" + strings.ToLower(strings.TrimSpace(to)))
		ok, err := rl.Allow(ctx, rl.key(receiver))
		if err != nil {
			return nil, err
		}
		if !ok {
			l.log().Warn("form: over a receiver's limit", "form", p.Form, "page", p.Page, "limit", rl.Name)
			return field.Errors{formField: field.KeySendFailed}, nil
		}
	}
	if c := l.Confirmations; c != nil && r.Kind != lead.KindFriend && r.Kind != lead.KindNewsletter {
		ok, err := c.Allow(ctx, c.key(l.IP.Hash("confirm:"+strings.ToLower(r.Person.Email))))
		if err != nil {
			return nil, err
		}
		if !ok {
			l.log().Warn("form: over the confirmations' limit, kept without one", "form", p.Form, "page", p.Page, "limit", c.Name)
			r.NoConfirmation = true
		}
	}
	_, errs, err := l.Requests.Submit(ctx, r, p.IP)
	if errors.Is(err, lead.ErrTooMany) {
		return field.Errors{formField: field.KeySendFailed}, nil
	}
	return errs, err
}

// FileFields implements web.FileFields: a kind's Upload fields.
func (l *LeadForms) FileFields(form string) []string {
	var names []string
	for _, f := range lead.Specs[lead.Kind(form)].Fields {
		if f.Type == lead.Upload {
			names = append(names, f.Name)
		}
	}
	return names
}

// Limit is one rate limit on the requests, counted in storage so that it
// holds across servers.
type Limit struct {
	*antispam.Limiter
	// Name tells the limit's counters apart ("noproof-hour"): two limits
	// whose windows start at the same time must not share a row.
	Name string
	// Site counts every sender together, else each sender (by IP hash).
	Site bool
}

func (l Limit) key(sender string) string {
	if l.Site {
		return "lead:" + l.Name + ":site"
	}
	return "lead:" + l.Name + ":" + sender
}

func (l *LeadForms) log() *slog.Logger {
	if l.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return l.Log
}
