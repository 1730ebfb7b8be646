package admin

import (
	"cmp"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"immo/internal/domain/account"
	"immo/internal/domain/antispam"
	"immo/internal/domain/errs"
)

// The abuse page's addresses.
const (
	abusePath       = Prefix + "abuse/"
	abuseExportPath = Prefix + "abuse.csv"
)

// abuseQuery reads the page's address: days (1 or 7) and q (a part of a
// held address); problems names each bad one.
func abuseQuery(q url.Values) (days int, who string, problems map[string]string) {
	days, who = 1, q.Get("q")
	problems = map[string]string{}
	if s := q.Get("days"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || (n != 1 && n != 7) {
			problems["days"] = "admin.abuse.error.days"
		}
		days = n
	}
	if utf8.RuneCountInString(who) > antispam.MaxWho {
		problems["q"] = "admin.error.search"
	}
	if len(problems) > 0 {
		return 1, "", problems
	}
	return days, who, nil
}

// abuseAt is the page's address with its filter.
func abuseAt(days int, who string) string {
	q := url.Values{}
	if days != 1 {
		q.Set("days", strconv.Itoa(days))
	}
	if who != "" {
		q.Set("q", who)
	}
	return abusePath + encoded(q)
}

// serveAbuse answers the abuse page, and its one form: a key held at a
// limit released (its counters forgotten, audited), so a visitor wrongly
// held may try again at once.
func (h *Handler) serveAbuse(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	v := p.viewer
	days, who, problems := abuseQuery(r.URL.Query())
	props := AbuseProps{Days: days, Q: who, Reasons: []AbuseLine{}, Hours: []AbuseLine{}, Areas: []AbuseLine{},
		Holds: []HoldRow{}, Action: abuseAt(days, who), Export: withParam(abuseExportPath, "q", who)}
	if problems != nil {
		props.Base = p.base
		props.Errors, props.Action = problems, abusePath
		h.render(w, r, props, props.Base, http.StatusBadRequest)
		return
	}
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) { return only(h.release(r, v.Account.ID, p.values)) },
		done: withDone(props.Action, "release"), form: "release", item: true, notice: "admin.abuse.done.", notices: []string{"release"}})
	if answered {
		return
	}
	props.Base = p.base
	b := p.base
	now := h.o.Now()
	tallies, err := h.o.Abuse.Tallies(ctx, now.Add(-time.Duration(days)*24*time.Hour))
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	props.Reasons, props.Hours, props.Areas, props.Total = tallied(b.Texts, tallies)
	holds, err := h.o.Abuse.Holds(ctx, antispam.HoldQuery{Now: now, Who: who, Limit: antispam.MaxHolds + 1})
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	if props.More = len(holds) > antispam.MaxHolds; props.More {
		holds = holds[:antispam.MaxHolds]
	}
	var names map[int64]string
	for _, o := range holds {
		row := HoldRow{Key: o.Key, Window: o.Window.UTC().Format(time.RFC3339Nano), Who: o.Who, Limit: "admin.abuse.reason." + o.Limit,
			Area: areaKey(b.Texts, o.Area), Hits: o.Hits, Max: o.Max, Until: stamp(o.Until)}
		if id, ok := strings.CutPrefix(o.Who, "#"); ok && o.Area == account.CodeArea {
			if names == nil {
				if _, names, err = h.staffNames(r); err != nil {
					h.fail(w, r, http.StatusInternalServerError, err)
					return
				}
			}
			row.Who = idName(names, id)
		}
		props.Holds = append(props.Holds, row)
	}
	h.render(w, r, props, b, status)
}

// serveAbuseExport streams the holds its address searches (q) as CSV, in
// the staff member's language; the export is in the audit log (the
// addresses left the inbox).
func (h *Handler) serveAbuseExport(w http.ResponseWriter, r *http.Request) {
	_, who, problems := abuseQuery(r.URL.Query())
	if problems != nil {
		http.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)
		return
	}
	holds, err := h.o.Abuse.Holds(r.Context(), antispam.HoldQuery{Now: h.o.Now(), Who: who, Limit: antispam.MaxHoldsRead})
	if err != nil {
		h.fault(w, "export", "kind", antispam.AuditTarget, "err", err)
		return
	}
	t := texts()[h.langOf(r)]
	h.sendCSV(w, r, antispam.AuditTarget, "abuse-"+h.today()+".csv", abuseCSV, func(yield func([]string, error) bool) {
		for _, o := range holds {
			who := o.Who
			if who == "" {
				who = t["admin.abuse.site"]
			}
			if !yield([]string{who, t["admin.abuse.reason."+o.Limit], t[areaKey(t, o.Area)], strconv.Itoa(o.Hits), strconv.Itoa(o.Max),
				brussels(o.Window), brussels(o.Until)}, nil) {
				return
			}
		}
	})
}

// abuseCSV is the holds' export's header (admin.json), in column order.
var abuseCSV = []string{"admin.abuse.who", "admin.abuse.limit", "admin.abuse.areaHead", "admin.abuse.hits", "admin.abuse.max",
	"admin.abuse.since", "admin.abuse.until"}

// release releases the hold a release form names, as actor.
func (h *Handler) release(r *http.Request, actor int64, values map[string]string) error {
	if values["action"] != "release" {
		return &errs.Error{Code: errs.Invalid, Field: "form", Key: "admin.error.action", Message: "admin: unknown action"}
	}
	window, err := time.Parse(time.RFC3339Nano, values["window"])
	key := values["key"]
	if err != nil || key == "" || len(key) > 200 {
		return antispam.ErrNoHold
	}
	return h.o.Abuse.Release(r.Context(), actor, key, window)
}

// tallied arranges the refusals' counts for the page: a line per reason,
// the most frequent first; per hour, newest first (tallies' order); per
// area, the most refused first; the hours' and areas' split by reason in
// the reasons' order.
func tallied(t Texts, tallies []antispam.Tally) (reasons, hours, areas []AbuseLine, total int) {
	reasons, hours, areas = []AbuseLine{}, []AbuseLine{}, []AbuseLine{}
	byReason := map[string]int{}
	for _, c := range tallies {
		byReason[c.Reason] += c.Count
		total += c.Count
	}
	for r, n := range byReason {
		reasons = append(reasons, AbuseLine{Label: "admin.abuse.reason." + r, Total: n, Parts: []AbusePart{}})
	}
	byTotal := func(a, b AbuseLine) int { return cmp.Or(b.Total-a.Total, strings.Compare(a.Label, b.Label)) }
	slices.SortFunc(reasons, byTotal)
	rank := map[string]int{}
	for i, l := range reasons {
		rank[l.Label] = i
	}
	line := func(lines *[]AbuseLine, at map[string]int, label string, c antispam.Tally) {
		i, ok := at[label]
		if !ok {
			i, at[label] = len(*lines), len(*lines)
			*lines = append(*lines, AbuseLine{Label: label, Parts: []AbusePart{}})
		}
		l, reason := &(*lines)[i], "admin.abuse.reason."+c.Reason
		l.Total += c.Count
		for j := range l.Parts {
			if l.Parts[j].Reason == reason {
				l.Parts[j].Count += c.Count
				return
			}
		}
		l.Parts = append(l.Parts, AbusePart{Reason: reason, Count: c.Count})
	}
	hourAt, areaAt := map[string]int{}, map[string]int{}
	for _, c := range tallies {
		line(&hours, hourAt, stamp(c.Hour), c)
		line(&areas, areaAt, areaKey(t, c.Area), c)
	}
	for _, lines := range [][]AbuseLine{hours, areas} {
		for _, l := range lines {
			slices.SortFunc(l.Parts, func(a, b AbusePart) int { return rank[a.Reason] - rank[b.Reason] })
		}
	}
	slices.SortStableFunc(areas, byTotal)
	return reasons, hours, areas, total
}

// areaKey is where an attempt was made in the staff's words: a form's kind
// (admin.kind.*), else a login's or another page's (admin.abuse.area.*).
func areaKey(t Texts, area string) string {
	if _, ok := t["admin.kind."+area]; ok {
		return "admin.kind." + area
	}
	return "admin.abuse.area." + area
}
