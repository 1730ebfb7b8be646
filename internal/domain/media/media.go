// Package media is the site's picture library (issue #32): the pictures
// the staff upload for the banner, the pop-up, a page or a footer column,
// each with its alternative text in every language, and where the site
// uses it. A picture is judged by its content (package upload), re-encoded
// without its metadata, and kept in the database so that every server
// serves it; its variants are made by the same picture pipeline as the
// demo agency's. A picture the published site or a draft uses cannot be
// deleted.
//
// No HTTP, no SQL: the inbox uploads and lists, the storage packages keep.
package media

import (
	"context"
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/audit"
	"immo/internal/domain/errs"
	"immo/internal/domain/site"
)

// URLPrefix is where the library's pictures are served: an item's address
// is URLPrefix, its number, a slash and its name (/pictures/media/12/spring.jpg),
// the address a configuration names it by.
const URLPrefix = "/pictures/media/"

// Limits of the library, checked before anything is stored.
const (
	// Side is the longest side of a picture once re-encoded: a full-screen
	// banner on a large screen (the largest variant is 1920 wide), no more.
	Side = 2560
	// MaxItems and MaxBytes bound the library: a year of campaigns is a
	// few hundred pictures of a few hundred KB each.
	MaxItems = 2000
	MaxBytes = 1 << 30
	// MaxAlt bounds an alternative text in one language, in characters.
	MaxAlt = 300
	// Listed is how many pictures the library page lists, newest first:
	// all of them.
	Listed = MaxItems
)

// Item is one picture of the library.
type Item struct {
	ID int64
	// Name is the file name it is served under, cleaned (upload.CleanName),
	// ending in .jpg or .png.
	Name string
	MIME string // image/jpeg or image/png
	// Width and Height are its pixels, Size its bytes.
	Width, Height, Size int
	// Alt is its alternative text per language, offered when it is chosen.
	Alt     site.Text
	By      string // who uploaded it
	Created time.Time
	// Data is the picture; lists leave it nil.
	Data []byte
}

// URL is the address the site serves the item at.
func (it Item) URL() string { return URLPrefix + strconv.FormatInt(it.ID, 10) + "/" + it.Name }

// ParseURL reads an item's address: its number and name; ok false for any
// other address.
func ParseURL(u string) (id int64, name string, ok bool) {
	rest, found := strings.CutPrefix(u, URLPrefix)
	if !found {
		return 0, "", false
	}
	num, name, found := strings.Cut(rest, "/")
	id, err := strconv.ParseInt(num, 10, 64)
	if !found || err != nil || id <= 0 || name == "" || strings.ContainsAny(name, "/?#") {
		return 0, "", false
	}
	return id, name, true
}

// Audit log words: the kind of target and the actions.
const (
	AuditKind               = "media"
	ActionAdd  audit.Action = "media.add"
	ActionAlt  audit.Action = "media.alt"
	ActionDrop audit.Action = "media.delete"
)

// Refusals, coded for the inbox (admin.json).
var (
	ErrNoItem = &errs.Error{Code: errs.NotFound, Field: "picture", Key: "admin.media.error.none",
		Message: "media: no such picture"}
	ErrInUse = &errs.Error{Code: errs.Conflict, Field: "picture", Key: "admin.media.error.inUse",
		Message: "media: the picture is in use"}
	ErrFull = &errs.Error{Code: errs.Invalid, Field: "file", Key: "admin.media.error.full",
		Message: "media: the library is full"}
	ErrAlt = &errs.Error{Code: errs.Invalid, Field: "alt", Key: "admin.media.error.alt",
		Message: "media: an alternative text is too long"}
)

// Store keeps the library; one implementation per database, both passing
// storagetest.RunMedia.
type Store interface {
	// AddMedia stores it (its ID ignored) with the audit entry e (its
	// TargetID the new number) in one transaction, and returns it numbered.
	AddMedia(ctx context.Context, it Item, e audit.Entry) (Item, error)
	// MediaItem is item id, Data included when data; ErrNoItem when none.
	MediaItem(ctx context.Context, id int64, data bool) (Item, error)
	// MediaItems lists at most limit items, newest first, without Data.
	MediaItems(ctx context.Context, limit int) ([]Item, error)
	// MediaUsage is how many items the library holds and their bytes.
	MediaUsage(ctx context.Context) (items int, bytes int64, err error)
	// SetMediaAlt replaces item id's alternative texts, with e; ErrNoItem when none.
	SetMediaAlt(ctx context.Context, id int64, alt site.Text, e audit.Entry) error
	// DeleteMedia deletes item id, with e; ErrNoItem when none.
	DeleteMedia(ctx context.Context, id int64, e audit.Entry) error
}
