// Package testimonial holds what visitors say about the agency. Only
// approved testimonials are shown; the home page reads them from memory,
// reloaded when the stored version changes.
package testimonial

import (
	"immo/internal/domain/errs"
	"immo/internal/domain/field"
	"immo/internal/domain/mail"

	"context"
	"sync/atomic"
	"time"
)

// Testimonial is one visitor's word (SPEC §3 Testimonial).
type Testimonial struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Comment   string    `json:"comment"`
	Website   string    `json:"website,omitempty"`
	Picture   string    `json:"picture,omitempty"` // a path on this site
	About     string    `json:"about,omitempty"`   // "about you": buyer, seller, tenant…
	Lang      string    `json:"lang,omitempty"`
	Approved  bool      `json:"approved"`
	CreatedAt time.Time `json:"createdAt"`
	// RequestID is the request it came with (0: none, a seeded one): its
	// sender's address and its picture are the request's.
	RequestID int64 `json:"requestId,omitempty"`
}

// Query asks for a page of testimonials to review.
type Query struct {
	Approved bool  // the published ones, else the pending
	Before   int64 // those with a smaller id (the next page); 0: the newest
	Limit    int   // 1…MaxPage
}

// MaxPage bounds a page of Testimonials.
const MaxPage = 200

// Store keeps testimonials. Version grows on every change.
type Store interface {
	AddTestimonial(ctx context.Context, t Testimonial) (int64, error)
	SetTestimonialApproved(ctx context.Context, id int64, approved bool) error
	// ApprovedTestimonials lists the approved ones, newest first.
	ApprovedTestimonials(ctx context.Context) ([]Testimonial, error)
	TestimonialsVersion(ctx context.Context) (int64, error)
	// Testimonials lists the pending or the published ones q asks,
	// newest first (by id), a page at a time: what the agency reviews.
	Testimonials(ctx context.Context, q Query) ([]Testimonial, error)
	// CountTestimonials is how many are pending and published.
	CountTestimonials(ctx context.Context) (pending, published int, err error)
	// DeleteTestimonial removes one (a rejected one); ErrNotFound when none has id.
	DeleteTestimonial(ctx context.Context, id int64) error
	// ApprovedPicture is the picture sent with testimonial id (a JPEG,
	// shrunk), only while it is approved; ErrNotFound otherwise.
	ApprovedPicture(ctx context.Context, id int64) ([]byte, error)
	// EditTestimonial runs fn on testimonial id as stored, in one write
	// transaction holding its row until it ends; fn's Op says what is then
	// written (Update: its name, comment and approval; Delete: the row),
	// and any write bumps the version. What fn writes in tx (the audit
	// entry) commits with it; an error from fn writes nothing.
	// ErrNotFound when none has id.
	EditTestimonial(ctx context.Context, id int64, fn func(ctx context.Context, tx mail.Tx, t *Testimonial) (Op, error)) error
}

// Service serves the approved testimonials from memory.
type Service struct {
	store   Store
	current atomic.Pointer[snapshot]
}

type snapshot struct {
	version int64
	list    []Testimonial
}

// NewService loads the approved testimonials.
func NewService(ctx context.Context, store Store) (*Service, error) {
	s := &Service{store: store}
	if _, err := s.Refresh(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Approved returns up to n approved testimonials, newest first (all for n ≤ 0).
func (s *Service) Approved(n int) []Testimonial {
	list := s.current.Load().list
	if n > 0 && len(list) > n {
		return list[:n]
	}
	return list
}

// Version is the version of what Approved returns.
func (s *Service) Version() int64 { return s.current.Load().version }

// Refresh reloads when the stored version changed.
func (s *Service) Refresh(ctx context.Context) (bool, error) {
	v, err := s.store.TestimonialsVersion(ctx)
	if err != nil {
		return false, err
	}
	if cur := s.current.Load(); cur != nil && cur.version == v {
		return false, nil
	}
	list, err := s.store.ApprovedTestimonials(ctx)
	if err != nil {
		return false, err
	}
	s.current.Store(&snapshot{version: v, list: list})
	return true, nil
}

// ErrNotFound is returned for an unknown testimonial id.
var ErrNotFound = &errs.Error{Code: errs.NotFound, Key: "errors.notFound", Message: "testimonial not found"}

// LanguageFirst orders what a page in lang shows: the testimonials written
// in lang first, then the others, each group in its given order (newest
// first for stored ones). langOf tells the language of one; the list is
// not changed.
func LanguageFirst[T any](list []T, lang string, langOf func(T) string) []T {
	out := make([]T, 0, len(list))
	for _, t := range list {
		if langOf(t) == lang {
			out = append(out, t)
		}
	}
	for _, t := range list {
		if langOf(t) != lang {
			out = append(out, t)
		}
	}
	return out
}

// Link is the author's website when it is a web address a page may link
// (field.ValidURL: http or https), else "": the form checks it, and this
// keeps a testimonial stored otherwise from linking anything else.
func (t Testimonial) Link() string {
	if !field.ValidURL(t.Website) {
		return ""
	}
	return t.Website
}
