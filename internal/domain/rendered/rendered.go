// Package rendered keeps server-rendered pages where every server finds
// them and a restart does not lose them: by what a page is made of (the
// digest of its build, status, language, head and page object), so a page
// is never stale — another version of the page is another key — and several
// servers rendering the same page store it once. The store is bounded in
// bytes: past its bound the pages used least recently go.
package rendered

import (
	"context"
	"errors"
	"time"
)

// Key names a page by what it is made of (a SHA-256).
type Key [32]byte

// ErrNotFound: no page is stored under the key.
var ErrNotFound = errors.New("rendered: no such page")

// Store keeps rendered pages, compressed by the caller.
type Store interface {
	// GetRendered returns the page stored under key (ErrNotFound), and
	// marks it used at now.
	GetRendered(ctx context.Context, key Key, now time.Time) ([]byte, error)
	// HasRendered reports whether a page is stored under key.
	HasRendered(ctx context.Context, key Key) (bool, error)
	// PutRendered stores body under key (a page stored already is kept)
	// and then removes the pages used least recently while the stored
	// bytes are over maxBytes.
	PutRendered(ctx context.Context, key Key, body []byte, now time.Time, maxBytes int64) error
	// RenderedSize is how many pages are stored and their bytes.
	RenderedSize(ctx context.Context) (pages int, bytes int64, err error)
}

// TouchAfter is how old a page's use must be for a read to write it again:
// a page read often costs one write an hour, not one a read.
const TouchAfter = time.Hour
