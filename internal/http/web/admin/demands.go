package admin

import (
	"context"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
	"immo/internal/domain/errs"
	"immo/internal/domain/i18n"
	"immo/internal/domain/inbox"
)

// demandsPageSize is the demands listed a page (each matched against the
// catalog: the page bounds that work).
const demandsPageSize = 50

// demandQuery is the register's query its address asks, page n of it;
// an errs.Invalid when it is out of bounds.
func demandQuery(q url.Values) (demand.RegisteredQuery, int, error) {
	n, ok := pageNumber(q, demand.MaxRegisteredOffset/demandsPageSize)
	if !ok {
		return demand.RegisteredQuery{}, 0, &errs.Error{Code: errs.Invalid, Field: "page", Key: inbox.KeyCursor, Message: "admin: bad page"}
	}
	rq := demand.RegisteredQuery{Q: q.Get("q"), State: q.Get("state"), Offset: (n - 1) * demandsPageSize, Limit: demandsPageSize}
	return rq, n, rq.Check()
}

// serveDemands answers the registered demands: who, their search in
// words, confirmed or not, how many listings each matches now (the
// alerts' own rule over the catalog), the alerts mailed; a page at a time,
// filtered; the CSV of the filtered list beside it.
func (h *Handler) serveDemands(w http.ResponseWriter, r *http.Request) {
	b := h.base(r, account.FromContext(r.Context()))
	q := r.URL.Query()
	props := DemandsProps{Base: b, Q: q.Get("q"), State: q.Get("state"), States: []string{demand.StateConfirmed, demand.StateUnconfirmed},
		Rows: []DemandRow{}, ListLinks: ListLinks{Reset: demandsPath}}
	rq, n, err := demandQuery(q)
	if e, ok := errs.As(err); ok {
		props.Errors = map[string]string{e.Field: e.Key}
		h.render(w, r, props, b, http.StatusBadRequest)
		return
	}
	list, more, err := h.o.Demands.Register.Registered(r.Context(), rq)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	listings := h.o.Demands.Listings() // one catalog for the whole page
	for _, d := range list {
		props.Rows = append(props.Rows, h.demandRow(r.Context(), d, b.Lang, listings))
	}
	props.Export = listURL(demandsExportPath, q, 0)
	if more {
		props.Next = listURL(demandsPath, q, n+1)
	}
	if n > 1 {
		props.Prev = listURL(demandsPath, q, n-1)
	}
	h.render(w, r, props, b, 0)
}

// maxMatchesShown bounds the listings a demand's row names (its count
// says how many match).
const maxMatchesShown = 5

// demandRow is d as the list shows it, in lang, matched against listings:
// how many match, and the first maxMatchesShown by title and address.
func (h *Handler) demandRow(ctx context.Context, d demand.Registered, lang string, listings iter.Seq[*catalog.Property]) DemandRow {
	row := DemandRow{ID: d.ID, Email: d.Email, Name: strings.TrimSpace(d.FirstName + " " + d.LastName), Phone: d.Phone, Lang: d.Lang,
		Disabled: d.Disabled, Summary: h.demandSummary(d.Demand, lang), Created: stamp(d.Created), Confirmed: stamp(d.Confirmed),
		Paused: d.Paused, Matches: []ListingLink{}, AlertsSent: d.AlertsSent, LastAlert: stamp(d.LastAlert)}
	for p := range listings {
		if !d.Matches(p) {
			continue
		}
		if row.Matching++; len(row.Matches) < maxMatchesShown {
			row.Matches = append(row.Matches, h.listingLink(ctx, lang, p.ID, 0))
		}
	}
	return row
}

// demandSummary is d's search in words, its rooms too (route.DemandSummary,
// the registrants' area's).
func (h *Handler) demandSummary(d demand.Demand, lang string) string {
	return h.o.Demands.Summary(d, lang)
}

// demandsCSV is the export's header (admin.json), in column order.
var demandsCSV = []string{"admin.demands.csv.id", "admin.lead.created", "admin.lead.email", "admin.lead.firstName",
	"admin.lead.lastName", "admin.lead.phone", "admin.lead.lang", "admin.demands.search", "admin.demands.confirmed", "admin.demands.paused",
	"admin.demands.matching", "admin.demands.alerts", "admin.demands.csv.lastAlert"}

// serveDemandsExport streams the CSV of the demands its address filters
// (every page of them, walked by id however many there are, in the staff
// member's language), the export written to the audit log first: personal
// data left the back office.
func (h *Handler) serveDemandsExport(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	q := r.URL.Query()
	q.Del("page")
	rq, _, err := demandQuery(q)
	if err != nil {
		http.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)
		return
	}
	lang := h.langOf(r)
	yes, no := i18n.T(lang, "admin.demands.yes"), i18n.T(lang, "admin.demands.no")
	listings := h.o.Demands.Listings() // one catalog for the whole file
	rows := func(yield func([]string, error) bool) {
		rq.Offset, rq.Limit = 0, demand.MaxRegisteredPage
		for {
			list, more, err := h.o.Demands.Register.Registered(ctx, rq)
			if err != nil {
				yield(nil, err)
				return
			}
			for _, d := range list {
				row := h.demandRow(ctx, d, lang, listings)
				confirmed, paused := no, no
				if row.Confirmed != "" {
					confirmed = yes
				}
				if row.Paused {
					paused = yes
				}
				if !yield([]string{strconv.FormatInt(d.ID, 10), brussels(d.Created), d.Email, d.FirstName, d.LastName, d.Phone, d.Lang,
					row.Summary, confirmed, paused, strconv.Itoa(row.Matching), strconv.Itoa(d.AlertsSent),
					brussels(d.LastAlert)}, nil) {
					return
				}
			}
			if !more || len(list) == 0 {
				return
			}
			rq.Before = list[len(list)-1].ID
		}
	}
	h.sendCSV(w, r, demandsAuditTarget, "demands-"+h.today()+".csv", demandsCSV, rows)
}

// demandsAuditTarget is the audit log's target kind of the demands' export.
const demandsAuditTarget = "demand"

// brussels is t as the CSV writes a time (Brussels, to the minute); ""
// for none.
func brussels(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(inbox.Brussels).Format("2006-01-02 15:04")
}
