package picturestest_test

import (
	"testing"

	"immo/internal/adapter/pictures"
	"immo/internal/adapter/pictures/picturestest"
	"immo/internal/adapter/storage/storagetest"
)

// The fake obeys the contract of the real stores.
func TestMemory(t *testing.T) {
	shared := storagetest.PerTest(func(t *testing.T) *picturestest.Memory { return picturestest.NewMemory() })
	storagetest.RunPictures(t, func(t *testing.T) pictures.Store {
		return &view{shared(t)} // a second Store on the same data
	})
}

type view struct{ *picturestest.Memory }
