package media

import (
	"bytes"
	"context"
	"errors"
	"image"
	_ "image/jpeg" // DecodeConfig of the kept pictures
	"image/png"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"immo/internal/domain/agency"
	"immo/internal/domain/audit"
	"immo/internal/domain/errs"
	"immo/internal/domain/field"
	"immo/internal/domain/i18n"
	"immo/internal/domain/rules"
	"immo/internal/domain/site"
	"immo/internal/domain/upload"
)

// Configs gives the configurations whose pictures must stay: the one
// served and every draft (agency.Service, wired by the app).
type Configs interface {
	SiteConfigs(ctx context.Context) ([]Config, error)
}

// Config is one configuration as a file holds it.
type Config struct {
	Draft int64 // 0: the published site
	Data  []byte
}

// Library is the site's picture library.
type Library struct {
	store   Store
	configs Configs
	now     func() time.Time
	// Added, when set, is told of every picture added: the picture
	// pipeline makes its variants.
	Added func(url string)
}

// NewLibrary is the library kept in store; configs say what is in use.
func NewLibrary(store Store, configs Configs, now func() time.Time) *Library {
	if now == nil {
		now = time.Now
	}
	return &Library{store: store, configs: configs, now: now}
}

// Entry is an item with where the site uses it.
type Entry struct {
	Item
	Uses []Use
}

// Add judges the file name holding data by its content (upload.Media: a
// JPEG, PNG or WebP within upload.MaxSize and the pixel bounds), re-encodes
// a JPEG or WebP as a JPEG of at most Side pixels a side without its
// metadata (a PNG is kept as sent: a logo's transparency), and stores it
// with its alternative texts, by e. A file refused is an errs.Invalid on
// "file" with the reason's key; a full library ErrFull.
func (l *Library) Add(ctx context.Context, e agency.Editor, name string, data []byte, alt site.Text) (Item, error) {
	alt, err := cleanAlt(alt)
	if err != nil {
		return Item{}, err
	}
	mimeType, key := upload.Media.Check(name, data)
	if key != "" {
		return Item{}, fileError(key)
	}
	name = slug(strings.TrimSuffix(upload.CleanName(name), path.Ext(upload.CleanName(name))))
	if mimeType == "image/png" {
		// Kept as sent, so read whole here: at most Side pixels a side (a
		// logo, an icon; a photo is a JPEG) and not cut short.
		if cfg, err := png.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width > Side || cfg.Height > Side {
			return Item{}, fileError(field.KeyPictureSize)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			return Item{}, fileError(field.KeyPictureBroken)
		}
		name += ".png"
	} else {
		if data, err = upload.Shrink(data, Side); err != nil {
			return Item{}, fileError(upload.PictureKey(err))
		}
		mimeType, name = "image/jpeg", name+".jpg"
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Item{}, fileError(upload.PictureKey(upload.ErrPictureBroken))
	}
	count, size, err := l.store.MediaUsage(ctx)
	if err != nil {
		return Item{}, err
	}
	if count >= MaxItems || size+int64(len(data)) > MaxBytes {
		return Item{}, ErrFull
	}
	it := Item{Name: name, MIME: mimeType, Width: cfg.Width, Height: cfg.Height, Size: len(data), Alt: alt,
		By: e.Email, Created: l.now().UTC(), Data: data}
	it, err = l.store.AddMedia(ctx, it, l.entry(e, ActionAdd, "", name))
	if err != nil {
		return Item{}, err
	}
	if l.Added != nil {
		l.Added(it.URL())
	}
	return it, nil
}

// fileError is an upload's refusal, on the form's file field.
func fileError(key string) error {
	return &errs.Error{Code: errs.Invalid, Field: "file", Key: key, Message: "media: file refused (" + key + ")"}
}

func (l *Library) entry(e agency.Editor, a audit.Action, before, after string) audit.Entry {
	return audit.Entry{Time: l.now().UTC(), Actor: e.ID, Action: a, TargetKind: AuditKind,
		Before: audit.Summary(before), After: audit.Summary(after)}
}

// List is the library, newest first, each picture with its uses.
func (l *Library) List(ctx context.Context) ([]Entry, error) {
	items, err := l.store.MediaItems(ctx, Listed)
	if err != nil {
		return nil, err
	}
	uses, err := l.uses(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Entry, len(items))
	for i, it := range items {
		out[i] = Entry{Item: it, Uses: uses[it.ID]}
	}
	return out, nil
}

// Get is item id, without its data.
func (l *Library) Get(ctx context.Context, id int64) (Item, error) {
	return l.store.MediaItem(ctx, id, false)
}

// Open is the picture served at URLPrefix+id/name; ErrNoItem when none is.
func (l *Library) Open(ctx context.Context, id int64, name string) (Item, error) {
	it, err := l.store.MediaItem(ctx, id, true)
	if err != nil {
		return Item{}, err
	}
	if it.Name != name {
		return Item{}, ErrNoItem
	}
	return it, nil
}

// SetAlt replaces item id's alternative texts, by e.
func (l *Library) SetAlt(ctx context.Context, e agency.Editor, id int64, alt site.Text) error {
	alt, err := cleanAlt(alt)
	if err != nil {
		return err
	}
	return l.store.SetMediaAlt(ctx, id, alt, l.entry(e, ActionAlt, "", strings.Join(texts(alt), " · ")))
}

// Delete deletes item id, by e, unless the published site or a draft uses
// it (ErrInUse): a page would show a broken picture.
func (l *Library) Delete(ctx context.Context, e agency.Editor, id int64) error {
	it, err := l.store.MediaItem(ctx, id, false)
	if err != nil {
		return err
	}
	uses, err := l.uses(ctx)
	if err != nil {
		return err
	}
	if len(uses[id]) > 0 {
		return ErrInUse
	}
	return l.store.DeleteMedia(ctx, id, l.entry(e, ActionDrop, it.Name, ""))
}

// Missing are the addresses of the library's pictures data names that
// are not in it (deleted since, or never added): agency.Pictures.
func (l *Library) Missing(ctx context.Context, data []byte) ([]string, error) {
	var gone []string
	for id := range usesIn(data) {
		_, err := l.store.MediaItem(ctx, id, false)
		if errors.Is(err, ErrNoItem) {
			gone = append(gone, URLPrefix+strconv.FormatInt(id, 10)+"/")
		} else if err != nil {
			return nil, err
		}
	}
	slices.Sort(gone)
	return gone, nil
}

// uses reads every configuration in use once: the library's pictures each
// names, and where.
func (l *Library) uses(ctx context.Context) (map[int64][]Use, error) {
	cfgs, err := l.configs.SiteConfigs(ctx)
	if err != nil {
		return nil, err
	}
	out := map[int64][]Use{}
	for _, c := range cfgs {
		for id, paths := range usesIn(c.Data) {
			for _, p := range paths {
				if len(out[id]) < MaxUses {
					out[id] = append(out[id], Use{Draft: c.Draft, Path: p})
				}
			}
		}
	}
	return out, nil
}

// cleanAlt keeps the site's languages' texts, trimmed, without control
// characters; one over MaxAlt characters is ErrAlt.
func cleanAlt(alt site.Text) (site.Text, error) {
	out := site.Text{}
	for _, lang := range i18n.Languages {
		s := strings.Join(strings.FieldsFunc(alt[lang], unicode.IsControl), " ")
		s = strings.TrimSpace(s)
		if !utf8.ValidString(s) || utf8.RuneCountInString(s) > MaxAlt {
			return nil, ErrAlt
		}
		if s != "" {
			out[lang] = s
		}
	}
	return out, nil
}

// texts are alt's texts in the languages' order.
func texts(alt site.Text) []string {
	var out []string
	for _, lang := range i18n.Languages {
		if alt[lang] != "" {
			out = append(out, lang+": "+alt[lang])
		}
	}
	return out
}

// maxSlug bounds a picture's name before its extension.
const maxSlug = 60

// slug is a name safe in an address as it is: lower-case ASCII letters
// and digits, accents stripped, single dashes between words ("Printemps 2027 (1)" becomes
// "printemps-2027-1"); "picture" when nothing is left.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range rules.Fold(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
		if b.Len() >= maxSlug {
			break
		}
	}
	if b.Len() == 0 {
		return "picture"
	}
	return b.String()
}
