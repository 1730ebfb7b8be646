package admin

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"immo/internal/domain/account"
	"immo/internal/domain/errs"
	"immo/internal/domain/inbox"
)

// ownersPageSize is the owners listed a page.
const ownersPageSize = 50

// ownersExportPath is the owners' CSV (?q= as the page's).
const ownersExportPath = Prefix + "owners.csv"

// pageNumber is the list's page its address asks (?page=, from 1): false
// when it is no page number within max.
func pageNumber(q url.Values, max int) (int, bool) {
	s := q.Get("page")
	if s == "" {
		return 1, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 1 && n <= max
}

// listURL is path with q's values and page n (1: none).
func listURL(path string, q url.Values, n int) string {
	c := url.Values{}
	for k, v := range q {
		if k != "page" && k != "done" && len(v) > 0 && v[0] != "" {
			c[k] = v[:1]
		}
	}
	if n > 1 {
		c.Set("page", strconv.Itoa(n))
	}
	return path + encoded(c)
}

// serveOwners answers the owners' accounts — each with its properties'
// public pages, whether they chose a password and their last invitation —
// one page at a time, and the form that mails an owner their invitation
// again (the feed's mail with a new link; audited). A refusal says why on
// the owner's row (409), nothing sent.
func (h *Handler) serveOwners(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	v, q := p.viewer, r.URL.Query()
	done := url.Values{}
	for k, vs := range q {
		done[k] = vs
	}
	done.Set("done", "resend")
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) { return only(h.resendInvite(r, v, p.values)) },
		done: ownersPath + encoded(done), form: p.values["action"], item: true, notice: "admin.owners.done.", notices: []string{"resend"}})
	if answered {
		return
	}
	b := p.base
	props := OwnersProps{Base: b, Q: q.Get("q"), Rows: []OwnerRow{}, Action: listURL(ownersPath, q, 0),
		ListLinks: ListLinks{Reset: ownersPath, Export: withParam(ownersExportPath, "q", q.Get("q"))}}
	n, ok := pageNumber(q, account.MaxOwnerOffset/ownersPageSize)
	if !ok {
		props.Errors = map[string]string{"page": inbox.KeyCursor}
		h.render(w, r, props, b, http.StatusBadRequest)
		return
	}
	if n > 1 {
		props.Action = listURL(ownersPath, q, n)
	}
	list, more, err := h.o.Owners.List(ctx, v, account.OwnerQuery{Q: props.Q, Offset: (n - 1) * ownersPageSize, Limit: ownersPageSize})
	if e, coded := errs.As(err); coded && e.Code == errs.Invalid {
		props.Errors = map[string]string{e.Field: e.Key}
		h.render(w, r, props, b, http.StatusBadRequest)
		return
	} else if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	for _, o := range list {
		row := OwnerRow{ID: o.ID, Name: strings.TrimSpace(o.FirstName + " " + o.LastName), Email: o.Email, Lang: o.Lang,
			Disabled: o.Disabled, Activated: o.Activated, LastInvite: stamp(o.LastInvite),
			Properties: make([]ListingLink, 0, len(o.Properties))}
		for _, p := range o.Properties {
			row.Properties = append(row.Properties, h.listingLink(ctx, b.Lang, p, 0))
		}
		props.Rows = append(props.Rows, row)
	}
	if more {
		props.Next = listURL(ownersPath, q, n+1)
	}
	if n > 1 {
		props.Prev = listURL(ownersPath, q, n-1)
	}
	h.render(w, r, props, b, status)
}

// serveOwnersExport streams the owners its address searches (q) as CSV
// (every page), in the staff member's language; the export is in the
// audit log (personal data left the inbox).
func (h *Handler) serveOwnersExport(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	v := account.FromContext(ctx)
	oq := account.OwnerQuery{Q: r.URL.Query().Get("q"), Limit: account.MaxOwnerPage}
	if _, _, err := h.o.Owners.List(ctx, v, account.OwnerQuery{Q: oq.Q, Limit: 1}); err != nil {
		status := http.StatusInternalServerError
		if e, coded := errs.As(err); coded && e.Code == errs.Invalid {
			status = http.StatusBadRequest
		}
		http.Error(w, http.StatusText(status), status)
		return
	}
	t := texts()[h.langOf(r)]
	yes, no := t["admin.demands.yes"], t["admin.demands.no"]
	rows := func(yield func([]string, error) bool) {
		for ; ; oq.Offset += oq.Limit {
			list, more, err := h.o.Owners.List(ctx, v, oq)
			if err != nil {
				yield(nil, err)
				return
			}
			for _, o := range list {
				ids := make([]string, len(o.Properties))
				for i, p := range o.Properties {
					ids[i] = strconv.FormatInt(p, 10)
				}
				activated := no
				if o.Activated {
					activated = yes
				}
				if !yield([]string{strings.TrimSpace(o.FirstName + " " + o.LastName), o.Email, o.Lang, strings.Join(ids, " "), activated,
					brussels(o.LastInvite)}, nil) {
					return
				}
			}
			if !more {
				return
			}
		}
	}
	h.sendCSV(w, r, account.OwnerAuditTarget, "owners-"+h.today()+".csv", ownersCSV, rows)
}

// ownersCSV is the owners' export's header (admin.json), in column order.
var ownersCSV = []string{"admin.owners.owner", "admin.lead.email", "admin.lead.lang", "admin.owners.properties", "admin.owners.activated",
	"admin.owners.lastInvite"}

// resendInvite makes the change the owners page's form posted, as by.
func (h *Handler) resendInvite(r *http.Request, by account.Viewer, values map[string]string) error {
	if values["action"] != "resend" {
		return &errs.Error{Code: errs.Invalid, Field: "form", Key: "admin.error.action", Message: "admin: unknown action"}
	}
	id, err := strconv.ParseInt(values["id"], 10, 64)
	if err != nil || id <= 0 {
		return &errs.Error{Code: errs.Invalid, Field: "form", Key: inbox.KeyID, Message: "admin: bad owner id"}
	}
	return h.o.Owners.Resend(r.Context(), by, id)
}
