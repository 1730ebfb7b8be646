// Package agency is the agency a request is served for: its site's
// configuration, published as numbered versions in the database (a file
// imported, later the site editor), and the request's context that
// carries it, as it carries the viewer. Nothing captures it at start: a
// server notices a new version within seconds (Service.Refresh).
package agency

import (
	"context"

	"immo/internal/domain/site"
)

// Agency is one agency's site as a request sees it.
type Agency struct {
	Site *site.Config
	// Version is the published configuration it comes from; 0 for a
	// configuration that is not stored (a test's).
	Version int64
	// Draft is the draft it is (a staff member's preview), 0 for the
	// published site: never cached, indexed or counted.
	Draft int64
	// Past says it is a published version other than the one served, as
	// a staff member previews it from the history (Version is that
	// version): like a draft, never cached, indexed or counted.
	Past bool
}

type contextKey struct{}

// NewContext returns ctx carrying a.
func NewContext(ctx context.Context, a *Agency) context.Context {
	return context.WithValue(ctx, contextKey{}, a)
}

// FromContext is the agency ctx carries; nil when none.
func FromContext(ctx context.Context) *Agency {
	a, _ := ctx.Value(contextKey{}).(*Agency)
	return a
}
