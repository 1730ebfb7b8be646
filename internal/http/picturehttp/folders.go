package picturehttp

import (
	"net/http"
	"strings"
)

// Folders are the site's picture handlers, each under its prefix.
type Folders struct {
	served    []*Handler
	versioned []*Handler
}

// Add serves h; versioned says its pictures' addresses may carry their
// version (Version), which a page asks for as it is rendered. A folder
// whose pictures are fetched at their first request (the CRM's) is not:
// a render would wait for the CRM, and its pictures may change under
// their address at each daily check, so they keep a day's cache.
func (f *Folders) Add(h *Handler, versioned bool) {
	f.served = append(f.served, h)
	if versioned {
		f.versioned = append(f.versioned, h)
	}
}

// Version is the version of the picture at address, from the versioned
// folder serving it; ok false for another address.
func (f *Folders) Version(address string) (string, bool) {
	if f == nil {
		return "", false
	}
	for _, h := range f.versioned {
		if strings.HasPrefix(address, h.prefix) {
			return h.Version(address)
		}
	}
	return "", false
}

// Register adds every folder's route to mux.
func (f *Folders) Register(mux *http.ServeMux) {
	if f == nil {
		return
	}
	for _, h := range f.served {
		h.Register(mux)
	}
}
