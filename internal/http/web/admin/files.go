package admin

import (
	"errors"
	"mime"
	"net/http"
	"strconv"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
)

// serveFile sends a lead's upload (a CV) as a download: never shown in the
// browser (attachment, its type the one its content was found to be), so
// a file a visitor sent runs nothing in the inbox's origin — but a picture
// asked with ?view=1, shown in a page (an <img>, sandboxed, not sniffed).
func (h *Handler) serveFile(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		http.NotFound(w, r)
		return
	}
	info, body, err := h.o.Inbox.File(r.Context(), id, r.PathValue("field"))
	switch {
	case errors.Is(err, inbox.ErrNoFile) || errors.Is(err, inbox.ErrNoLead):
		http.NotFound(w, r)
		return
	case err != nil:
		h.fault(w, "inbox file", "lead", id, "err", err)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", info.Type)
	disposition := "attachment"
	if r.URL.Query().Get("view") == "1" && viewable[info.Type] {
		disposition = "inline" // a picture the page shows (a testimonial's, to moderate)
	}
	hd.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": info.Name}))
	hd.Set("Content-Security-Policy", "sandbox; default-src 'none'")
	hd.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", time.Time{}, body)
}

// viewable are the types (found in an upload's content, never as sent)
// an upload may be shown in the inbox's page as: pictures a browser draws
// and runs nothing in (no SVG). Anything else is only downloaded.
var viewable = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true, "image/gif": true}

// serveExport streams the CSV of the list its address filters (every
// page of it), in the staff member's language; the export is in the
// audit log.
func (h *Handler) serveExport(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	f, problems := inbox.ParseFilter(r.URL.Query())
	if problems != nil {
		http.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)
		return
	}
	_, names, err := h.staffNames(r)
	if err != nil {
		h.fault(w, "inbox export", "err", err)
		return
	}
	lang := h.langOf(r)
	c := inbox.CSV{Lang: lang, Staff: func(id int64) string { return names[id] }}
	if h.o.FieldWords != nil { // each kind's own fields as the lead's page shows them
		c.Words = func(req lead.Request, name string) string { return h.o.FieldWords(req, name, lang) }
	}
	file := &download{w: w, name: "leads-" + h.today() + ".csv"}
	if err := h.o.Inbox.Export(ctx, account.FromContext(ctx).Account.ID, f, c, file); err != nil {
		h.o.Log.Error("inbox export", "err", err)
		if !file.started { // the audit entry refused: nothing was sent
			http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		}
		// Past the first bytes the status is sent: the file ends short.
	}
}

// download is a CSV file answered as it is written, its headers set at
// its first byte: a failure before any is still an error page, not an
// empty file.
type download struct {
	w       http.ResponseWriter
	name    string
	started bool
}

func (d *download) Write(p []byte) (int, error) {
	if !d.started {
		d.started = true
		hd := d.w.Header()
		hd.Set("Content-Type", "text/csv; charset=utf-8")
		hd.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": d.name}))
	}
	return d.w.Write(p)
}
