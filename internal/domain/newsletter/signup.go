package newsletter

import (
	"context"

	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// SignUps writes the requests' mails (lead.Service.Mails) with the
// newsletter in them: a newsletter sign-up records the subscriber and
// writes the opt-in mail in the request's transaction; an information
// request whose newsletter box is ticked starts the same double opt-in
// next to its own mails (Mails'), unless the request is marked
// NoNewsletter.
type SignUps struct {
	Mails lead.Composer
	News  *Service
}

var _ lead.TxComposer = SignUps{}

// Compose implements lead.Composer: the request's own mails, without the
// newsletter (it needs the transaction).
func (s SignUps) Compose(ctx context.Context, r lead.Request) ([]mail.Message, error) {
	return s.Mails.Compose(ctx, r)
}

// ComposeIn implements lead.TxComposer.
func (s SignUps) ComposeIn(ctx context.Context, tx mail.Tx, r lead.Request) ([]mail.Message, error) {
	signUp := func() ([]mail.Message, error) {
		msgs, err := s.News.SignUpIn(ctx, tx, r.Person.Email, r.Lang)
		for i := range msgs {
			msgs[i].NotBefore = r.MailLater
		}
		return msgs, err
	}
	if r.Kind == lead.KindNewsletter {
		return signUp()
	}
	msgs, err := s.Mails.Compose(ctx, r)
	if err != nil || !lead.OptsIn(r) || r.NoNewsletter {
		return msgs, err
	}
	optIn, err := signUp()
	return append(msgs, optIn...), err
}
