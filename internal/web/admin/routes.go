package admin

import (
	"net/http"

	"immo/internal/account"
)

// routes lists every address of the inbox and what answers it.
func (h *Handler) routes() {
	page := func(f http.HandlerFunc) http.Handler { return h.rs.Protocol(h.o.Sessions.Viewer(f)) }
	staff := func(f http.HandlerFunc) http.Handler { return page(h.staffOnly(f)) }
	h.mux.Handle(loginPath+"{$}", page(h.serveLogin))
	h.mux.Handle(codePath+"{$}", page(h.serveCode))
	h.mux.Handle("POST "+logoutPath+"{$}", page(h.serveLogout))
	h.mux.Handle(passwordPath+"{$}", page(h.servePassword))
	h.mux.Handle("GET "+Prefix+"{$}", staff(func(w http.ResponseWriter, r *http.Request) {
		h.rs.Redirect(w, r, leadsPath, http.StatusFound)
	}))
	h.mux.Handle("GET "+leadsPath+"{$}", staff(h.serveLeads))
	h.mux.Handle(leadsPath+"{id}/{$}", staff(h.serveLead))
	h.mux.Handle("GET "+leadsPath+"{id}/files/{field}", h.o.Sessions.Viewer(h.staffOnly(h.serveFile)))
	h.mux.Handle("GET "+exportPath, h.o.Sessions.Viewer(h.staffOnly(h.serveExport)))
	h.mux.Handle("GET "+eventsPath, h.o.Sessions.Viewer(h.staffOnly(h.serveEvents)))
	h.mux.Handle(Prefix, page(func(w http.ResponseWriter, r *http.Request) { h.fail(w, r, http.StatusNotFound, nil) }))
}

// staffOnly lets only a logged-in staff member through: anyone else asking
// for a page goes to the login, and is refused anything else (403).
func (h *Handler) staffOnly(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if account.FromContext(r.Context()).IsStaff() {
			next(w, r)
			return
		}
		if r.Method == http.MethodGet && r.Header.Get("Accept") != "text/event-stream" && isPage(r) {
			h.rs.Redirect(w, r, loginPath, http.StatusFound)
			return
		}
		http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
	}
}

// isPage says r asks for one of the inbox's pages (not a file, the export
// or the stream).
func isPage(r *http.Request) bool {
	p := r.URL.Path
	return p == Prefix || p == leadsPath || len(p) > len(leadsPath) && p[len(p)-1] == '/'
}
