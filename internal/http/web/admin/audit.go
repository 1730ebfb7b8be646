package admin

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/antispam"
	"immo/internal/domain/audit"
	"immo/internal/domain/booking"
	"immo/internal/domain/feed"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
	"immo/internal/domain/media"
	"immo/internal/domain/platform"
	"immo/internal/domain/testimonial"
)

// AuditLog reads the audit log (audit.Store).
type AuditLog interface {
	List(ctx context.Context, q audit.Query) ([]audit.Entry, error)
}

// The audit log's addresses.
const (
	auditPath       = Prefix + "audit/"
	auditExportPath = Prefix + "audit.csv"
)

// auditKinds are the kinds of target the inbox's changes are logged under
// (the filter's choices), in the menu's order.
var auditKinds = []string{inbox.TargetLead, booking.TargetBooking, booking.TargetAgenda, testimonial.AuditTarget, mailqueue.AuditTarget,
	antispam.AuditTarget, account.OwnerAuditTarget, demandsAuditTarget, NewsletterAuditTarget, account.StaffAuditTarget, agency.AuditKind, media.AuditKind, feed.AuditKind}

// auditPage is how many entries one page lists.
const auditPage = 50

// auditQuery reads the log's filter of q: the target kind, the actor, the
// page (entries before an id); problems names each bad one.
func auditQuery(q url.Values) (audit.Query, map[string]string) {
	var a audit.Query
	problems := map[string]string{}
	if k := q.Get("kind"); k != "" {
		a.TargetKind = k
		known := false
		for _, x := range auditKinds {
			known = known || x == k
		}
		if !known {
			problems["kind"] = "admin.audit.error.kind"
		}
	}
	for name, dst := range map[string]*int64{"actor": &a.Actor, "before": &a.Before} {
		if s := q.Get(name); s != "" {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil || n <= 0 {
				problems[name] = "admin.error.id"
				continue
			}
			*dst = n
		}
	}
	if len(problems) > 0 {
		return a, problems
	}
	return a, nil
}

// targetHref is the inbox's page of an entry's target ("": none).
func targetHref(e audit.Entry) string {
	switch e.TargetKind {
	case inbox.TargetLead:
		if e.TargetID == 0 { // an export of the list
			return leadsPath
		}
		return leadPath(e.TargetID)
	case account.StaffAuditTarget:
		return staffPath
	case testimonial.AuditTarget:
		return testimonialsPath
	case mailqueue.AuditTarget:
		return mailsPath
	case account.OwnerAuditTarget:
		return ownersPath
	case booking.TargetBooking, booking.TargetAgenda:
		return agendaPath
	case demandsAuditTarget:
		return demandsPath
	case NewsletterAuditTarget:
		return newsletterPath
	case agency.AuditKind:
		return sitePath
	case antispam.AuditTarget:
		return abusePath
	}
	return ""
}

// auditNames are the staff to filter the log by (the enabled ones) and
// the names of everyone who may have written it: disabled members and the
// platform's operator too, so an entry of theirs names them.
func (h *Handler) auditNames(r *http.Request) ([]StaffName, map[int64]string, error) {
	staff, names, err := h.staffNames(r)
	if err != nil || h.o.StaffAdmin == nil {
		return staff, names, err
	}
	all, err := h.o.StaffAdmin.List(r.Context(), account.FromContext(r.Context()))
	if err != nil {
		return nil, nil, err
	}
	for _, m := range all {
		if _, ok := names[m.ID]; !ok {
			names[m.ID] = m.DisplayName()
		}
	}
	return staff, names, nil
}

// serveAudit answers the audit log (an admin's): who changed what and
// when, newest first, by target kind and actor, a page at a time.
func (h *Handler) serveAudit(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	b := h.base(r, account.FromContext(ctx))
	q := r.URL.Query()
	staff, names, err := h.auditNames(r)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	props := AuditProps{Base: b, Rows: []AuditRow{}, Kinds: auditKinds, Staff: staff, Kind: q.Get("kind"),
		Actor: q.Get("actor"), ListLinks: ListLinks{Reset: auditPath}}
	a, problems := auditQuery(q)
	if problems != nil {
		props.Errors = problems
		h.render(w, r, props, b, http.StatusBadRequest)
		return
	}
	list, last, err := pageOf(func(limit int) ([]audit.Entry, error) {
		a.Limit = limit
		return h.o.Audit.List(ctx, a)
	}, auditPage, func(e audit.Entry) int64 { return e.ID })
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	for _, e := range list {
		before, after, beforeAt, afterAt := auditValues(b.Texts, names, e)
		props.Rows = append(props.Rows, AuditRow{ID: e.ID, Time: stamp(e.Time), Actor: actorName(b.Texts, names, e.Actor), Action: string(e.Action),
			Kind: e.TargetKind, Target: e.TargetID, Href: targetHref(e), Before: before, After: after, BeforeAt: beforeAt, AfterAt: afterAt})
	}
	props.Export, props.Next = pageLinks(auditPath, auditExportPath, q, []string{"kind", "actor"}, last)
	h.render(w, r, props, b, 0)
}

// serveAuditExport streams the filtered log as CSV (every page of it), in
// the admin's language.
func (h *Handler) serveAuditExport(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	a, problems := auditQuery(r.URL.Query())
	if problems != nil {
		http.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)
		return
	}
	_, names, err := h.auditNames(r)
	if err != nil {
		h.fault(w, "audit export", "err", err)
		return
	}
	t := texts()[h.langOf(r)]
	a.Limit = audit.MaxLimit
	entries := everyPage(func(before int64) ([]audit.Entry, error) {
		a.Before = before
		return h.o.Audit.List(ctx, a)
	}, func(e audit.Entry) int64 { return e.ID }, a.Limit)
	h.sendCSV(w, r, "", "audit-"+h.today()+".csv", auditCSV, lines(entries, func(e audit.Entry) []string {
		before, after, beforeAt, afterAt := auditValues(t, names, e)
		if e.TargetKind == booking.TargetAgenda { // the rules themselves: the file keeps the record
			before, after = e.Before, e.After
		}
		return []string{e.Time.In(inbox.Brussels).Format("2006-01-02 15:04:05"), actorName(t, names, e.Actor), actionWords(t, e.Action),
			t["admin.audit.kinds."+e.TargetKind], optional(e.TargetID), strings.TrimSpace(brusselsAt(beforeAt) + " " + before),
			strings.TrimSpace(brusselsAt(afterAt) + " " + after)}
	}))
}

// auditCSV is the log's export header (admin.json), in column order.
var auditCSV = []string{"admin.audit.time", "admin.audit.actor", "admin.audit.action", "admin.audit.kind",
	"admin.audit.target", "admin.audit.before", "admin.audit.after"}

// actionWords is an action in the staff's words; one without a
// translation as logged.
func actionWords(t Texts, a audit.Action) string {
	if said, ok := t["admin.action."+string(a)]; ok {
		return said
	}
	return string(a)
}

// actorName is who made a change: a staff member, the command line
// (immo staff add, reset-2fa), a visitor (a request sent) or the
// platform's operator (named in the entry's values).
func actorName(t Texts, names map[int64]string, id int64) string {
	switch id {
	case audit.CommandLine:
		return t["admin.audit.commandLine"]
	case audit.Visitor:
		return t["admin.audit.visitor"]
	case audit.Operator:
		return t["admin.audit.operator"]
	}
	return nameOr(names, id)
}

// auditValues are an entry's before and after in the staff's words: a
// status, role, state or mail state translated, an assignee named, a
// visit's slot as a time (beforeAt, afterAt: RFC 3339, which the page
// writes in Brussels time and the page's language), the slot rules'
// documents left to the CSV (the action says what changed).
func auditValues(t Texts, names map[int64]string, e audit.Entry) (before, after, beforeAt, afterAt string) {
	word := func(prefix, v string) string {
		if said, ok := t[prefix+v]; ok && v != "" {
			return said
		}
		return v
	}
	switch {
	case e.TargetKind == platform.TargetAccess && e.Action == platform.ActionGranted: // the leave's end
		return "", "", "", e.After
	case e.TargetKind == platform.TargetAccess && e.Action == platform.ActionRevoked:
		return "", "", e.Before, ""
	case e.TargetKind == inbox.TargetLead && e.Action == lead.ActionReceived: // the request's kind
		return "", word("admin.kind.", e.After), "", ""
	case e.TargetKind == inbox.TargetLead && e.Action == inbox.ActionStatus:
		return word("admin.status.", e.Before), word("admin.status.", e.After), "", ""
	case e.TargetKind == inbox.TargetLead && e.Action == inbox.ActionAssign:
		return idName(names, e.Before), idName(names, e.After), "", ""
	case e.TargetKind == account.StaffAuditTarget:
		if e.Action == audit.Action(account.StaffRoleChanged) || e.Action == audit.Action(account.StaffAdded) {
			return word("admin.staff.roles.", e.Before), word("admin.staff.roles.", e.After), "", ""
		}
		return word("admin.staff.", e.Before), word("admin.staff.", e.After), "", ""
	case e.TargetKind == testimonial.AuditTarget && e.Action == audit.Action(testimonial.ActionApprove):
		// Logged as "pending" and "published": the states' own words.
		return word("admin.testimonials.state", testimonialState[e.Before]), word("admin.testimonials.state", testimonialState[e.After]), "", ""
	case e.TargetKind == mailqueue.AuditTarget:
		return word("admin.mail.", e.Before), word("admin.mail.", e.After), "", ""
	case e.TargetKind == booking.TargetBooking:
		// A slot, then (a cancellation's) who had booked it.
		at, who, _ := strings.Cut(e.Before, " ")
		return who, "", at, e.After
	case e.TargetKind == booking.TargetAgenda:
		return "", "", "", ""
	case e.TargetKind == antispam.AuditTarget: // whom, and the limit released
		return e.Before, word("admin.abuse.reason.", e.After), "", ""
	case e.TargetKind == agency.AuditKind && e.Before != "": // the version a revert brought back
		return "#" + e.Before, e.After, "", ""
	}
	return e.Before, e.After, "", ""
}

// testimonialState names a testimonial's state as logged by its key's
// ending (admin.testimonials.statePending…).
var testimonialState = map[string]string{"pending": "Pending", "published": "Published"}

// brusselsAt writes an RFC 3339 time of the log in Brussels time for the
// CSV; anything else as it is.
func brusselsAt(s string) string {
	if at, err := time.Parse(time.RFC3339, s); err == nil {
		return at.In(inbox.Brussels).Format("2006-01-02 15:04")
	}
	return s
}
