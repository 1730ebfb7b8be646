// Package spam is the visitor forms' pipeline against robots, in front of
// the requests (package lead): honeypot → validate → proof (ALTCHA or a
// third-party captcha) → per-sender rate limits → the site's flood pacing →
// the brakes on the mails to typed addresses → store with its mails
// queued. It reads a plain post (Post), not an HTTP request: the HTTP edge
// (web.LeadForms) converts its form posts and calls Gate. See
// docs/ARCHITECTURE.md, "Spam".
package spam

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"time"

	"immo/internal/domain/agency"
	"immo/internal/domain/altcha"
	"immo/internal/domain/antispam"
	"immo/internal/domain/field"
	"immo/internal/domain/lead"
)

// FieldForm is the field the form-wide problems go under (the pages'
// hidden field naming the form): a rate limit's, a failure's.
const FieldForm = "form"

// Post is one posted form as the gate reads it.
type Post struct {
	Kind   lead.Kind
	Lang   string     // the page's language
	Page   string     // the page's address
	Values url.Values // the posted fields
	// Files are the posted files of the kind's Upload fields (FileFields),
	// unchecked.
	Files []lead.File
	IP    string // the sender's address, hashed for the limits, never stored
	// The property or project of the page (0: none), never a posted field.
	PropertyID, ProjectID int64
}

// Requests stores the requests past the gate (lead.Service).
type Requests interface {
	// Check is what Accept would refuse before storing anything.
	Check(ctx context.Context, r lead.Request) field.Errors
	// Accept stores r, which Check accepted, with its mails queued.
	Accept(ctx context.Context, r lead.Request, ip string) (lead.Request, field.Errors, error)
}

// Challenges checks a post's proof (altcha.Service, captcha.Checker).
type Challenges interface {
	Check(ctx context.Context, values url.Values) (field.Errors, error)
}

// Transactor runs a post's writes in one transaction
// (sqlstore.Requests.InTx): every write made with fn's context joins it.
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Gate is the pipeline of the visitor requests, every kind alike.
//
// Validation comes before the proof of work so that a typo does not spend
// the visitor's challenge, and before the rate limits so that a visitor
// correcting a form is not counted once per attempt: only a post that would
// be stored counts.
type Gate struct {
	Requests Requests
	// Challenges checks the ALTCHA payload of a post that carries one.
	Challenges Challenges
	// Captcha, when set, checks a third-party captcha's token (the caller
	// puts the sender's address in the context for it), the one of the
	// provider CaptchaProvider names. A post to an agency whose
	// configuration shows that provider (agency.FromContext; a post with
	// none: always) needs its token instead of ALTCHA's payload: without
	// one it is refused, not let through under WithoutProof — a browser
	// without JavaScript cannot give it. An agency that shows no captcha,
	// or another provider, keeps ALTCHA: the check follows the form.
	Captcha         Challenges
	CaptchaProvider string
	// IP hashes the sender's address for the rate limits' keys (the same
	// hasher as the requests').
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
	// Tx, when set, makes a post one write transaction: its ALTCHA
	// challenge spent, its counters, the request and its mails commit
	// together (on SQLite's single writer, one write per post instead of
	// four). A refusal commits what it counted (refused attempts count); a
	// failure of ours rolls all back. A third-party captcha is asked before
	// it (a network round trip must not hold the writer). Nil: each write
	// its own transaction.
	Tx Transactor
	// Watch counts the refusals made here for the inbox's abuse page (the
	// limits count theirs); nil: none counted.
	Watch antispam.Watch
	Now   func() time.Time // nil: time.Now
	Log   *slog.Logger
}

// Decode is the request p posts: its fields by its kind's Spec, the page's
// listing whatever was posted.
func Decode(p Post) lead.Request {
	r := lead.DecodeValues(p.Kind, p.Lang, p.Page, p.Values, p.Files...)
	r.PropertyID, r.ProjectID = p.PropertyID, p.ProjectID // the page's, whatever was posted
	return r
}

// Check is what Submit would refuse before any spam check, for a post the
// browser found problems in (one round of messages): nothing for a filled
// honeypot.
func (g *Gate) Check(ctx context.Context, p Post) field.Errors {
	if altcha.Honeypot(p.Values) {
		return nil
	}
	return g.Requests.Check(ctx, Decode(p))
}

// Submit runs p through the pipeline and stores its request. Field errors
// are the visitor's (nothing stored); an error is a failure of ours.
func (g *Gate) Submit(ctx context.Context, p Post) (field.Errors, error) {
	if altcha.Honeypot(p.Values) {
		// Answered like a success: a bot learns nothing to adapt to.
		g.log().Info("form: honeypot filled, dropped", "form", p.Kind, "page", p.Page)
		return nil, g.refuse(ctx, antispam.ReasonHoneypot, p)
	}
	r := Decode(p)
	if errs := g.Requests.Check(ctx, r); len(errs) > 0 {
		return errs, nil
	}
	captcha := g.captcha(ctx)
	if captcha {
		// A third party's answer, over the network: before the transaction.
		if errs, err := g.Captcha.Check(ctx, p.Values); err != nil || len(errs) > 0 {
			return g.refused(ctx, errs, err, p)
		}
	}
	if g.Tx == nil {
		return g.pass(ctx, p, r, captcha)
	}
	var errs field.Errors
	ctx, done := lead.Deferred(ctx)
	err := g.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		errs, err = g.pass(ctx, p, r, captcha)
		return err
	})
	if err != nil {
		return nil, err
	}
	done(context.WithoutCancel(ctx))
	return errs, nil
}

// captcha tells whether a post in ctx is checked by the third-party
// captcha (Captcha) rather than ALTCHA.
func (g *Gate) captcha(ctx context.Context) bool {
	if g.Captcha == nil {
		return false
	}
	a := agency.FromContext(ctx)
	if a == nil || a.Site == nil {
		return true
	}
	return a.Site.Captcha != nil && a.Site.Captcha.Provider == g.CaptchaProvider
}

// pass is Submit past the validation: the proof (ALTCHA's, unless the
// captcha's was checked), the limits, the brakes, and the request stored.
func (g *Gate) pass(ctx context.Context, p Post, r lead.Request, captcha bool) (field.Errors, error) {
	sender := g.IP.Hash(p.IP)
	limits := g.WithoutProof
	proof := captcha || p.Values.Get(altcha.FieldName) != ""
	if proof {
		if !captcha {
			errs, err := g.Challenges.Check(ctx, p.Values)
			if err != nil || len(errs) > 0 {
				return g.refused(ctx, errs, err, p)
			}
		}
		limits = g.WithProof
	}
	for _, lim := range limits {
		ok, err := lim.Allow(ctx, antispam.Attempt{Key: lim.Key(sender), Who: p.IP, Area: string(p.Kind)})
		if err != nil {
			return nil, err
		}
		if !ok {
			g.log().Warn("form: over a rate limit", "form", p.Kind, "page", p.Page, "limit", lim.Name)
			return field.Errors{FieldForm: lim.TooMany()}, nil
		}
	}
	if f := g.Flood; f != nil && !proof {
		n, window, err := f.Hit(ctx, antispam.Attempt{Key: f.Key(""), Area: string(p.Kind)})
		if err != nil {
			return nil, err
		}
		if r.MailLater = f.Later(n, window); !r.MailLater.IsZero() {
			g.log().Warn("form: many posts without a proof, the visitor's mails paced", "form", p.Kind, "until", r.MailLater)
			if err := g.refuse(ctx, f.Name, p); err != nil {
				return nil, err
			}
		}
	}
	if errs, err := g.brakeAddresses(ctx, p, &r); err != nil || len(errs) > 0 {
		return errs, err
	}
	_, errs, err := g.Requests.Accept(ctx, r, p.IP)
	switch {
	case errors.Is(err, lead.ErrTooMany):
		return field.Errors{FieldForm: field.KeyTooManyHour}, g.refuse(ctx, antispam.ReasonRequests, p)
	case errors.Is(err, lead.ErrRepeated):
		// The same post again (two tabs, a second press): answered as the
		// first was, nothing stored or mailed twice.
		g.log().Info("form: the same post again, kept once", "form", p.Kind, "page", p.Page)
		return nil, nil
	}
	return errs, err
}

// brakeAddresses counts the mails r will send to addresses typed in the
// form (Receivers, Addresses): it refuses r when a mail that is the
// request would go over, and leaves out the mails asked for in passing.
func (g *Gate) brakeAddresses(ctx context.Context, p Post, r *lead.Request) (field.Errors, error) {
	allow := func(lim *Limit, email string) (bool, error) {
		if lim == nil || lim.Limiter == nil {
			return true, nil
		}
		ok, err := lim.Allow(ctx, antispam.Attempt{Key: lim.Key(g.IP.Hash("to:" + lead.AddressKey(email))), Who: email,
			Area: string(p.Kind)})
		if err == nil && !ok {
			g.log().Warn("form: over an address's limit", "form", p.Kind, "page", p.Page, "limit", lim.Name)
		}
		return ok, err
	}
	both := func(kind lead.Kind, email string) (bool, error) {
		if rl, ok := g.Receivers[kind]; ok {
			if ok, err := allow(&rl.Limit, email); err != nil || !ok {
				return false, err
			}
		}
		return allow(g.Addresses, email)
	}
	switch r.Kind {
	case lead.KindFriend, lead.KindNewsletter: // the mail is the request
		name, to := lead.FieldEmail, r.Person.Email
		if rl, ok := g.Receivers[r.Kind]; ok && rl.Field != lead.FieldEmail {
			name, to = rl.Field, r.Fields[rl.Field]
		}
		ok, err := both(r.Kind, to)
		if err != nil || ok {
			return nil, err
		}
		return field.Errors{name: field.KeyReceiverDay}, nil // on the address meant
	}
	ok, err := allow(g.Addresses, r.Person.Email)
	if err != nil {
		return nil, err
	}
	r.NoConfirmation = !ok
	if lead.OptsIn(*r) {
		ok, err := both(lead.KindNewsletter, r.Person.Email)
		if err != nil {
			return nil, err
		}
		r.NoNewsletter = !ok
	}
	return nil, nil
}

// FileFields are a kind's Upload fields: the files a post of it may carry.
func FileFields(kind lead.Kind) []string {
	var names []string
	for _, f := range lead.Specs[kind].Fields {
		if f.Type == lead.Upload {
			names = append(names, f.Name)
		}
	}
	return names
}

// refuse counts a refusal of p for reason on the abuse page.
func (g *Gate) refuse(ctx context.Context, reason string, p Post) error {
	now := time.Now
	if g.Now != nil {
		now = g.Now
	}
	return antispam.Refuse(ctx, g.Watch, now(), reason, string(p.Kind))
}

// refused answers a proof's refusal errs (or failure err), counted.
func (g *Gate) refused(ctx context.Context, errs field.Errors, err error, p Post) (field.Errors, error) {
	if err == nil {
		err = g.refuse(ctx, antispam.ReasonProof, p)
	}
	return errs, err
}

func (g *Gate) log() *slog.Logger {
	if g.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return g.Log
}

// Limit is one rate limit, counted in storage so that it holds across
// servers.
type Limit struct {
	// Limiter's Name tells the limit's counters apart ("noproof-hour"):
	// two limits whose windows start at the same time must not share a row.
	*antispam.Limiter
	// Site counts every sender together, else each sender (by IP hash).
	Site bool
}

// Key is the counter's key of sender (a keyed hash) under l.
func (l Limit) Key(sender string) string {
	if l.Site {
		return "lead:" + l.Name + ":site"
	}
	return "lead:" + l.Name + ":" + sender
}

// TooMany is what a sender over l reads: when to try again.
func (l Limit) TooMany() string {
	if l.Window >= 24*time.Hour {
		return field.KeyTooManyDay
	}
	return field.KeyTooManyHour
}

// ReceiverLimit is a Limit per receiver: Field is the form field holding
// the address, counted by a keyed hash of lead.AddressKey (the stored key
// is never the address).
type ReceiverLimit struct {
	Limit
	Field string
}
