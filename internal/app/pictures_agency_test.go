package app

import (
	"testing"

	"immo/internal/adapter/pictures"
	"immo/internal/adapter/storage"
	"immo/internal/adapter/storage/postgres/pgtest"
)

// An added agency keeps its own pictures' variants, and shares the demo's
// embedded pictures' with the platform: made once, whichever agency's
// site made them, served to every agency.
func TestPictureVariantsByAgency(t *testing.T) {
	store, err := storage.Open(t.Context(), t.TempDir(), pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	two, three := pictureVariants(storage.Bound(store, 2)), pictureVariants(storage.Bound(store, 3))
	variant := func(source string) pictures.Variant {
		return pictures.Variant{Source: source, Width: 400, Height: 300, Format: pictures.JPEG, Original: "o", ETag: "e", Data: []byte("jpeg")}
	}
	if err := two.PutVariants(t.Context(), []pictures.Variant{variant("/pictures/demo/house-01.jpg"), variant("/pictures/feed/1/a.jpg")}); err != nil {
		t.Fatal(err)
	}
	if got, err := three.ListVariants(t.Context(), "/pictures/demo/house-01.jpg"); err != nil || len(got) != 1 {
		t.Errorf("the demo's variant made by agency 2, seen by agency 3: %v %v", got, err)
	}
	if got, err := store.ListVariants(t.Context(), "/pictures/demo/house-01.jpg"); err != nil || len(got) != 1 {
		t.Errorf("the demo's variant, the implicit agency's: %v %v", got, err)
	}
	if got, _ := three.ListVariants(t.Context(), "/pictures/feed/1/a.jpg"); len(got) != 0 {
		t.Errorf("agency 2's own picture seen by agency 3: %v", got)
	}
	if got, _ := two.ListVariants(t.Context(), "/pictures/feed/1/a.jpg"); len(got) != 1 {
		t.Errorf("agency 2's own picture: %v", got)
	}
}
