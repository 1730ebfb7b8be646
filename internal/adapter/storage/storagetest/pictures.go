package storagetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"immo/internal/adapter/pictures"
)

// RunPictures runs the suite of pictures.Store. open follows the rules of
// Run: a fresh database per test, the same one when called again with the
// same t (wrap it in PerTest).
func RunPictures(t *testing.T, open func(t *testing.T) pictures.Store) {
	t.Run("Empty", func(t *testing.T) { testVariantsEmpty(t, open(t)) })
	t.Run("RoundTrip", func(t *testing.T) { testVariantsRoundTrip(t, open(t)) })
	t.Run("Nearest", func(t *testing.T) { testVariantsNearest(t, open(t)) })
	t.Run("KeepExisting", func(t *testing.T) { testVariantsKeepExisting(t, open(t)) })
	t.Run("ReplaceStale", func(t *testing.T) { testVariantsReplaceStale(t, open(t)) })
	t.Run("Atomic", func(t *testing.T) { testVariantsAtomic(t, open(t)) })
	t.Run("TwoServers", func(t *testing.T) { testVariantsTwoServers(t, open(t), open(t)) })
}

// created is the clock of the suite: whole milliseconds, which both
// databases keep exactly.
var created = time.Date(2025, 3, 14, 9, 26, 53, 589_000_000, time.UTC)

// variant builds a distinguishable variant: its data names it and original.
func variant(source string, width int, format, original string) pictures.Variant {
	data := []byte(fmt.Sprintf("%s %d %s from %s", source, width, format, original))
	return pictures.Variant{
		Source: source, Width: width, Height: width * 2 / 3, Format: format, Original: original,
		ETag: pictures.Fingerprint(data), Data: data, Size: len(data), Created: created,
	}
}

// set is every variant of a 1600-pixel picture made from original.
func set(source, original string) []pictures.Variant {
	var vs []pictures.Variant
	for _, w := range pictures.Targets(1600) {
		for _, f := range pictures.Formats {
			vs = append(vs, variant(source, w, f, original))
		}
	}
	return vs
}

func mustPut(t *testing.T, s pictures.Store, vs []pictures.Variant) {
	t.Helper()
	if err := s.PutVariants(t.Context(), vs); err != nil {
		t.Fatal(err)
	}
}

func sameVariant(t *testing.T, what string, got, want pictures.Variant) {
	t.Helper()
	if !bytes.Equal(got.Data, want.Data) {
		t.Errorf("%s: data %q, want %q", what, got.Data, want.Data)
	}
	got.Data, want.Data = nil, nil
	if !got.Created.Equal(want.Created) {
		t.Errorf("%s: created %v, want %v", what, got.Created, want.Created)
	}
	type key struct {
		source, format, original, etag string
		width, height, size            int
	}
	k := func(v pictures.Variant) key {
		return key{v.Source, v.Format, v.Original, v.ETag, v.Width, v.Height, v.Size}
	}
	if k(got) != k(want) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func testVariantsEmpty(t *testing.T, s pictures.Store) {
	if _, err := s.GetVariant(t.Context(), "/pictures/demo/house-01.jpg", 400, pictures.JPEG); !errors.Is(err, pictures.ErrNoVariant) {
		t.Errorf("GetVariant on an empty store: %v, want ErrNoVariant", err)
	}
	vs, err := s.ListVariants(t.Context(), "/pictures/demo/house-01.jpg")
	if err != nil || len(vs) != 0 {
		t.Errorf("ListVariants on an empty store: %v, %v", vs, err)
	}
	if err := s.PutVariants(t.Context(), nil); err != nil {
		t.Errorf("PutVariants(nil): %v", err)
	}
}

func testVariantsRoundTrip(t *testing.T, s pictures.Store) {
	const src = "/pictures/demo/house-01.jpg"
	vs := set(src, "orig1")
	// A realistic size, bytes of every value, so no layer mangles a blob.
	big := make([]byte, 300<<10)
	for i := range big {
		big[i] = byte(i * 7)
	}
	vs[len(vs)-1].Data, vs[len(vs)-1].Size, vs[len(vs)-1].ETag = big, len(big), pictures.Fingerprint(big)
	// Stored in any order; listed narrowest first, jpeg before webp.
	var shuffled []pictures.Variant
	for _, i := range []int{5, 9, 0, 11, 3, 1, 8, 2, 10, 7, 6, 4} {
		shuffled = append(shuffled, vs[i])
	}
	if len(shuffled) != len(vs) {
		t.Fatalf("the suite's shuffle has %d of the %d variants of a 1600-pixel picture", len(shuffled), len(vs))
	}
	mustPut(t, s, shuffled)
	mustPut(t, s, []pictures.Variant{variant("/pictures/demo/other.jpg", 400, pictures.JPEG, "x")})

	for _, want := range vs {
		got, err := s.GetVariant(t.Context(), src, want.Width, want.Format)
		if err != nil {
			t.Fatalf("GetVariant(%d, %s): %v", want.Width, want.Format, err)
		}
		sameVariant(t, fmt.Sprintf("GetVariant(%d, %s)", want.Width, want.Format), got, want)
	}
	list, err := s.ListVariants(t.Context(), src)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != len(vs) {
		t.Fatalf("ListVariants: %d variants, want %d", len(list), len(vs))
	}
	for i, want := range vs {
		if list[i].Data != nil {
			t.Errorf("ListVariants[%d] carries data", i)
		}
		want.Data = nil
		sameVariant(t, fmt.Sprintf("ListVariants[%d]", i), list[i], want)
	}
}

func testVariantsNearest(t *testing.T, s pictures.Store) {
	const src = "/pictures/demo/house-01.jpg"
	mustPut(t, s, set(src, "orig1")) // 100, 400, 600, 800, 1360, 1600
	// Only the narrow ones of another picture, in webp: no jpeg for it.
	mustPut(t, s, []pictures.Variant{variant("/pictures/demo/b.jpg", 100, pictures.WebP, "b"), variant("/pictures/demo/b.jpg", 400, pictures.WebP, "b")})
	for _, c := range []struct {
		source string
		asked  int
		format string
		width  int // 0: ErrNoVariant
	}{
		{src, 1, pictures.JPEG, 100},
		{src, 99, pictures.JPEG, 100},
		{src, 100, pictures.JPEG, 100},
		{src, 101, pictures.WebP, 400},
		{src, 400, pictures.WebP, 400},
		{src, 401, pictures.JPEG, 600},
		{src, 600, pictures.JPEG, 600},
		{src, 601, pictures.JPEG, 800},
		{src, 801, pictures.JPEG, 1360},
		{src, 1360, pictures.WebP, 1360},
		{src, 1361, pictures.WebP, 1600},
		{src, 1600, pictures.JPEG, 1600},
		{src, 1601, pictures.JPEG, 1600}, // never upscaled: the widest
		{src, 1920, pictures.WebP, 1600},
		{src, 100000, pictures.JPEG, 1600},
		{"/pictures/demo/b.jpg", 1920, pictures.WebP, 400},
		{"/pictures/demo/b.jpg", 50, pictures.WebP, 100},
		{"/pictures/demo/b.jpg", 400, pictures.JPEG, 0},
		{"/pictures/demo/house-01.JPG", 400, pictures.JPEG, 0}, // sources are exact
		{"/pictures/demo/", 400, pictures.JPEG, 0},
	} {
		v, err := s.GetVariant(t.Context(), c.source, c.asked, c.format)
		switch {
		case c.width == 0 && !errors.Is(err, pictures.ErrNoVariant):
			t.Errorf("GetVariant(%s, %d, %s) = %d, %v; want ErrNoVariant", c.source, c.asked, c.format, v.Width, err)
		case c.width != 0 && (err != nil || v.Width != c.width || v.Format != c.format || v.Source != c.source):
			t.Errorf("GetVariant(%s, %d, %s) = %d %s %s, %v; want width %d", c.source, c.asked, c.format, v.Width, v.Format, v.Source, err, c.width)
		}
	}
}

// A variant already stored is kept: another server made the same one.
func testVariantsKeepExisting(t *testing.T, s pictures.Store) {
	const src = "/pictures/demo/house-01.jpg"
	first := set(src, "orig1")
	mustPut(t, s, first[:4])
	again := set(src, "orig1")
	for i := range again {
		again[i].Data = []byte("made again")
	}
	mustPut(t, s, again)
	list, err := s.ListVariants(t.Context(), src)
	if err != nil || len(list) != len(first) {
		t.Fatalf("after the second put: %d variants, %v; want %d", len(list), err, len(first))
	}
	for i, want := range []pictures.Variant{first[0], first[3], again[4], again[9]} {
		got, err := s.GetVariant(t.Context(), src, want.Width, want.Format)
		if err != nil || !bytes.Equal(got.Data, want.Data) {
			t.Errorf("case %d: %d %s = %q, %v; want %q", i, want.Width, want.Format, got.Data, err, want.Data)
		}
	}
}

// Variants of another original are stale: a put for the new original
// removes them all, widths the new one does not have included.
func testVariantsReplaceStale(t *testing.T, s pictures.Store) {
	const src = "/pictures/demo/house-01.jpg"
	mustPut(t, s, set(src, "old"))
	mustPut(t, s, set("/pictures/demo/kept.jpg", "old"))
	smaller := []pictures.Variant{
		variant(src, 100, pictures.JPEG, "new"), variant(src, 100, pictures.WebP, "new"),
		variant(src, 500, pictures.JPEG, "new"), variant(src, 500, pictures.WebP, "new"),
	}
	mustPut(t, s, smaller)
	list, err := s.ListVariants(t.Context(), src)
	if err != nil || len(list) != 4 {
		t.Fatalf("after replacing: %+v, %v; want the 4 new variants", list, err)
	}
	for _, v := range list {
		if v.Original != "new" {
			t.Errorf("a stale variant survived: %+v", v)
		}
	}
	got, err := s.GetVariant(t.Context(), src, 1920, pictures.WebP)
	if err != nil || got.Width != 500 || got.Original != "new" {
		t.Errorf("widest after replacing: %d %s, %v", got.Width, got.Original, err)
	}
	if kept, err := s.ListVariants(t.Context(), "/pictures/demo/kept.jpg"); err != nil || len(kept) != len(set("", "")) {
		t.Errorf("another picture's variants: %d, %v; want %d untouched", len(kept), err, len(set("", "")))
	}
}

// PutVariants stores all or nothing.
func testVariantsAtomic(t *testing.T, s pictures.Store) {
	const src = "/pictures/demo/house-01.jpg"
	bad := set(src, "orig1")
	bad[7].Format = "gif" // refused by the schema, after the first rows
	if err := s.PutVariants(t.Context(), bad); err == nil {
		t.Fatal("PutVariants with an unknown format succeeded")
	}
	if list, err := s.ListVariants(t.Context(), src); err != nil || len(list) != 0 {
		t.Errorf("after a failed put: %d variants, %v; want none", len(list), err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := s.PutVariants(ctx, set(src, "orig1")); err == nil {
		t.Error("PutVariants with a cancelled context succeeded")
	}
	if list, err := s.ListVariants(t.Context(), src); err != nil || len(list) != 0 {
		t.Errorf("after a cancelled put: %d variants, %v; want none", len(list), err)
	}
}

// Two servers making the same variants at the same time both succeed, and
// the first to store wins; the other sees them at once.
func testVariantsTwoServers(t *testing.T, a, b pictures.Store) {
	if a == b {
		t.Fatal("open returned the same Store twice; it must open a second one on the same database")
	}
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		s := a
		if i%2 == 1 {
			s = b
		}
		wg.Go(func() {
			for j := range 5 {
				if err := s.PutVariants(t.Context(), set(fmt.Sprintf("/pictures/demo/p%d.jpg", j), "orig1")); err != nil {
					errs[i] = err
					return
				}
			}
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("writer %d: %v", i, err)
		}
	}
	for j := range 5 {
		src := fmt.Sprintf("/pictures/demo/p%d.jpg", j)
		for _, s := range []pictures.Store{a, b} {
			if list, err := s.ListVariants(t.Context(), src); err != nil || len(list) != len(set("", "")) {
				t.Errorf("%s: %d variants, %v; want %d", src, len(list), err, len(set("", "")))
			}
		}
	}
}
