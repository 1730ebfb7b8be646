package testimonial

import (
	"context"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/upload"
)

// Pending keeps a visitor's testimonial, not approved, inside the
// transaction of its request (the SQL store's AddTestimonialIn), and
// sets its picture's address once its ID is known.
type Pending interface {
	AddTestimonialIn(ctx context.Context, tx mail.Tx, t Testimonial) (int64, error)
	SetTestimonialPictureIn(ctx context.Context, tx mail.Tx, id int64, picture string) error
}

// Recording is requests that also keep every testimonial request
// (lead.KindTestimonial) as a pending testimonial, in the transaction that
// stores the request and queues its mails: the three are stored together
// or not at all. Other kinds pass through.
//
// A picture sent with it is shrunk (PictureSide, JPEG, no metadata) before
// the request is stored: the request keeps that copy, which the
// testimonial's address (signer) serves once approved. The picture was
// checked and re-encoded when the post was decoded (lead.Decode,
// upload.Set.Prepare): one too large or broken never gets here, and the
// agency's notice attaches that re-encoded copy, not the visitor's file.
func Recording(requests lead.Store, pending Pending, signer *PictureSigner) lead.Store {
	return recording{requests, pending, signer}
}

type recording struct {
	lead.Store
	pending Pending
	signer  *PictureSigner
}

func (s recording) Save(ctx context.Context, r lead.Request, then func(ctx context.Context, tx mail.Tx, id int64) error) (int64, error) {
	if r.Kind != lead.KindTestimonial {
		return s.Store.Save(ctx, r, then)
	}
	r, picture := shrinkPicture(r)
	return s.Store.Save(ctx, r, func(ctx context.Context, tx mail.Tx, id int64) error {
		tid, err := s.pending.AddTestimonialIn(ctx, tx, FromRequest(r, id))
		if err != nil {
			return err
		}
		if picture && s.signer != nil {
			if err := s.pending.SetTestimonialPictureIn(ctx, tx, tid, s.signer.URL(tid)); err != nil {
				return err
			}
		}
		if then == nil {
			return nil
		}
		return then(ctx, tx, id)
	})
}

// shrinkPicture replaces r's picture by its shrunk JPEG copy (the other
// files and r's own slice untouched); picture tells whether r has one.
func shrinkPicture(r lead.Request) (lead.Request, bool) {
	var files []lead.File
	picture := false
	for _, f := range r.Files {
		if f.Field != PictureField {
			files = append(files, f)
			continue
		}
		small, err := upload.Shrink(f.Data, PictureSide)
		if err != nil || picture {
			continue
		}
		name := strings.TrimSuffix(f.Name, path.Ext(f.Name)) + ".jpg"
		files = append(files, lead.File{Field: f.Field, Name: name, Type: "image/jpeg", Data: small})
		picture = true
	}
	r.Files = files
	return r, picture
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
