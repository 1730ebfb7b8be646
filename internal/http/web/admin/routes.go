package admin

import (
	"net/http"
	"net/url"

	"immo/internal/domain/account"
)

// routes lists every address of the inbox and what answers it.
func (h *Handler) routes() {
	page := func(f http.HandlerFunc) http.Handler { return h.rs.Protocol(h.o.Sessions.Viewer(f)) }
	// A staff page sends anyone else to the login; a staff file (a
	// download, the export, the stream) refuses them.
	staffPage := func(f http.HandlerFunc) http.Handler { return page(h.staffOnly(f, true)) }
	// A file is asked with GET but may write (an export's audit entry):
	// another site's page is refused it (ownSite).
	staffFile := func(f http.HandlerFunc) http.Handler { return h.o.Sessions.Viewer(h.ownSite(h.staffOnly(f, false))) }
	// An admin's page (managing the staff, the audit log) answers an
	// agent with the forbidden page; the domain refuses them too.
	adminPage := func(f http.HandlerFunc) http.Handler { return staffPage(h.adminOnly(f)) }
	// The site's section: an admin's, or an agent's given the editor right.
	editorPage := func(f http.HandlerFunc) http.Handler { return staffPage(h.only(account.Viewer.CanEditSite, f)) }
	// The platform operator's pages; and a page both staff and the
	// operator open (their own account). Every other page refuses the
	// operator (staffOnly).
	operatorPage := func(f http.HandlerFunc) http.Handler { return page(h.signedIn(account.Viewer.IsOperator, f)) }
	ownPage := func(f http.HandlerFunc) http.Handler { return page(h.signedIn(account.Viewer.InInbox, f)) }
	h.mux.Handle(loginPath+"{$}", page(h.serveLogin))
	h.mux.Handle(codePath+"{$}", page(h.serveCode))
	h.mux.Handle("POST "+logoutPath+"{$}", page(h.serveLogout))
	h.mux.Handle(passwordPath+"{$}", page(h.servePassword))
	h.mux.Handle("GET "+Prefix+"{$}", staffPage(func(w http.ResponseWriter, r *http.Request) {
		h.rs.Redirect(w, r, leadsPath, http.StatusFound)
	}))
	h.mux.Handle("GET "+leadsPath+"{$}", staffPage(h.serveLeads))
	h.mux.Handle(leadsPath+"{id}/{$}", staffPage(h.forms(h.serveLead)))
	h.mux.Handle("GET "+leadsPath+"{id}/files/{field}", staffFile(h.serveFile))
	h.mux.Handle("GET "+exportPath, staffFile(h.serveExport))
	h.mux.Handle("GET "+eventsPath, staffFile(h.serveEvents))
	h.mux.Handle(staffPath+"{$}", adminPage(h.forms(h.serveStaff)))
	h.mux.Handle(accountPath+"{$}", ownPage(h.forms(h.serveAccount)))
	h.mux.Handle(ownersPath+"{$}", staffPage(h.forms(h.serveOwners)))
	h.mux.Handle("GET "+demandsPath+"{$}", staffPage(h.serveDemands))
	h.mux.Handle("GET "+demandsExportPath, staffFile(h.serveDemandsExport))
	h.mux.Handle(testimonialsPath+"{$}", staffPage(h.forms(h.serveTestimonials)))
	h.mux.Handle(mailsPath+"{$}", staffPage(h.forms(h.serveMails)))
	h.mux.Handle(agendaPath+"{$}", staffPage(h.forms(h.serveAgenda)))
	h.mux.Handle(agendaRulesPath+"{$}", adminPage(h.forms(h.serveAgendaRules)))
	h.mux.Handle("GET "+agendaExportPath, staffFile(h.serveAgendaExport))
	h.mux.Handle("GET "+auditPath+"{$}", adminPage(h.serveAudit))
	if h.o.Runs != nil {
		h.mux.Handle(runsPath+"{$}", adminPage(h.forms(h.serveRuns)))
	}
	h.mux.Handle("GET "+auditExportPath, staffFile(h.adminOnly(h.serveAuditExport)))
	if h.o.Console != nil {
		h.mux.Handle(platformPath+"{$}", operatorPage(h.forms(h.servePlatform)))
		// A reading is a GET that writes the agency's log: another site's
		// page may not make the browser ask it (ownSite).
		h.mux.Handle("GET "+platformPath+"{id}/leads/{$}", operatorPage(h.ownSite(h.servePlatformLeads)))
	}
	if h.o.Access != nil {
		h.mux.Handle(accessPath+"{$}", adminPage(h.forms(h.serveAccess)))
	}
	h.mux.Handle("GET "+newsletterPath+"{$}", staffPage(h.serveNewsletter))
	h.mux.Handle("GET "+newsletterExportPath, staffFile(h.serveNewsletterExport))
	h.mux.Handle(abusePath+"{$}", staffPage(h.forms(h.serveAbuse)))
	h.mux.Handle("GET "+abuseExportPath, staffFile(h.serveAbuseExport))
	if h.o.Site != nil {
		h.mux.Handle(sitePath+"{$}", editorPage(h.forms(h.serveSite)))
		h.mux.Handle(siteDraftsPath+"{draft}/{$}", editorPage(h.forms(h.serveSiteDraft)))
		if h.o.Media != nil {
			h.mux.Handle(sitePicturesPath+"{$}", editorPage(h.formsWith([]string{"file"}, h.serveMedia)))
		}
		// The autosave is a script's: refused in JSON (403), never sent to
		// the login (serveSiteDraftConfig checks the right).
		h.mux.Handle("PUT "+siteDraftsPath+"{draft}/config", h.o.Sessions.Viewer(http.HandlerFunc(h.serveSiteDraftConfig)))
		if h.o.Preview != nil {
			h.mux.Handle("GET "+siteVersionPath+"{version}/", h.o.Sessions.Viewer(http.HandlerFunc(h.serveSiteVersion)))
		}
	}
	h.mux.Handle("GET "+mailsExportPath, staffFile(h.serveMailsExport))
	h.mux.Handle("GET "+ownersExportPath, staffFile(h.serveOwnersExport))
	if h.o.Preview != nil {
		h.mux.Handle("GET "+previewPath+"{draft}/", h.o.Sessions.Viewer(http.HandlerFunc(h.servePreview)))
	}
	h.mux.Handle(Prefix, page(func(w http.ResponseWriter, r *http.Request) { h.fail(w, r, http.StatusNotFound, nil) }))
}

// staffOnly lets only a logged-in staff member through. Anyone else is
// refused (403), or, asking for a page (toLogin) with GET, sent to the
// login, which leads back to the page (?next=). A file (a CSV, an upload)
// a browser navigates to is refused with the inbox's page saying to log
// in (signedOut), still 403. The platform's operator is refused every
// staff page and file — the inbox's landing sends them to theirs.
func (h *Handler) staffOnly(next http.HandlerFunc, toLogin bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v := account.FromContext(r.Context())
		switch {
		case v.IsStaff():
			next(w, r)
		case v.IsOperator() && h.o.Console != nil && r.Method == http.MethodGet && (r.URL.Path == Prefix || r.URL.Path == leadsPath):
			h.rs.Redirect(w, r, platformPath, http.StatusFound)
		case v.IsOperator() && (toLogin || navigation(r)):
			h.fail(w, r, http.StatusForbidden, nil)
		case toLogin && r.Method == http.MethodGet:
			h.rs.Redirect(w, r, withNext(loginPath, r.URL.RequestURI()), http.StatusFound)
		case r.Method == http.MethodGet && navigation(r):
			h.signedOut(w, r)
		default:
			http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
		}
	}
}

// ownSite refuses a request another site's page made the browser send: an
// export is a GET that writes an audit entry, and a download the staff's
// browser fetches for a stranger's page leaks nothing to it but still
// needs no stranger to start it. The browser says where the request came
// from (Sec-Fetch-Site: same-origin, or none when typed or bookmarked);
// one that does not say is judged by its Origin, if any, against the
// request's host, as http.CrossOriginProtection judges a post. Refused: the
// inbox's forbidden page to a navigation, a bare 403 to a script.
func (h *Handler) ownSite(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if crossSite(r) {
			if navigation(r) {
				h.fail(w, r, http.StatusForbidden, nil)
				return
			}
			http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
			return
		}
		next(w, r)
	}
}

// crossSite tells whether r comes from another site's page (ownSite).
func crossSite(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		return false
	case "":
	default: // same-site (another origin of the domain), cross-site
		return true
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return false
	}
	u, err := url.Parse(origin)
	return err != nil || u.Host != r.Host
}

// signedIn lets through who may allows (a signed-in operator, or staff);
// anyone else signed in gets the forbidden page, nobody the login (GET)
// or a 403.
func (h *Handler) signedIn(may func(account.Viewer) bool, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v := account.FromContext(r.Context())
		switch {
		case may(v):
			next(w, r)
		case v.InInbox():
			h.fail(w, r, http.StatusForbidden, nil)
		case r.Method == http.MethodGet:
			h.rs.Redirect(w, r, withNext(loginPath, r.URL.RequestURI()), http.StatusFound)
		default:
			http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
		}
	}
}

// only lets through the staff may allows (staffOnly runs first); other
// staff get the forbidden page.
func (h *Handler) only(may func(account.Viewer) bool, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !may(account.FromContext(r.Context())) {
			h.fail(w, r, http.StatusForbidden, nil)
			return
		}
		next(w, r)
	}
}

// adminOnly lets only an admin through.
func (h *Handler) adminOnly(next http.HandlerFunc) http.HandlerFunc {
	return h.only(account.Viewer.IsAdmin, next)
}
