package storagetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/audit"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/testimonial"
)

// testTestimonialEdit: EditTestimonial hands the stored testimonial to its
// function and writes what it says (an update or a removal, each bumping
// the version; nothing when kept), with what the function wrote in the
// transaction (an audit entry) — or none of it when the function fails.
func testTestimonialEdit(t *testing.T, s testimonial.Store) {
	ctx := t.Context()
	at := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	id, err := s.AddTestimonial(ctx, testimonial.Testimonial{Name: "Dirk", Comment: "Goed", Lang: "nl", CreatedAt: at})
	if err != nil {
		t.Fatal(err)
	}
	log, _ := s.(interface{ Audit() *sqlstore.Audit })
	entries := func() int {
		if log == nil {
			return 0
		}
		list, err := log.Audit().List(ctx, audit.Query{TargetKind: testimonial.AuditTarget, TargetID: id, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		return len(list)
	}
	edit := func(op testimonial.Op, change func(t *testimonial.Testimonial), fail error) error {
		return s.EditTestimonial(ctx, id, func(ctx context.Context, tx mail.Tx, tm *testimonial.Testimonial) (testimonial.Op, error) {
			if tm.ID != id || tm.Lang != "nl" || !tm.CreatedAt.Equal(at) {
				t.Errorf("handed %+v", tm)
			}
			change(tm)
			if log != nil {
				if err := log.Audit().LogIn(ctx, tx, audit.Entry{Time: at, Actor: 7, Action: "testimonial.edit",
					TargetKind: testimonial.AuditTarget, TargetID: id, Before: "x", After: "y"}); err != nil {
					return op, err
				}
			}
			return op, fail
		})
	}
	v0, _ := s.TestimonialsVersion(ctx)
	boom := errors.New("boom")
	if err := edit(testimonial.Update, func(tm *testimonial.Testimonial) { tm.Name = "Nope" }, boom); !errors.Is(err, boom) {
		t.Fatalf("a failing function: %v", err)
	}
	if v, _ := s.TestimonialsVersion(ctx); v != v0 || entries() != 0 {
		t.Fatalf("a failing function wrote: version %d → %d, %d entries", v0, v, entries())
	}
	if err := edit(testimonial.Keep, func(tm *testimonial.Testimonial) {}, nil); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.TestimonialsVersion(ctx); v != v0 {
		t.Fatalf("kept, yet the version moved: %d → %d", v0, v)
	}
	if err := edit(testimonial.Update, func(tm *testimonial.Testimonial) { tm.Name, tm.Comment, tm.Approved = "Dirk V.", "Heel goed", true }, nil); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.TestimonialsVersion(ctx); v != v0+1 {
		t.Fatalf("updated: version %d, want %d", v, v0+1)
	}
	found := false
	for _, a := range mustApproved(t, s) {
		if a.ID == id {
			found = a.Name == "Dirk V." && a.Comment == "Heel goed"
		}
	}
	if !found {
		t.Fatalf("the update is not stored: %+v", mustApproved(t, s))
	}
	if log != nil && entries() != 2 { // Keep's and Update's: the function's writes commit
		t.Fatalf("audit entries %d, want 2", entries())
	}
	if err := edit(testimonial.Delete, func(tm *testimonial.Testimonial) {}, nil); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.TestimonialsVersion(ctx); v != v0+2 {
		t.Fatalf("deleted: version %d, want %d", v, v0+2)
	}
	if err := edit(testimonial.Update, func(tm *testimonial.Testimonial) {}, nil); !errors.Is(err, testimonial.ErrNotFound) {
		t.Fatalf("a deleted testimonial: %v, want ErrNotFound", err)
	}

	// An update writes the picture too: emptied, the site serves it no
	// more, the request keeps its upload.
	requests, ok := s.(interface{ Requests() *sqlstore.Requests })
	if !ok {
		return
	}
	req, err := requests.Requests().Save(ctx, lead.Request{Kind: lead.KindTestimonial, Lang: "nl", Page: "/", Time: at, IPHash: "pic",
		Person: lead.Person{FirstName: "Els", LastName: "V", Email: "els@example.be"}, Remark: "Top",
		Files: []lead.File{{Field: testimonial.PictureField, Name: "els.jpg", Type: "image/jpeg", Data: []byte("\xff\xd8\xff jpeg")}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pic, err := s.AddTestimonial(ctx, testimonial.Testimonial{Name: "Els", Comment: "Top", Lang: "nl", CreatedAt: at, RequestID: req,
		Picture: "/testimonial-picture/1-x.jpg", Approved: true})
	if err != nil {
		t.Fatal(err)
	}
	if data, err := s.ApprovedPicture(ctx, pic); err != nil || len(data) == 0 {
		t.Fatalf("the picture before: %d bytes, %v", len(data), err)
	}
	err = s.EditTestimonial(ctx, pic, func(ctx context.Context, tx mail.Tx, tm *testimonial.Testimonial) (testimonial.Op, error) {
		if tm.Picture != "/testimonial-picture/1-x.jpg" {
			t.Errorf("handed picture %q", tm.Picture)
		}
		tm.Picture = ""
		return testimonial.Update, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ApprovedPicture(ctx, pic); !errors.Is(err, testimonial.ErrNotFound) {
		t.Fatalf("a dropped picture still served: %v", err)
	}
	for _, a := range mustApproved(t, s) {
		if a.ID == pic && (a.Picture != "" || a.Comment != "Top") {
			t.Fatalf("after the drop: %+v", a)
		}
	}
}
