// Package pictures makes and keeps the resized variants of the site's own
// pictures (SPEC §7: widths 100, 400, 600, 1360 and 1920, height=auto, JPEG
// or WebP). Variants are made ahead of time by a background Worker and kept
// in the database, so a request never encodes: it gets the stored variant
// nearest at or above the width it asks for, or the original while the
// variants are not made yet.
//
// The package imports no HTTP and no SQL: picturehttp serves the variants,
// the storage packages keep them.
package pictures

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"path"
	"slices"
	"strings"
	"time"
)

// Widths are the variant widths, narrowest first: SPEC §7's (the picture
// CDN's) — 100 (thumbnails), 400 and 600 (cards), 1360 (detail, banner on a
// laptop), 1920 (full screen) — and 800 of our own, for a phone's gallery: a
// 412-px phone at 1.75× fills 721 pixels, and the next step up was 1360
// (issue #34). The CDN answers 800 with its 1360.
var Widths = []int{100, 400, 600, 800, 1360, 1920}

// Pick returns the width of the variant that answers a request for width:
// the smallest of Widths at or above it, or the largest when width is beyond
// them all. A width of 0 or less picks the smallest.
//
// A picture narrower than the width picked has its variant at its own width
// (never upscaled): see Targets. The store's GetVariant does that capping.
func Pick(width int) int {
	for _, w := range Widths {
		if w >= width {
			return w
		}
	}
	return Widths[len(Widths)-1]
}

// Targets returns the widths to make for a picture original pixels wide:
// each of Widths, capped at the original's width, without duplicates, so a
// 1600-pixel picture gets 100, 400, 600, 1360 and 1600, and an 80-pixel one
// only 80.
func Targets(original int) []int {
	var out []int
	for _, w := range Widths {
		w = min(w, original)
		if w > 0 && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// HeightFor returns the height of a variant width pixels wide of a picture
// ow×oh, keeping the aspect ratio (height=auto), rounded, at least 1.
func HeightFor(width, ow, oh int) int {
	if ow <= 0 {
		return 0
	}
	return max(1, (oh*width+ow/2)/ow)
}

// Variant formats.
const (
	JPEG = "jpeg"
	WebP = "webp"
)

// Formats are the formats every variable picture is made in.
var Formats = []string{JPEG, WebP}

// Quality is the encoding quality of both formats.
const Quality = 80

// WebPMethod is libwebp's speed/size trade-off (0 fastest … 6 smallest). It
// must be set explicitly: gen2brain/webp reads 0 as the fastest, not as its
// default 4. Measured on a 1600×1067 demo picture resized to 1360 px: method
// 2 takes ~0.27 s for 22 KB, method 0 ~0.16 s for 32 KB, method 4 ~0.7 s for
// 21 KB.
const WebPMethod = 2

// ContentType is the media type of format.
func ContentType(format string) string {
	switch format {
	case JPEG:
		return "image/jpeg"
	case WebP:
		return "image/webp"
	}
	return "application/octet-stream"
}

// Variable tells whether variants are made of the picture at source: only
// JPEG photographs are. Other pictures (the PNG logo, with its alpha) are
// always served as they are.
func Variable(source string) bool {
	switch strings.ToLower(path.Ext(source)) {
	case ".jpg", ".jpeg":
		return true
	}
	return false
}

// Variant is one stored rendition of a picture.
type Variant struct {
	// Source is the picture's URL path, like "/pictures/demo/house-01.jpg".
	Source string
	// Width and Height are the variant's own pixel size: Width is one of
	// Targets(original width).
	Width, Height int
	// Format is JPEG or WebP.
	Format string
	// Original is the Fingerprint of the original the variant was made from:
	// a variant of another original (the picture changed) is stale.
	Original string
	// ETag is the Fingerprint of Data.
	ETag string
	// Data is the encoded picture; ListVariants leaves it nil.
	Data []byte
	// Size is len(Data), also filled by ListVariants.
	Size int
	// Created is when the variant was made.
	Created time.Time
}

// ErrNoVariant is returned by GetVariant when nothing answers the request.
var ErrNoVariant = errors.New("pictures: no variant stored")

// Store keeps the variants: in the database, so that several servers on one
// PostgreSQL share them. One implementation per database (SQLite,
// PostgreSQL); both pass storagetest.RunPictures.
type Store interface {
	// PutVariants stores variants, in one transaction. Every stored variant
	// of the same sources made from another original is deleted first; a
	// variant already stored (same source, width and format, say made by
	// another server at the same time) is kept as it is.
	PutVariants(ctx context.Context, vs []Variant) error
	// GetVariant returns the variant of source in format whose width is the
	// smallest at or above width, or else the widest one; ErrNoVariant when
	// source has none in format. The worker stores all the widths of a source
	// at once, so the widest is the original's width, capped at 1920.
	GetVariant(ctx context.Context, source string, width int, format string) (Variant, error)
	// ListVariants returns the variants of source, narrowest first, without
	// their Data.
	ListVariants(ctx context.Context, source string) ([]Variant, error)
}

// Fingerprint identifies bytes: the first 128 bits of their SHA-256, in hex.
func Fingerprint(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

// Sorted returns a copy of vs in key order (source, width, format): stores
// write in that order so that two servers storing the same variants at once
// take their row locks in the same order and never deadlock.
func Sorted(vs []Variant) []Variant {
	out := slices.Clone(vs)
	slices.SortFunc(out, func(a, b Variant) int {
		return cmp.Or(strings.Compare(a.Source, b.Source), cmp.Compare(a.Width, b.Width), strings.Compare(a.Format, b.Format))
	})
	return out
}
