package demo

import (
	"time"

	"immo/internal/domain/testimonial"
)

// Testimonials are the demo agency's testimonials: three approved, one
// waiting for approval (which the site must not show).
func Testimonials() []testimonial.Testimonial {
	day := func(m, d int) time.Time { return time.Date(2026, time.Month(m), d, 10, 0, 0, 0, time.UTC) }
	return []testimonial.Testimonial{
		{Name: "Sophie M.", About: "seller", Lang: "fr", Approved: true, CreatedAt: day(3, 14),
			Comment: "Notre maison à Arlon a été vendue en six semaines, au prix demandé. Un suivi sérieux et des visites bien préparées."},
		{Name: "Jan en Els V.", About: "buyer", Lang: "nl", Approved: true, CreatedAt: day(5, 2),
			Comment: "Vlotte communicatie in het Nederlands en een eerlijk advies over de renovatiekosten. We voelden ons goed begeleid."},
		{Name: "Mark T.", About: "tenant", Lang: "en", Approved: true, CreatedAt: day(8, 21),
			Comment: "Found a flat near the station within a week of moving from Luxembourg. Clear paperwork and a friendly team."},
		{Name: "Anonyme", About: "buyer", Lang: "fr", Approved: false, CreatedAt: day(9, 30),
			Comment: "En attente de modération."},
	}
}
