package testimonial

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"immo/internal/domain/errs"
	"immo/internal/domain/field"
	"immo/internal/domain/mail"
)

// Op is what Store.EditTestimonial writes once its function returns.
type Op int

const (
	Keep   Op = iota // nothing: the version stays
	Update           // the testimonial's name, comment, approval and picture
	Delete           // the testimonial removed (with its picture's address)
)

// AuditTarget is the audit log's target kind of a moderation (the inbox's
// audit_log; the target's ID is the testimonial's).
const AuditTarget = "testimonial"

// Action is what a moderation did, as the audit log names it.
type Action string

const (
	ActionApprove Action = "testimonial.approve" // Before "pending", After "published"
	ActionReject  Action = "testimonial.reject"  // Before the name and comment removed
	ActionEdit    Action = "testimonial.edit"    // Before and After the name and comment
	// ActionDropPicture: the picture no longer shown, the text kept
	// (Before the picture's address on the site).
	ActionDropPicture Action = "testimonial.picture"
)

// Change is one moderation, for the audit log: who (a staff account), on
// which testimonial, what, the text before and after, when.
type Change struct {
	By, ID        int64
	Action        Action
	Before, After string
	At            time.Time
}

// Audit records a change inside the transaction that makes it (tx is the
// store's), so the change and its record commit together or not at all.
type Audit func(ctx context.Context, tx mail.Tx, c Change) error

// MaxName bounds the name the site shows; a comment is bounded as the
// form's remark (field.MaxRemark).
const MaxName = 100

// The moderation's refusals (translation keys, admin.json).
const (
	KeyNameEmpty    = "admin.testimonials.error.nameEmpty"
	KeyNameLong     = "admin.testimonials.error.nameLong"
	KeyCommentEmpty = "admin.testimonials.error.commentEmpty"
	KeyCommentLong  = "admin.testimonials.error.commentLong"
	KeyText         = "admin.testimonials.error.text" // control characters
	KeyGone         = "admin.testimonials.error.gone" // no such testimonial (rejected meanwhile)
)

// Errors lists the keys above: a test checks each is in every language.
var Errors = []string{KeyNameEmpty, KeyNameLong, KeyCommentEmpty, KeyCommentLong, KeyText, KeyGone}

// ErrGone is a moderation of a testimonial that is no longer there.
var ErrGone = &errs.Error{Code: errs.NotFound, Field: "form", Key: KeyGone, Message: "testimonial: no such testimonial"}

// Moderation is the agency reviewing what visitors wrote: each change is
// audited in its own transaction, and the site's Service refreshed at
// once, so the next page the site renders shows it (its version is the
// pages' generation: the HTML cache and the pre-rendered pages follow).
type Moderation struct {
	Store Store
	Audit Audit    // nil: nothing recorded
	Shown *Service // refreshed after each change; nil: none
	Now   func() time.Time
}

func (m *Moderation) now() time.Time {
	if m.Now != nil {
		return m.Now().UTC()
	}
	return time.Now().UTC()
}

// ModerationPage is how many testimonials of each state one page lists.
const ModerationPage = 50

// Review is what the moderation page shows: a page of the pending ones
// and a page of the published, each newest first, with how many there are
// and where the next page starts (0: none).
type Review struct {
	Pending, Published           []Testimonial
	PendingTotal, PublishedTotal int
	PendingNext, PublishedNext   int64
}

// List is a page of the pending testimonials (older than pendingBefore, 0:
// the newest) and one of the published (older than publishedBefore).
func (m *Moderation) List(ctx context.Context, pendingBefore, publishedBefore int64) (Review, error) {
	var r Review
	var err error
	if r.PendingTotal, r.PublishedTotal, err = m.Store.CountTestimonials(ctx); err != nil {
		return Review{}, err
	}
	page := func(approved bool, before int64) ([]Testimonial, int64, error) {
		list, err := m.Store.Testimonials(ctx, Query{Approved: approved, Before: before, Limit: ModerationPage + 1})
		if err != nil || len(list) <= ModerationPage {
			return list, 0, err
		}
		list = list[:ModerationPage]
		return list, list[len(list)-1].ID, nil
	}
	if r.Pending, r.PendingNext, err = page(false, pendingBefore); err != nil {
		return Review{}, err
	}
	if r.Published, r.PublishedNext, err = page(true, publishedBefore); err != nil {
		return Review{}, err
	}
	return r, nil
}

// Approve publishes testimonial id, as staff account by. A published one
// stays so, and nothing is logged.
func (m *Moderation) Approve(ctx context.Context, by, id int64) error {
	return m.edit(ctx, by, id, func(t *Testimonial) (Op, *Change) {
		if t.Approved {
			return Keep, nil
		}
		t.Approved = true
		return Update, &Change{Action: ActionApprove, Before: "pending", After: "published"}
	})
}

// Reject removes testimonial id (pending or published), as by.
func (m *Moderation) Reject(ctx context.Context, by, id int64) error {
	return m.edit(ctx, by, id, func(t *Testimonial) (Op, *Change) {
		return Delete, &Change{Action: ActionReject, Before: words(*t)}
	})
}

// Edit changes the name and comment of testimonial id, as by: both
// required, plain text, bounded. The same words again change nothing.
func (m *Moderation) Edit(ctx context.Context, by, id int64, name, comment string) error {
	name, comment = strings.Join(strings.Fields(name), " "), strings.TrimSpace(comment)
	e := map[string]string{}
	switch {
	case !field.IsPlain(name, false):
		e["name"] = KeyText
	case name == "":
		e["name"] = KeyNameEmpty
	case utf8.RuneCountInString(name) > MaxName:
		e["name"] = KeyNameLong
	}
	switch {
	case !field.IsPlain(comment, true):
		e["comment"] = KeyText
	case comment == "":
		e["comment"] = KeyCommentEmpty
	case utf8.RuneCountInString(comment) > field.MaxRemark:
		e["comment"] = KeyCommentLong
	}
	for _, f := range []string{"name", "comment"} {
		if key, bad := e[f]; bad {
			return &errs.Error{Code: errs.Invalid, Field: f, Key: key, Message: "testimonial: " + f + ": " + key}
		}
	}
	return m.edit(ctx, by, id, func(t *Testimonial) (Op, *Change) {
		if t.Name == name && t.Comment == comment {
			return Keep, nil
		}
		before := words(*t)
		t.Name, t.Comment = name, comment
		return Update, &Change{Action: ActionEdit, Before: before, After: words(*t)}
	})
}

// DropPicture stops showing testimonial id's picture, as by, its name and
// comment kept (a picture the agency will not publish, with words it
// will): the site shows the text alone and no longer serves the picture;
// the request it came with keeps the upload. None to drop changes nothing.
func (m *Moderation) DropPicture(ctx context.Context, by, id int64) error {
	return m.edit(ctx, by, id, func(t *Testimonial) (Op, *Change) {
		if t.Picture == "" {
			return Keep, nil
		}
		before := t.Picture
		t.Picture = ""
		return Update, &Change{Action: ActionDropPicture, Before: before}
	})
}

// edit runs change on testimonial id in the store's transaction, records
// the change it returns as by's, and refreshes the site's list.
func (m *Moderation) edit(ctx context.Context, by, id int64, change func(t *Testimonial) (Op, *Change)) error {
	err := m.Store.EditTestimonial(ctx, id, func(ctx context.Context, tx mail.Tx, t *Testimonial) (Op, error) {
		op, c := change(t)
		if c == nil || m.Audit == nil {
			return op, nil
		}
		c.By, c.ID, c.At = by, id, m.now()
		return op, m.Audit(ctx, tx, *c)
	})
	if err != nil {
		if e, ok := errs.As(err); ok && e.Code == errs.NotFound {
			return ErrGone
		}
		return err
	}
	if m.Shown != nil {
		_, err = m.Shown.Refresh(ctx)
	}
	return err
}

// maxWords bounds what the audit log keeps of a name and comment: it says
// what changed, it is no copy of every comment.
const maxWords = 500

// words is a testimonial's name and comment, as the audit log keeps them.
func words(t Testimonial) string {
	s := t.Name + ": " + t.Comment
	if r := []rune(s); len(r) > maxWords {
		return string(r[:maxWords-1]) + "…"
	}
	return s
}
