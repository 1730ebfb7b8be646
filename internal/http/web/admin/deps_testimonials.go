package admin

import (
	"context"

	"immo/internal/domain/testimonial"
)

// Testimonials is the moderation of what visitors wrote
// (testimonial.Moderation): each change made as staff account by, audited,
// and shown on the site at once.
type Testimonials interface {
	List(ctx context.Context, pendingBefore, publishedBefore int64) (testimonial.Review, error)
	Approve(ctx context.Context, by, id int64) error
	Reject(ctx context.Context, by, id int64) error
	Edit(ctx context.Context, by, id int64, name, comment string) error
	DropPicture(ctx context.Context, by, id int64) error
}
