package admin

// TestimonialsProps are the testimonials to moderate: a page of the
// pending ones, then a page of the published, each newest first.
type TestimonialsProps struct {
	Base
	Rows []TestimonialRow `json:"rows"`
	// How many are pending and published; the next page of each ("":
	// none) and the first when this is not it.
	PendingTotal   int    `json:"pendingTotal"`
	PublishedTotal int    `json:"publishedTotal"`
	PendingNext    string `json:"pendingNext"`
	PublishedNext  string `json:"publishedNext"`
	First          string `json:"first"`
	// Action is where the forms post (action approve, reject or edit, and
	// the testimonial's id).
	Action string `json:"action"`
	// MaxName and MaxComment bound the edit form's fields.
	MaxName    int `json:"maxName"`
	MaxComment int `json:"maxComment"`
}

func (TestimonialsProps) View() string { return ViewTestimonials }

// TestimonialRow is one testimonial.
type TestimonialRow struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Comment  string `json:"comment"`
	Website  string `json:"website"`
	About    string `json:"about"` // buyer, seller, tenant… ("": not said)
	Lang     string `json:"lang"`
	Approved bool   `json:"approved"`
	Created  string `json:"created"` // RFC 3339
	// Lead is the request it came with ("": none, a seeded one); Picture
	// the picture sent with it, downloaded from that request ("": none,
	// or dropped), PictureView the same shown in the page.
	Lead        string `json:"lead"`
	Picture     string `json:"picture"`
	PictureView string `json:"pictureView"`
}
