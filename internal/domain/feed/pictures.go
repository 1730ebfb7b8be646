package feed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"path"
	"strings"
	"time"
)

// A listing's pictures on its CRM's host are fetched into the site's
// picture store (issue #33): the run gives each such address its local
// one (LocalURL), which the site serves from the store, the picture
// checked by content and re-encoded, its variants made like the site's
// own. A picture is fetched once, checked again after PictureRecheck (a
// conditional request: unchanged, it is kept as it is), and one that
// cannot be fetched keeps what was fetched before; its problem is kept
// and shown.

// PicturePrefix is where the CRM's pictures are served.
const PicturePrefix = "/pictures/crm/"

// Bounds of the CRM's pictures.
const (
	// MaxPictureBytes bounds one picture as the CRM sends it.
	MaxPictureBytes = 20 << 20
	// PictureRecheck is how long a fetched picture is trusted before it
	// is asked again; PictureRetry how long after a failure.
	PictureRecheck = 24 * time.Hour
	PictureRetry   = 10 * time.Minute
	// PictureBatch is how many pictures one job fetches.
	PictureBatch = 200
	// PictureProblemsShown is how many failed pictures the inbox lists per feed.
	PictureProblemsShown = 20
	// MaxPictureName bounds a picture's file name in its local address.
	MaxPictureName = 80
)

// Picture is one CRM picture in the store.
type Picture struct {
	Key  string // PictureKey of its address
	URL  string // on the CRM's host
	Name string // its local file name
	Feed int64
	// ETag, LastModified and Hash are what the CRM answered last (the
	// validators sent back; the SHA-256 of its bytes).
	ETag, LastModified, Hash string
	Width, Height, Size      int
	// Data is the picture as the site serves it (JPEG, or PNG kept as
	// sent); nil until fetched, and in lists.
	Data []byte
	// Fetched is when Data was last stored; Checked when the CRM was last
	// asked; Error why that failed ("": it did not).
	Fetched, Checked time.Time
	Error            string
}

// PictureKey names a picture's address in the store and in its local one.
func PictureKey(address string) string {
	sum := sha256.Sum256([]byte(address))
	return hex.EncodeToString(sum[:16])
}

// PictureName is the local file name of a picture's address: its last
// segment's letters, digits, dots, dashes and underscores, bounded,
// ending .jpg (the store keeps every picture re-encoded as JPEG).
func PictureName(address string) string {
	name := "picture"
	if u, err := url.Parse(address); err == nil {
		name = path.Base(u.Path)
	}
	clean := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return -1
	}, name)
	const ext = ".jpg"
	base := strings.Trim(strings.TrimSuffix(strings.TrimSuffix(clean, path.Ext(clean)), "."), ".")
	if base == "" {
		base = "picture"
	}
	if len(base) > MaxPictureName-len(ext) {
		base = base[:MaxPictureName-len(ext)]
	}
	return base + ext
}

// LocalURL is a CRM picture's local address.
func LocalURL(address string) string {
	return PicturePrefix + PictureKey(address) + "/" + PictureName(address)
}

// ParseLocal reads a local address's key and name; ok false for another.
func ParseLocal(local string) (key, name string, ok bool) {
	rest, found := strings.CutPrefix(local, PicturePrefix)
	if !found {
		return "", "", false
	}
	key, name, found = strings.Cut(rest, "/")
	if !found || len(key) != 32 || strings.Trim(key, "0123456789abcdef") != "" || name == "" || strings.ContainsAny(name, "/?#") {
		return "", "", false
	}
	return key, name, true
}

// OnHost is true when address is an http(s) address on host (the feed's):
// a picture the run fetches.
func OnHost(address, host string) bool {
	u, err := url.Parse(address)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.User == nil && strings.EqualFold(u.Hostname(), host)
}

// Pictures keeps the CRM's pictures; one implementation per database,
// both passing storagetest.RunFeedPictures.
type Pictures interface {
	// WantPictures adds the pictures a run named that the store lacks.
	WantPictures(ctx context.Context, feedID int64, want []Picture) error
	// PicturesDue are at most limit pictures of feed to fetch: never
	// fetched and not tried since retry, or checked before recheck.
	PicturesDue(ctx context.Context, feedID int64, retry, recheck time.Time, limit int) ([]Picture, error)
	// SavePicture keeps what a fetch learnt: p's validators, hash,
	// checked time and error; its data, sizes and fetched time when Data
	// is not nil.
	SavePicture(ctx context.Context, p Picture) error
	// PictureProblems are at most limit pictures of feed whose last fetch
	// failed (without data), and how many there are.
	PictureProblems(ctx context.Context, feedID int64, limit int) ([]Picture, int, error)
	// FeedPicture is the picture of key, with its data; errs.NotFound.
	FeedPicture(ctx context.Context, key string) (Picture, error)
}
