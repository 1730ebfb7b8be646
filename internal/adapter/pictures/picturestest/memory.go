// Package picturestest holds test helpers for the pictures packages: an
// in-memory pictures.Store and synthetic JPEG pictures.
package picturestest

import (
	"bytes"
	"cmp"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"slices"
	"sync"

	"immo/internal/adapter/pictures"
)

// Memory is a pictures.Store in memory, with the semantics of the database
// ones (it passes storagetest.RunPictures). Gets and Puts count the calls.
type Memory struct {
	mu         sync.Mutex
	rows       map[key]pictures.Variant
	Gets, Puts int
	// Fail, when set, is returned by every call.
	Fail error
}

type key struct {
	source string
	width  int
	format string
}

// NewMemory returns an empty store.
func NewMemory() *Memory { return &Memory{rows: map[key]pictures.Variant{}} }

var _ pictures.Store = (*Memory)(nil)

// PutVariants implements pictures.Store.
func (m *Memory) PutVariants(ctx context.Context, vs []pictures.Variant) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.Puts++
	if m.Fail != nil {
		return m.Fail
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, v := range vs {
		if v.Format != pictures.JPEG && v.Format != pictures.WebP || v.Width <= 0 || v.Height <= 0 {
			return errBad
		}
	}
	for _, v := range vs {
		for k, old := range m.rows {
			if k.source == v.Source && old.Original != v.Original {
				delete(m.rows, k)
			}
		}
	}
	for _, v := range vs {
		k := key{v.Source, v.Width, v.Format}
		if _, ok := m.rows[k]; !ok {
			v.Data, v.Size = bytes.Clone(v.Data), len(v.Data)
			m.rows[k] = v
		}
	}
	return nil
}

type badVariant struct{}

func (badVariant) Error() string { return "picturestest: invalid variant" }

var errBad error = badVariant{}

// GetVariant implements pictures.Store.
func (m *Memory) GetVariant(ctx context.Context, source string, width int, format string) (pictures.Variant, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.Gets++
	if m.Fail != nil {
		return pictures.Variant{}, m.Fail
	}
	var best *pictures.Variant
	for k, v := range m.rows {
		if k.source != source || k.format != format {
			continue
		}
		switch {
		case best == nil,
			v.Width >= width && (best.Width < width || v.Width < best.Width),
			v.Width < width && best.Width < width && v.Width > best.Width:
			best = &v
		}
	}
	if best == nil {
		return pictures.Variant{Source: source, Format: format}, pictures.ErrNoVariant
	}
	return *best, nil
}

// ListVariants implements pictures.Store.
func (m *Memory) ListVariants(ctx context.Context, source string) ([]pictures.Variant, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Fail != nil {
		return nil, m.Fail
	}
	var out []pictures.Variant
	for k, v := range m.rows {
		if k.source == source {
			v.Data = nil
			out = append(out, v)
		}
	}
	slices.SortFunc(out, func(a, b pictures.Variant) int {
		return cmp.Or(cmp.Compare(a.Width, b.Width), cmp.Compare(a.Format, b.Format))
	})
	return out, nil
}

// Len is the number of stored variants.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.rows)
}

// JPEG returns a w×h JPEG picture (q90) of smooth gradients and a few
// shapes, quick to make and to resize.
func JPEG(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x + y) % 256), 255}
			if (x/40+y/40)%5 == 0 {
				c = color.RGBA{200, 40, 40, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		panic(err)
	}
	return b.Bytes()
}
