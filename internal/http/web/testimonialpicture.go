package web

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"immo/internal/domain/testimonial"
)

// TestimonialPictures serves the picture of an approved testimonial at its
// signed address (testimonial.PicturePath + "{id}-{mac}.jpg"): a forged or
// guessed address, a pending or rejected testimonial, one without a
// picture are all the same 404. Cached briefly, so that a withdrawn
// approval stops showing soon.
type TestimonialPictures struct {
	Signer *testimonial.PictureSigner
	Store  interface {
		ApprovedPicture(ctx context.Context, id int64) ([]byte, error)
	}
	Log *slog.Logger
}

// Pattern is the mux pattern it serves.
func (h *TestimonialPictures) Pattern() string { return "GET " + testimonial.PicturePath + "{file}" }

func (h *TestimonialPictures) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id, ok := h.Signer.Parse(r.PathValue("file"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	data, err := h.Store.ApprovedPicture(r.Context(), id)
	if errors.Is(err, testimonial.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		if h.Log != nil {
			h.Log.Error("testimonial picture", "id", id, "err", err)
		}
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/jpeg")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "public, max-age=300")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
}
