package testimonial

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"immo/internal/lead"
	"immo/internal/mail"
)

// Pending keeps a visitor's testimonial, not approved, inside the
// transaction of its request (the SQL store's AddTestimonialIn).
type Pending interface {
	AddTestimonialIn(ctx context.Context, tx mail.Tx, t Testimonial) (int64, error)
}

// Recording is requests that also keep every testimonial request
// (lead.KindTestimonial) as a pending testimonial, in the transaction that
// stores the request and queues its mails: the three are stored together
// or not at all. Other kinds pass through.
func Recording(requests lead.Store, pending Pending) lead.Store {
	return recording{requests, pending}
}

type recording struct {
	lead.Store
	pending Pending
}

func (s recording) Save(ctx context.Context, r lead.Request, then func(ctx context.Context, tx mail.Tx, id int64) error) (int64, error) {
	if r.Kind != lead.KindTestimonial {
		return s.Store.Save(ctx, r, then)
	}
	return s.Store.Save(ctx, r, func(ctx context.Context, tx mail.Tx, id int64) error {
		if _, err := s.pending.AddTestimonialIn(ctx, tx, FromRequest(r, id)); err != nil {
			return err
		}
		if then == nil {
			return nil
		}
		return then(ctx, tx, id)
	})
}

// FromRequest is the pending testimonial a valid testimonial request id
// makes: the comment is the remark, the name the one the site shows.
func FromRequest(r lead.Request, id int64) Testimonial {
	return Testimonial{
		Name:      ShownName(r.Person.FirstName, r.Person.LastName),
		Comment:   strings.TrimSpace(r.Remark),
		Website:   r.Fields["website"],
		About:     r.Fields["aboutYou"],
		Lang:      r.Lang,
		CreatedAt: r.Time,
		RequestID: id,
	}
}

// ShownName is how the site names the author: the first name and the
// initial of the last name ("Anne P."), never the whole name.
func ShownName(first, last string) string {
	first = strings.Join(strings.Fields(first), " ")
	last = strings.TrimLeftFunc(last, func(r rune) bool { return !unicode.IsLetter(r) })
	if last == "" {
		return first
	}
	initial, _ := utf8.DecodeRuneInString(last)
	return strings.TrimSpace(first + " " + string(unicode.ToUpper(initial)) + ".")
}
