package storagetest

import (
	"errors"
	"testing"
	"time"

	"immo/internal/testimonial"
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
}
