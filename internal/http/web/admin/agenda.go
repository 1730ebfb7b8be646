package admin

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"immo/internal/domain/agency"
	"immo/internal/domain/agenda"
	"immo/internal/domain/booking"
	"immo/internal/domain/errs"
	"immo/internal/domain/field"
)

// The agenda's addresses.
const (
	agendaPath       = Prefix + "agenda/"
	agendaRulesPath  = Prefix + "agenda/rules/"
	agendaExportPath = Prefix + "agenda.csv"
)

// agendaDone are the changes the agenda says were made (?done=…, after
// the redirect of a post).
var agendaDone = []string{actionCancel, actionMove, actionSave, actionReset}

// maxMoveChoices bounds the slots a visit's move form offers.
const maxMoveChoices = 300

// The agenda's forms, by their action field.
const (
	actionCancel = "cancel"
	actionMove   = "move"
	actionSave   = "save"
	actionReset  = "reset"
)

// agendaQuery reads the week (any of its days, YYYY-MM-DD; none: this
// one) and the property of the agenda's address: each bad one's problem.
func (h *Handler) agendaQuery(q url.Values) (day time.Time, property int64, problems map[string]string) {
	day = h.o.Now()
	if s := q.Get("week"); s != "" {
		d, err := time.ParseInLocation(time.DateOnly, s, agenda.Brussels)
		if err != nil || d.Year() < 2000 || d.Year() > 2100 {
			problems = map[string]string{"week": "admin.agenda.error.week"}
		} else {
			day = d.Add(12 * time.Hour)
		}
	}
	if s := q.Get("property"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			if problems == nil {
				problems = map[string]string{}
			}
			problems["property"] = "admin.agenda.error.property"
		} else {
			property = n
		}
	}
	return day, property, problems
}

// agendaAt is the agenda's address for the week of day, property kept.
func agendaAt(path string, day time.Time, property int64) string {
	q := url.Values{"week": {day.In(agenda.Brussels).Format(time.DateOnly)}}
	if property > 0 {
		q.Set("property", strconv.FormatInt(property, 10))
	}
	return path + "?" + q.Encode()
}

// serveAgenda answers the week of booked visits, and its forms: a visit
// cancelled or moved by the staff member logged in (a refused one answers
// the page with why).
func (h *Handler) serveAgenda(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	v := p.viewer
	desk := h.agendaOf(r.Context())
	if desk == nil {
		h.render(w, r, AgendaProps{Base: p.base, Days: []AgendaDay{}, Free: map[string][]string{}}, p.base, 0)
		return
	}
	q := r.URL.Query()
	day, property, problems := h.agendaQuery(q)
	status := http.StatusBadRequest
	if problems != nil {
		p.base.Errors = problems
	} else {
		monday, _ := agenda.Week(day)
		var answered bool
		status, answered = h.answer(w, r, &p, change{make: func() (map[string]string, error) { return only(h.changeVisit(r, v.Account.ID, p.values)) },
			done: agendaAt(agendaPath, monday, property) + "&done=" + url.QueryEscape(p.values["action"]), form: p.values["action"],
			notice: "admin.agenda.done.", notices: agendaDone})
		if answered {
			return
		}
	}
	b := p.base
	props := AgendaProps{Base: b, Days: []AgendaDay{}, Free: map[string][]string{}, Enabled: true, Property: q.Get("property")}
	from, to, visits, err := desk.Week(ctx, day, property)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	props.Week = from.Format(time.DateOnly)
	props.Prev = agendaAt(agendaPath, from.AddDate(0, 0, -7), property)
	props.Next = agendaAt(agendaPath, from.AddDate(0, 0, 7), property)
	props.Today = agendaAt(agendaPath, h.o.Now(), property)
	props.Action = agendaAt(agendaPath, from, property)
	props.Export = agendaAt(agendaExportPath, from, property)
	props.Full = len(visits) >= agenda.MaxWeekVisits
	if v.IsAdmin() {
		props.Rules = agendaRulesPath
	}
	length := desk.Current().Length
	for d := from; d.Before(to); d = d.AddDate(0, 0, 1) {
		props.Days = append(props.Days, AgendaDay{Date: d.Format(time.DateOnly), Visits: []VisitEntry{}})
	}
	for _, vis := range visits {
		i := int(vis.Start.In(agenda.Brussels).Sub(from).Hours() / 24)
		if i < 0 || i >= len(props.Days) {
			continue
		}
		key := strconv.FormatInt(vis.Property, 10)
		if _, ok := props.Free[key]; !ok {
			props.Free[key] = freeStarts(desk.Free(vis.Property))
		}
		props.Days[i].Visits = append(props.Days[i].Visits, h.visitEntry(ctx, b.Lang, vis, length))
	}
	h.render(w, r, props, b, status)
}

func freeStarts(slots []agenda.Slot) []string {
	out := make([]string, 0, min(len(slots), maxMoveChoices))
	for _, s := range slots[:min(len(slots), maxMoveChoices)] {
		out = append(out, stamp(s.Start))
	}
	return out
}

func (h *Handler) visitEntry(ctx context.Context, lang string, v agenda.Visit, length time.Duration) VisitEntry {
	e := VisitEntry{ID: v.ID, Start: stamp(v.Start), End: stamp(v.Start.Add(length)), PropertyID: v.Property,
		Name: personName(v.FirstName, v.LastName), Email: v.Email, Phone: v.Phone, Lang: v.Lang, Moved: v.Revision}
	if v.RequestID > 0 {
		e.Lead = leadPath(v.RequestID)
	}
	if v.Property > 0 {
		e.Property = h.listingLink(ctx, lang, v.Property, 0)
		e.Listing = e.Property.Href
	}
	return e
}

func personName(first, last string) string {
	switch {
	case first == "":
		return last
	case last == "":
		return first
	}
	return first + " " + last
}

// changeVisit makes the change a visit's form posted, as actor.
func (h *Handler) changeVisit(r *http.Request, actor int64, values map[string]string) error {
	id, err := strconv.ParseInt(values["id"], 10, 64)
	if err != nil || id <= 0 {
		return &errs.Error{Code: errs.NotFound, Field: "form", Key: booking.KeyNoBooking, Message: "admin: bad booking id"}
	}
	switch values["action"] {
	case actionCancel:
		return h.o.Agenda.Cancel(r.Context(), actor, id)
	case actionMove:
		to, ok := booking.ParseSlot(values[booking.FieldMoveTo])
		if !ok {
			return &errs.Error{Code: errs.Invalid, Field: booking.FieldMoveTo, Key: booking.KeyMoveGone, Message: "admin: bad slot"}
		}
		return h.o.Agenda.Move(r.Context(), actor, id, to)
	}
	return &errs.Error{Code: errs.Invalid, Field: "form", Key: "admin.error.action", Message: "admin: unknown action"}
}

// serveAgendaExport streams the CSV of the week its address names, in the
// staff member's language.
func (h *Handler) serveAgendaExport(w http.ResponseWriter, r *http.Request) {
	desk := h.agendaOf(r.Context())
	if desk == nil {
		http.NotFound(w, r)
		return
	}
	day, property, problems := h.agendaQuery(r.URL.Query())
	if problems != nil {
		http.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)
		return
	}
	from, _, visits, err := desk.Week(r.Context(), day, property)
	if err != nil {
		h.fault(w, "agenda export", "err", err)
		return
	}
	visitLines := func(yield func([]string, error) bool) {
		for _, v := range visits {
			if !yield([]string{v.Start.In(agenda.Brussels).Format("2006-01-02 15:04"), optional(v.Property),
				personName(v.FirstName, v.LastName), v.Email, v.Phone, v.Lang, optional(v.RequestID)}, nil) {
				return
			}
		}
	}
	h.sendCSV(w, r, booking.TargetBooking, "visits-"+from.Format(time.DateOnly)+".csv", agendaCSV, visitLines)
}

// agendaCSV is the week's export header (admin.json), in column order.
var agendaCSV = []string{"admin.agenda.csv.start", "admin.agenda.csv.property", "admin.lead.name", "admin.lead.email",
	"admin.lead.phone", "admin.lead.lang", "admin.agenda.csv.request"}

func optional(id int64) string {
	if id == 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}

// serveAgendaRules answers the slot rules' form (an admin's): saved, they
// replace the configuration's on every server; reset goes back to it.
func (h *Handler) serveAgendaRules(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	v := p.viewer
	props := AgendaRulesProps{Values: map[string]string{}, Action: agendaRulesPath, Back: agendaPath}
	desk := h.agendaOf(r.Context())
	if desk == nil {
		props.Base = p.base
		h.render(w, r, props, p.base, 0)
		return
	}
	props.Enabled = true
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) {
		switch p.values["action"] {
		case actionReset:
			return nil, desk.SaveRules(ctx, v.Account.ID, nil)
		case actionSave:
			rules, bad := booking.RulesForm(p.values).Rules()
			if bad != nil {
				return bad, nil
			}
			return nil, desk.SaveRules(ctx, v.Account.ID, &rules)
		}
		return field.Errors{"form": "admin.error.action"}, nil
	}, done: agendaPath + "?done=" + url.QueryEscape(p.values["action"]), form: actionSave})
	switch {
	case answered:
		return
	case p.posted:
		// the rules typed come back in the form's own values
		p.base.Form = nil
		for k, v := range p.values {
			if k != "action" {
				props.Values[k] = v
			}
		}
	default:
		props.Values = booking.Form(desk.Current())
	}
	props.Base = p.base
	props.Configured = desk.Configured()
	h.render(w, r, props, p.base, status)
}

// agendaOf is the agenda while the request's agency takes visits (its
// configuration as published has appointments); nil otherwise, and the
// pages say the agenda is off, as for an agency that never took any.
func (h *Handler) agendaOf(ctx context.Context) Agenda {
	if a := agency.FromContext(ctx); a != nil && a.Site != nil && a.Site.Appointments == nil {
		return nil
	}
	return h.o.Agenda
}
