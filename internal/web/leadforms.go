package web

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"time"

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
	// on posts without one (no JavaScript): every limit must allow. They
	// count per sender: a limit of the whole site would let a few strangers
	// shut the form for everybody.
	WithProof, WithoutProof []Limit
	// Flood paces the posts without a proof of the whole site instead of
	// refusing them: past its Max a post is still kept and the agency told
	// at once, but the mails to the addresses it typed (a confirmation, a
	// friend's mail, an opt-in) wait their turn, Max a Window. A crowd
	// without JavaScript slows those mails down; it shuts nothing.
	Flood *Limit
	// Receivers brake, per kind, the address a visitor chooses (the
	// friend's, a newsletter sign-up's), counted per lead.AddressKey on top
	// of the sender's limits: over it the post is refused.
	Receivers map[lead.Kind]ReceiverLimit
	// Addresses brakes every mail the site sends to an address typed in a
	// form — a confirmation, a friend's mail, a newsletter opt-in — counted
	// per lead.AddressKey (case and +tag aside), the same counter whatever
	// the form: a mail the visitor asked for in passing (a confirmation, the
	// information form's newsletter box) is left out past it, the request
	// kept and the agency told; a mail that is the request (a friend's, a
	// sign-up's) is refused.
	Addresses *Limit
	Log       *slog.Logger
}

// ReceiverLimit is a Limit per receiver: Field is the form field holding
// the address, counted by a keyed hash of lead.AddressKey (the stored key
// is never the address).
type ReceiverLimit struct {
	Limit
	Field string
}

// Check implements FormChecker: what Submit would refuse before any spam
// check, for a post the browser found problems in (one round of messages).
func (l *LeadForms) Check(_ context.Context, p FormPost) field.Errors {
	if altcha.Honeypot(p.Values) {
		return nil
	}
	return l.Requests.Check(l.decode(p))
}

func (l *LeadForms) decode(p FormPost) lead.Request {
	r := lead.Decode(lead.Kind(p.Form), p.Lang, p.Page, p.First(), p.Files...)
	r.PropertyID, r.ProjectID = p.PropertyID, p.ProjectID // the page's, whatever was posted
	return r
}

// Submit implements FormHandler.
func (l *LeadForms) Submit(ctx context.Context, p FormPost) (field.Errors, error) {
	if altcha.Honeypot(p.Values) {
		// Answered like a success: a bot learns nothing to adapt to.
		l.log().Info("form: honeypot filled, dropped", "form", p.Form, "page", p.Page)
		return nil, nil
	}
	r := l.decode(p)
	if errs := l.Requests.Check(r); len(errs) > 0 {
		return errs, nil
	}
	sender := l.IP.Hash(p.IP)
	limits := l.WithoutProof
	proof := l.ProofRequired || p.Value(altcha.FieldName) != ""
	if proof {
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
			return field.Errors{formField: lim.tooMany()}, nil
		}
	}
	if f := l.Flood; f != nil && !proof {
		n, window, err := f.Hit(ctx, f.key(""))
		if err != nil {
			return nil, err
		}
		if r.MailLater = f.Later(n, window); !r.MailLater.IsZero() {
			l.log().Warn("form: many posts without a proof, the visitor's mails paced", "form", p.Form, "until", r.MailLater)
		}
	}
	if errs, err := l.brakeAddresses(ctx, p, &r); err != nil || len(errs) > 0 {
		return errs, err
	}
	_, errs, err := l.Requests.Submit(ctx, r, p.IP)
	switch {
	case errors.Is(err, lead.ErrTooMany):
		return field.Errors{formField: field.KeyTooManyHour}, nil
	case errors.Is(err, lead.ErrRepeated):
		// The same post again (two tabs, a second press): answered as the
		// first was, nothing stored or mailed twice.
		l.log().Info("form: the same post again, kept once", "form", p.Form, "page", p.Page)
		return nil, nil
	}
	return errs, err
}

// brakeAddresses counts the mails r will send to addresses typed in the
// form (Receivers, Addresses): it refuses r when a mail that is the
// request would go over, and leaves out the mails asked for in passing.
func (l *LeadForms) brakeAddresses(ctx context.Context, p FormPost, r *lead.Request) (field.Errors, error) {
	allow := func(lim *Limit, email string) (bool, error) {
		if lim == nil || lim.Limiter == nil {
			return true, nil
		}
		ok, err := lim.Allow(ctx, lim.key(l.IP.Hash("to:"+lead.AddressKey(email))))
		if err == nil && !ok {
			l.log().Warn("form: over an address's limit", "form", p.Form, "page", p.Page, "limit", lim.Name)
		}
		return ok, err
	}
	both := func(kind lead.Kind, email string) (bool, error) {
		if rl, ok := l.Receivers[kind]; ok {
			if ok, err := allow(&rl.Limit, email); err != nil || !ok {
				return false, err
			}
		}
		return allow(l.Addresses, email)
	}
	switch r.Kind {
	case lead.KindFriend, lead.KindNewsletter: // the mail is the request
		name, to := lead.FieldEmail, r.Person.Email
		if rl, ok := l.Receivers[r.Kind]; ok && rl.Field != lead.FieldEmail {
			name, to = rl.Field, r.Fields[rl.Field]
		}
		ok, err := both(r.Kind, to)
		if err != nil || ok {
			return nil, err
		}
		return field.Errors{name: field.KeyReceiverDay}, nil // on the address meant
	}
	ok, err := allow(l.Addresses, r.Person.Email)
	if err != nil {
		return nil, err
	}
	r.NoConfirmation = !ok
	if r.Kind == lead.KindInformation && r.Fields["newsletter"] == "yes" {
		ok, err := both(lead.KindNewsletter, r.Person.Email)
		if err != nil {
			return nil, err
		}
		r.NoNewsletter = !ok
	}
	return nil, nil
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

// tooMany is what a sender over l reads: when to try again.
func (l Limit) tooMany() string {
	if l.Window >= 24*time.Hour {
		return field.KeyTooManyDay
	}
	return field.KeyTooManyHour
}

func (l *LeadForms) log() *slog.Logger {
	if l.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return l.Log
}
