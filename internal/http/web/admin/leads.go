package admin

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/domain/account"
	"immo/internal/domain/errs"
	"immo/internal/domain/i18n"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
)

// stamp writes a time for the pages (the browser shows it in Brussels
// time, in the page's language).
func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// leadPath is lead id's page.
func leadPath(id int64) string { return inbox.LeadPath(id) }

// staffNames names the staff by account id.
func (h *Handler) staffNames(r *http.Request) ([]StaffName, map[int64]string, error) {
	members, err := h.o.Staff.Enabled(r.Context())
	if err != nil {
		return nil, nil, err
	}
	list := make([]StaffName, len(members))
	byID := make(map[int64]string, len(members))
	for i, m := range members {
		list[i] = StaffName{ID: m.ID, Name: m.DisplayName()}
		byID[m.ID] = list[i].Name
	}
	return list, byID, nil
}

// kinds are every kind of lead, by name (the filter's choices).
var kinds = func() []string {
	out := make([]string, 0, len(lead.Specs))
	for k := range lead.Specs {
		out = append(out, string(k))
	}
	sort.Strings(out)
	return out
}()

var statuses = []string{string(inbox.StatusNew), string(inbox.StatusInProgress), string(inbox.StatusDone), string(inbox.StatusSpam)}

// row is a lead as the list shows it.
func row(r inbox.Row, names map[int64]string) LeadRow {
	return LeadRow{ID: r.ID, Href: leadPath(r.ID), Kind: string(r.Kind), Status: string(r.Status), Created: stamp(r.Created),
		Name: r.Name(), Email: r.Email, Phone: r.Phone, Lang: r.Lang, PropertyID: r.PropertyID, ProjectID: r.ProjectID,
		Assignee: names[r.Assignee], Notes: r.Notes}
}

// listedRow is r with its property or project named in lang.
func (h *Handler) listedRow(ctx context.Context, lang string, r LeadRow) LeadRow {
	if r.PropertyID > 0 || r.ProjectID > 0 {
		l := h.listingLink(ctx, lang, r.PropertyID, r.ProjectID)
		r.Listing = &l
	}
	return r
}

// filterValues are q's filter as the list's form shows it.
func filterValues(q url.Values) FilterValues {
	return FilterValues{Kind: nonEmpty(q["kind"]), Status: nonEmpty(q["status"]), Property: q.Get("property"),
		Project: q.Get("project"), Lang: q.Get("lang"), From: q.Get("from"), To: q.Get("to"), Q: q.Get("q"),
		Assignee: q.Get("assignee"), Sort: q.Get("sort")}
}

func nonEmpty(s []string) []string {
	out := []string{}
	for _, v := range s {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}

// serveLeads answers the list of leads: the filter of its address (a
// filter that does not parse says why, with no rows), one page of rows,
// the addresses of the pages around and of the CSV export.
func (h *Handler) serveLeads(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	v := account.FromContext(ctx)
	b := h.base(r, v)
	staff, names, err := h.staffNames(r)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	q := r.URL.Query()
	props := LeadsProps{Base: b, Filter: filterValues(q), Rows: []LeadRow{}, Kinds: kinds, Statuses: statuses,
		Langs: i18n.Languages, Staff: staff, ListLinks: ListLinks{Reset: leadsPath}, Events: eventsPath}
	if props.Latest, err = h.o.Inbox.Latest(ctx); err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	f, problems := inbox.ParseFilter(q)
	if problems != nil {
		props.Errors = problems
		h.render(w, r, props, b, http.StatusBadRequest)
		return
	}
	page, err := h.o.Inbox.List(ctx, f)
	if err != nil {
		if e, ok := errs.As(err); ok && e.Code == errs.Invalid {
			props.Errors = map[string]string{e.Field: e.Key}
			h.render(w, r, props, b, http.StatusBadRequest)
			return
		}
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	for _, l := range page.Rows {
		props.Rows = append(props.Rows, h.listedRow(ctx, b.Lang, row(l, names)))
	}
	if props.Count, props.More, err = h.o.Inbox.Count(ctx, f); err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	query := f.Query()
	props.Export = exportPath + encoded(query)
	// The pages around keep the filter and its page size (the export has
	// every row, whatever the size).
	if f.Size != inbox.DefaultPageSize {
		query.Set("size", strconv.Itoa(f.Size))
	}
	at := func(cursor string) string {
		if cursor == "" {
			return ""
		}
		c := url.Values{}
		for k, v := range query {
			c[k] = v
		}
		c.Set("cursor", cursor)
		return leadsPath + encoded(c)
	}
	props.Next, props.Prev = at(page.Next), at(page.Prev)
	h.render(w, r, props, b, 0)
}

func encoded(q url.Values) string {
	if len(q) == 0 {
		return ""
	}
	return "?" + q.Encode()
}

// withDone is the address of a page (its path and query, without done)
// after a change: done names what was done, which the page says
// (Base.Notice).
func withDone(page, done string) string {
	if strings.Contains(page, "?") {
		return page + "&done=" + url.QueryEscape(done)
	}
	return page + "?done=" + url.QueryEscape(done)
}

// withParam is path with the parameter key=value, or path alone when value
// is empty.
func withParam(path, key, value string) string {
	if value == "" {
		return path
	}
	return path + encoded(url.Values{key: {value}})
}

// The lead page's forms, by their action field.
const (
	actionStatus = "status"
	actionNote   = "note"
	actionAssign = "assign"
)

// serveLead answers a lead's page, and its forms: its status, a note, its
// assignee. A change is made as the staff member logged in (the audit log
// says who); a refused one answers the page with why (422, 409).
func (h *Handler) serveLead(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	v := p.viewer
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		h.fail(w, r, http.StatusNotFound, nil)
		return
	}
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) { return only(h.change(r, v.Account.ID, id, p.values)) },
		done: leadPath(id), form: p.values["action"], item: true})
	if answered {
		return
	}
	d, err := h.o.Inbox.Lead(ctx, id)
	switch {
	case errors.Is(err, inbox.ErrNoLead):
		h.fail(w, r, http.StatusNotFound, nil)
		return
	case err != nil:
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	staff, names, err := h.staffNames(r)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	b := p.base
	props := h.leadProps(ctx, b, d, staff, names)
	if props.Visits, err = h.leadVisits(ctx, d, names); err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	h.render(w, r, props, b, status)
}

// change makes the change a lead page's form posted, as actor.
func (h *Handler) change(r *http.Request, actor, id int64, values map[string]string) error {
	ctx := r.Context()
	switch values["action"] {
	case actionStatus:
		return h.o.Inbox.MoveStatus(ctx, actor, id, inbox.Status(values["from"]), inbox.Status(values["status"]))
	case actionNote:
		return h.o.Inbox.AddNote(ctx, actor, id, values["note"])
	case actionAssign:
		to := int64(0)
		if s := values["assignee"]; s != "" {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil || n < 0 {
				return &errs.Error{Code: errs.Invalid, Field: "assignee", Key: inbox.KeyAssignee, Message: "admin: bad assignee"}
			}
			to = n
		}
		return h.o.Inbox.Assign(ctx, actor, id, to)
	}
	return &errs.Error{Code: errs.Invalid, Field: "form", Key: "admin.error.action", Message: "admin: unknown action"}
}

// leadProps are lead d's page.
func (h *Handler) leadProps(ctx context.Context, b Base, d inbox.Detail, staff []StaffName, names map[int64]string) LeadProps {
	p := LeadProps{Base: b, Lead: h.listedRow(ctx, b.Lang, row(d.Row, names)), Page: d.Request.Page, Title: personTitle(b.Lang, d.Request.Person.Title),
		Remark: d.Request.Remark, Fields: []FieldValue{}, Files: []FileLink{}, Notes: []NoteView{}, History: []Change{},
		Mails: []MailView{}, Visits: []LeadVisit{}, Moves: []string{}, Staff: staff, AssigneeID: d.Assignee, Action: leadPath(d.ID), Back: leadsPath}
	// The kind's fields in the form's order, in the staff's words (an
	// option's label, a slot's day and time); those left empty left out.
	shown := map[string]bool{}
	for _, f := range lead.Specs[d.Kind].Fields {
		if v := strings.TrimSpace(d.Request.Fields[f.Name]); v != "" && !shown[f.Name] {
			shown[f.Name] = true
			if h.o.FieldWords != nil {
				if words := h.o.FieldWords(d.Request, f.Name, b.Lang); words != "" {
					v = words
				}
			}
			p.Fields = append(p.Fields, FieldValue{Name: f.Name, Value: v})
		}
	}
	rest := []string{} // stored under a name the kind no longer has
	for k, v := range d.Request.Fields {
		if !shown[k] && strings.TrimSpace(v) != "" {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	for _, k := range rest {
		p.Fields = append(p.Fields, FieldValue{Name: k, Value: d.Request.Fields[k]})
	}
	for _, f := range d.Files {
		p.Files = append(p.Files, FileLink{Field: f.Field, Name: f.Name, Type: f.Type, Size: f.Size,
			Href: leadPath(d.ID) + "files/" + url.PathEscape(f.Field)})
	}
	for _, n := range d.Notes {
		p.Notes = append(p.Notes, NoteView{Author: nameOr(names, n.Author), Text: n.Text, Created: stamp(n.Created)})
	}
	for _, e := range d.History {
		before, after := e.Before, e.After
		if e.Action == inbox.ActionAssign {
			before, after = idName(names, before), idName(names, after)
		}
		p.History = append(p.History, Change{Actor: actorName(b.Texts, names, e.Actor), Action: string(e.Action), Before: before,
			After: after, Time: stamp(e.Time)})
	}
	for _, m := range d.Mails {
		to := ""
		if len(m.To) > 0 {
			to = m.To[0]
		}
		p.Mails = append(p.Mails, MailView{To: to, Subject: m.Subject, State: m.State, Attempts: m.Attempts,
			Created: stamp(m.Created), LastError: lastError(mailqueue.State(m.State), m.LastError),
			ErrorKey: errorKey(lastError(mailqueue.State(m.State), m.LastError))})
	}
	for _, s := range statuses {
		if inbox.CanMove(d.Status, inbox.Status(s)) {
			p.Moves = append(p.Moves, s)
		}
	}
	return p
}

// personTitle is the sender's title (mr, ms, miss) in the staff's words,
// as the form offered it (forms.label.*); an unknown one as stored.
func personTitle(lang, title string) string {
	if title == "" {
		return ""
	}
	key := "forms.label." + title
	if t := i18n.T(lang, key); t != key {
		return t
	}
	return title
}

// nameOr is staff account id's name, its number when it is no longer staff.
func nameOr(names map[int64]string, id int64) string {
	if n, ok := names[id]; ok {
		return n
	}
	if id == 0 {
		return ""
	}
	return "#" + strconv.FormatInt(id, 10)
}

// idName is the name of the staff account an audit entry's text numbers.
func idName(names map[int64]string, s string) string {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return s
	}
	return nameOr(names, id)
}
