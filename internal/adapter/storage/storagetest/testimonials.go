package storagetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/testimonial"
)

// RunTestimonials is the testimonial store suite, run on every database.
func RunTestimonials(t *testing.T, open func(t *testing.T) testimonial.Store) {
	ctx := t.Context()
	s := open(t)
	v0, err := s.TestimonialsVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if list, err := s.ApprovedTestimonials(ctx); err != nil || len(list) != 0 {
		t.Fatalf("empty store: %v %v", list, err)
	}
	day := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	first, err := s.AddTestimonial(ctx, testimonial.Testimonial{Name: "Anne", Comment: "Très bien", Lang: "fr", Approved: true, CreatedAt: day})
	if err != nil {
		t.Fatal(err)
	}
	pending, err := s.AddTestimonial(ctx, testimonial.Testimonial{Name: "Bart", Comment: "<script>x</script>", CreatedAt: day.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	list, _ := s.ApprovedTestimonials(ctx)
	if len(list) != 1 || list[0].ID != first || list[0].Name != "Anne" || list[0].Lang != "fr" || !list[0].CreatedAt.Equal(day) {
		t.Fatalf("only the approved one is listed: %+v", list)
	}
	if err := s.SetTestimonialApproved(ctx, pending, true); err != nil {
		t.Fatal(err)
	}
	list, _ = s.ApprovedTestimonials(ctx)
	if len(list) != 2 || list[0].ID != pending || list[0].Comment != "<script>x</script>" {
		t.Fatalf("newest first, stored as given: %+v", list)
	}
	if err := s.SetTestimonialApproved(ctx, 424242, true); !errors.Is(err, testimonial.ErrNotFound) {
		t.Fatalf("unknown id: %v", err)
	}
	if v, _ := s.TestimonialsVersion(ctx); v != v0+3 {
		t.Fatalf("version %d after three changes from %d", v, v0)
	}
	// Another handle on the same database sees the same version.
	if v, _ := open(t).TestimonialsVersion(ctx); v != v0+3 {
		t.Fatalf("second handle sees version %d", v)
	}
	third, _ := s.AddTestimonial(ctx, testimonial.Testimonial{Name: "Carla", Comment: "Top", About: "tenant", CreatedAt: day.Add(2 * time.Hour)})
	if err := s.SetTestimonialApproved(ctx, first, false); err != nil {
		t.Fatal(err)
	}
	pend, err := s.Testimonials(ctx, testimonial.Query{})
	if err != nil || len(pend) != 2 || pend[0].ID != third || pend[1].ID != first || pend[0].Approved || pend[0].About != "tenant" {
		t.Fatalf("the pending, newest first: %+v %v", pend, err)
	}
	if pub, _ := s.Testimonials(ctx, testimonial.Query{Approved: true}); len(pub) != 1 || !pub[0].Approved || pub[0].ID == first || pub[0].ID == third {
		t.Fatalf("the published: %+v", pub)
	}
	if page, _ := s.Testimonials(ctx, testimonial.Query{Limit: 1}); len(page) != 1 || page[0].ID != third {
		t.Fatalf("a page of one: %+v", page)
	}
	if page, _ := s.Testimonials(ctx, testimonial.Query{Before: third, Limit: 1}); len(page) != 1 || page[0].ID != first {
		t.Fatalf("the page after: %+v", page)
	}
	if p, q, err := s.CountTestimonials(ctx); err != nil || p != 2 || q != 1 {
		t.Fatalf("counts: %d pending, %d published, %v", p, q, err)
	}
	if err := s.DeleteTestimonial(ctx, third); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteTestimonial(ctx, third); !errors.Is(err, testimonial.ErrNotFound) {
		t.Fatalf("deleted twice: %v", err)
	}
	if p, q, _ := s.CountTestimonials(ctx); p+q != 2 {
		t.Fatalf("after the delete: %d pending, %d published", p, q)
	}
	if v, _ := s.TestimonialsVersion(ctx); v != v0+6 {
		t.Fatalf("version %d after six changes from %d", v, v0)
	}
	if rs, ok := s.(requestStore); ok {
		t.Run("WithRequest", func(t *testing.T) { testTestimonialRequest(t, rs) })
	}
	t.Run("Edit", func(t *testing.T) { testTestimonialEdit(t, s) })
}

// requestStore is a store keeping requests too (the SQL stores).
type requestStore interface {
	testimonial.Store
	testimonial.Pending
	Requests() *sqlstore.Requests
}

// testTestimonialRequest: a testimonial sent through the form is stored,
// pending, with its request, in the request's transaction, or not at all.
func testTestimonialRequest(t *testing.T, s requestStore) {
	ctx := t.Context()
	store := testimonial.Recording(s.Requests(), s, nil)
	r := lead.Request{Kind: lead.KindTestimonial, Lang: "nl", Page: "/nl/getuigenis/", Time: day, IPHash: "h",
		Person: lead.Person{FirstName: "Els", LastName: "van Damme", Email: "els@example.be"}, Remark: "Heel tevreden",
		Fields: map[string]string{"website": "https://els.example.be", "aboutYou": "seller"}}
	before, _ := s.Testimonials(ctx, testimonial.Query{})
	boom := errors.New("boom")
	if _, err := store.Save(ctx, r, func(context.Context, mail.Tx, int64) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("failing callback: %v", err)
	}
	if after, _ := s.Testimonials(ctx, testimonial.Query{}); len(after) != len(before) {
		t.Fatalf("a failed request leaves no testimonial: %+v", after)
	}
	id, err := store.Save(ctx, r, func(context.Context, mail.Tx, int64) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	pend, _ := s.Testimonials(ctx, testimonial.Query{})
	if len(pend) != len(before)+1 {
		t.Fatalf("pending: %+v", pend)
	}
	got := pend[0]
	if got.RequestID != id || got.Name != "Els V." || got.Comment != "Heel tevreden" || got.Website != "https://els.example.be" ||
		got.About != "seller" || got.Lang != "nl" || got.Approved || !got.CreatedAt.Equal(day) {
		t.Fatalf("stored %+v (request %d)", got, id)
	}
	if req, _, err := s.Requests().Get(ctx, id); err != nil || req.Kind != lead.KindTestimonial || req.Person.Email != "els@example.be" {
		t.Fatalf("the request: %+v %v", req, err)
	}
	for _, a := range mustApproved(t, s) {
		if a.ID == got.ID {
			t.Fatal("a pending testimonial is not approved")
		}
	}
}

func mustApproved(t *testing.T, s testimonial.Store) []testimonial.Testimonial {
	list, err := s.ApprovedTestimonials(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return list
}
