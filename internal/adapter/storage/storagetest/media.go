package storagetest

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strconv"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/pictures"
	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/agency"
	"immo/internal/domain/audit"
	"immo/internal/domain/errs"
	"immo/internal/domain/field"
	"immo/internal/domain/media"
	"immo/internal/domain/site"
)

// MediaStore is what the library's suite needs of a store: the library,
// the picture variants deleted with an item, the audit log.
type MediaStore interface {
	media.Store
	pictures.Store
	Audit() *sqlstore.Audit
}

// RunMedia is the contract of media.Store, through the library that
// uses it: pictures added by content, listed with where the site uses
// them, their texts changed, deleted only when unused.
func RunMedia(t *testing.T, open func(t *testing.T) MediaStore) {
	t.Run("Library", func(t *testing.T) { testMediaLibrary(t, open(t)) })
	t.Run("Refused", func(t *testing.T) { testMediaRefused(t, open(t)) })
}

// fixedConfigs are the configurations a test says are in use.
type fixedConfigs []media.Config

func (c *fixedConfigs) SiteConfigs(context.Context) ([]media.Config, error) { return *c, nil }

// photo is a JPEG w×h pixels.
func photo(t *testing.T, w, h int) []byte {
	t.Helper()
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		m.Set(x, x%h, color.RGBA{200, 30, 30, 255})
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pngOf is a PNG w×h pixels of noise (so that it does not compress to nothing).
func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range m.Pix {
		m.Pix[i] = byte(i * 7919 % 251)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var anne = agency.Editor{ID: 7, Email: "anne@immo-arlon.be", Admin: true}

func testMediaLibrary(t *testing.T, s MediaStore) {
	ctx := t.Context()
	var added []string
	configs := &fixedConfigs{}
	lib := media.NewLibrary(s, configs, func() time.Time { return created })
	lib.Added = func(url string) { added = append(added, url) }

	big, err := lib.Add(ctx, anne, "Été à Arlon (1).JPEG", photo(t, 3000, 1000), site.Text{"fr": " Arlon en été \n", "xx": "dropped"})
	if err != nil {
		t.Fatal(err)
	}
	if big.Name != "ete-a-arlon-1.jpg" || big.MIME != "image/jpeg" || big.Width != media.Side || big.Height != 853 {
		t.Errorf("added %+v, want ete-a-arlon-1.jpg, a JPEG shrunk to %d px", big, media.Side)
	}
	if big.URL() != "/pictures/media/"+strconv.FormatInt(big.ID, 10)+"/ete-a-arlon-1.jpg" || len(added) != 1 || added[0] != big.URL() {
		t.Errorf("URL %s, pipeline told %v", big.URL(), added)
	}
	var logo bytes.Buffer
	if err := png.Encode(&logo, image.NewNRGBA(image.Rect(0, 0, 40, 20))); err != nil {
		t.Fatal(err)
	}
	small, err := lib.Add(ctx, anne, "logo.png", logo.Bytes(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if small.Name != "logo.png" || small.MIME != "image/png" || small.Width != 40 || small.Height != 20 || !bytes.Equal(small.Data, logo.Bytes()) {
		t.Errorf("a PNG: %+v, want it kept as sent", small)
	}
	opened, err := lib.Open(ctx, big.ID, big.Name)
	if err != nil || opened.Size != len(opened.Data) || opened.Alt["fr"] != "Arlon en été" || len(opened.Alt) != 1 {
		t.Fatalf("Open = %+v, %v; want its data and its one text", opened.Alt, err)
	}
	if _, err := lib.Open(ctx, big.ID, "other.jpg"); !errors.Is(err, media.ErrNoItem) {
		t.Errorf("Open under another name = %v, want ErrNoItem", err)
	}

	// Where it is used: the published site's banner, a draft's page content.
	*configs = fixedConfigs{
		{Data: []byte(`{"banner":{"image":{"url":"` + big.URL() + `"}}}`)},
		{Draft: 3, Data: []byte(`{"pages":[{"params":{"content":{"fr":"<p><img src=\"` + big.URL() + `?width=600\"></p>"}}}]}`)},
	}
	list, err := lib.List(ctx)
	if err != nil || len(list) != 2 || list[0].ID != small.ID || list[1].ID != big.ID || list[1].Data != nil {
		t.Fatalf("List = %+v, %v; want the two, newest first, without data", list, err)
	}
	want := []media.Use{{Path: "banner.image.url"}, {Draft: 3, Path: "pages[0].params.content.fr"}}
	if len(list[1].Uses) != 2 || list[1].Uses[0] != want[0] || list[1].Uses[1] != want[1] || len(list[0].Uses) != 0 {
		t.Errorf("uses %+v and %+v, want %+v and none", list[1].Uses, list[0].Uses, want)
	}
	if err := lib.Delete(ctx, anne, big.ID); !errors.Is(err, media.ErrInUse) {
		t.Errorf("Delete of a picture in use = %v, want ErrInUse", err)
	}
	if err := lib.SetAlt(ctx, anne, big.ID, site.Text{"nl": "Aarlen in de zomer", "fr": ""}); err != nil {
		t.Fatal(err)
	}
	if it, _ := lib.Get(ctx, big.ID); len(it.Alt) != 1 || it.Alt["nl"] != "Aarlen in de zomer" {
		t.Errorf("texts after SetAlt: %v", it.Alt)
	}

	// Unused, it goes, with its variants.
	if err := s.PutVariants(ctx, []pictures.Variant{{Source: big.URL(), Width: 100, Height: 33, Format: pictures.JPEG,
		Original: "o", ETag: "e", Data: []byte{1}, Created: created}}); err != nil {
		t.Fatal(err)
	}
	*configs = nil
	if err := lib.Delete(ctx, anne, big.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := lib.Get(ctx, big.ID); !errors.Is(err, media.ErrNoItem) {
		t.Errorf("Get after Delete = %v, want ErrNoItem", err)
	}
	if vs, _ := s.ListVariants(ctx, big.URL()); len(vs) != 0 {
		t.Errorf("variants of a deleted picture: %d", len(vs))
	}
	if err := lib.Delete(ctx, anne, big.ID); !errors.Is(err, media.ErrNoItem) {
		t.Errorf("Delete twice = %v, want ErrNoItem", err)
	}
	entries, err := s.Audit().List(ctx, audit.Query{TargetKind: media.AuditKind, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range entries {
		actions = append(actions, string(e.Action))
		if e.Actor != anne.ID {
			t.Errorf("audit %+v: actor %d, want %d", e, e.Actor, anne.ID)
		}
	}
	if got := strings.Join(actions, " "); got != "media.delete media.alt media.add media.add" {
		t.Errorf("audit %q", got)
	}
}

// testMediaRefused: a file that is no picture, a name lying about its
// content, a broken or empty file, a PNG too large or cut short and a text
// too long change nothing.
func testMediaRefused(t *testing.T, s MediaStore) {
	ctx := t.Context()
	lib := media.NewLibrary(s, &fixedConfigs{}, func() time.Time { return created })
	cases := []struct {
		name string
		data []byte
		alt  site.Text
		key  string
	}{
		{"cv.pdf", []byte("%PDF-1.7 not a picture"), nil, field.KeyFileType},
		{"photo.png", photo(t, 20, 20), nil, field.KeyFileType},
		{"photo.jpg", []byte{0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'J', 'F', 'I', 'F', 0}, nil, field.KeyPictureBroken},
		{"photo.jpg", nil, nil, field.KeyRequired},
		{"photo.jpg", photo(t, 20, 20), site.Text{"de": strings.Repeat("x", media.MaxAlt+1)}, media.ErrAlt.Key},
		{"wide.png", pngOf(t, media.Side+1, 1), nil, field.KeyPictureSize},
		{"cut.png", pngOf(t, 300, 300)[:200], nil, field.KeyPictureBroken},
	}
	for _, c := range cases {
		_, err := lib.Add(ctx, anne, c.name, c.data, c.alt)
		if e, ok := errs.As(err); !ok || e.Key != c.key {
			t.Errorf("Add(%s) = %v, want %s", c.name, err, c.key)
		}
	}
	if n, size, err := s.MediaUsage(ctx); err != nil || n != 0 || size != 0 {
		t.Errorf("usage after refusals: %d, %d, %v", n, size, err)
	}
	if err := lib.SetAlt(ctx, anne, 99, site.Text{"fr": "x"}); !errors.Is(err, media.ErrNoItem) {
		t.Errorf("SetAlt of no picture = %v", err)
	}
}
