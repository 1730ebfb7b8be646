package admin

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"unicode/utf8"

	"immo/internal/domain/account"
	"immo/internal/domain/inbox"
	"immo/internal/domain/newsletter"
)

// NewsletterAuditTarget is the audit log's kind for an export of the
// subscribers.
const NewsletterAuditTarget = "newsletter"

// The newsletter's addresses.
const (
	newsletterPath       = Prefix + "newsletter/"
	newsletterExportPath = Prefix + "newsletter.csv"
)

// newsletterPage is how many subscribers one page lists.
const newsletterPage = 50

// newsletterQuery reads the list's filter of q; problems names each bad one.
func newsletterQuery(q url.Values) (newsletter.ListQuery, map[string]string) {
	var l newsletter.ListQuery
	problems := map[string]string{}
	if s := q.Get("state"); s != "" {
		if !slices.Contains(newsletter.States, newsletter.State(s)) {
			problems["state"] = "admin.newsletter.error.state"
		}
		l.State = newsletter.State(s)
	}
	if s := q.Get("q"); utf8.RuneCountInString(s) > newsletter.MaxSearch {
		problems["q"] = "admin.error.search"
	} else {
		l.Search = s
	}
	if s := q.Get("before"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n <= 0 {
			problems["before"] = "admin.error.id"
		}
		l.Before = n
	}
	if len(problems) > 0 {
		return l, problems
	}
	return l, nil
}

// serveNewsletter answers the subscribers' list: newest first, by state
// and a part of the address, a page at a time, and its CSV's address.
func (h *Handler) serveNewsletter(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	b := h.base(r, account.FromContext(ctx))
	q := r.URL.Query()
	props := NewsletterProps{Base: b, Rows: []SubscriberRow{}, States: []string{}, State: q.Get("state"), Q: q.Get("q"), ListLinks: ListLinks{Reset: newsletterPath}}
	for _, s := range newsletter.States {
		props.States = append(props.States, string(s))
	}
	l, problems := newsletterQuery(q)
	if problems != nil {
		props.Errors = problems
		h.render(w, r, props, b, http.StatusBadRequest)
		return
	}
	list, last, err := pageOf(func(limit int) ([]newsletter.Listed, error) {
		l.Limit = limit
		return h.o.Newsletter.List(ctx, l)
	}, newsletterPage, func(s newsletter.Listed) int64 { return s.ID })
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	for _, s := range list {
		props.Rows = append(props.Rows, SubscriberRow{ID: s.ID, Email: s.Email, Lang: s.Lang, State: string(s.State),
			Created: stamp(s.Created), Updated: stamp(s.Updated)})
	}
	props.Export, props.Next = pageLinks(newsletterPath, newsletterExportPath, q, []string{"state", "q"}, last)
	h.render(w, r, props, b, 0)
}

// serveNewsletterExport streams the filtered list as CSV (every page of
// it), in the staff member's language; the export is in the audit log.
func (h *Handler) serveNewsletterExport(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	l, problems := newsletterQuery(r.URL.Query())
	if problems != nil {
		http.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)
		return
	}
	t := texts()[h.langOf(r)]
	l.Limit = newsletter.MaxList
	subscribers := everyPage(func(before int64) ([]newsletter.Listed, error) {
		l.Before = before
		return h.o.Newsletter.List(ctx, l)
	}, func(s newsletter.Listed) int64 { return s.ID }, l.Limit)
	h.sendCSV(w, r, NewsletterAuditTarget, "newsletter-"+h.today()+".csv", newsletterCSV, lines(subscribers, func(s newsletter.Listed) []string {
		return []string{s.Email, s.Lang, t["admin.newsletter.states."+string(s.State)],
			s.Created.In(inbox.Brussels).Format("2006-01-02 15:04"), s.Updated.In(inbox.Brussels).Format("2006-01-02 15:04")}
	}))
}

// newsletterCSV is the export's header (admin.json), in column order.
var newsletterCSV = []string{"admin.lead.email", "admin.lead.lang", "admin.newsletter.state", "admin.newsletter.created", "admin.newsletter.updated"}
