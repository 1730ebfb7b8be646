package route

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/agenda"
	"immo/internal/domain/catalog"
	"immo/internal/domain/i18n"
	"immo/internal/http/web/views"
)

// Agenda is the visit agenda the pages show (agenda.Board): the free slots
// for a property's visit now, and a version that changes with them.
type Agenda interface {
	FreeFor(property int64) []agenda.Slot
	Version() string
}

// VisitView is the visit form of a property page: the free slots of the
// coming days, grouped by day, in Belgian time and the page's language.
// No day means no free slot: the form says so.
type VisitView struct {
	Days []VisitDay `json:"days"`
}

// VisitDay is one day's free slots.
type VisitDay struct {
	Date  string      `json:"date"`  // YYYY-MM-DD in Belgium
	Label string      `json:"label"` // "Dinsdag 24 november"
	Slots []VisitSlot `json:"slots"`
}

// VisitSlot is one free slot. Its button's name ("Dinsdag 24 november om
// 10:30": visit.slotAt of its day's label and time) is made by the view:
// seventy slots' names were a third of a property page's data (issue #34).
type VisitSlot struct {
	Value string `json:"value"` // its start as the form posts it (RFC 3339, Belgian offset)
	Time  string `json:"time"`  // "10:30"
}

// visit is the property's visit form, when the site has an agenda and the
// property is still on offer.
func (c *resolution) visit(p *catalog.PublicProperty) *VisitView {
	if c.r.Agenda == nil || !visitable(p) {
		return nil
	}
	v := &VisitView{Days: []VisitDay{}}
	for _, s := range c.r.Agenda.FreeFor(p.ID) {
		start := s.Start.In(agenda.Brussels)
		date := start.Format(time.DateOnly)
		if n := len(v.Days); n == 0 || v.Days[n-1].Date != date {
			v.Days = append(v.Days, VisitDay{Date: date, Label: dayLabel(c.lang, start)})
		}
		d := &v.Days[len(v.Days)-1]
		d.Slots = append(d.Slots, VisitSlot{Value: start.Format(time.RFC3339), Time: start.Format("15:04")})
	}
	return v
}

// visitable says a property can still be visited: not sold nor rented.
func visitable(p *catalog.PublicProperty) bool {
	return p.Status != catalog.StatusSold && p.Status != catalog.StatusRented
}

// dayLabel is a day as the visit form heads it: "Dinsdag 24 november".
func dayLabel(lang string, t time.Time) string {
	return i18n.Tf(lang, "visit.dayFormat",
		"weekday", i18n.T(lang, "contact.day."+strings.ToLower(t.Weekday().String())),
		"day", strconv.Itoa(t.Day()), "month", i18n.T(lang, "visit.month."+strconv.Itoa(int(t.Month()))))
}

// VisitCancelProps are the page a visit's cancel link opens.
type VisitCancelProps struct {
	Base
	// State: "confirm" (the visit and a button to cancel it), "done" (just
	// cancelled), "unknown" (a link unknown or used already), "failed" (our
	// failure: try again).
	State string `json:"state" tstype:"'confirm' | 'done' | 'unknown' | 'failed'"`
	// Token is the link's token, posted back by the button ("confirm" and
	// "failed" only).
	Token string `json:"token,omitempty"`
	// When is the visit's time in the page's language; the property's
	// title and page, when it is still online.
	When          string `json:"when,omitempty"`
	PropertyTitle string `json:"propertyTitle,omitempty"`
	PropertyURL   string `json:"propertyUrl,omitempty"`
}

func (*VisitCancelProps) View() string { return views.VisitCancel }

// VisitCancelPath is the address of the cancel page in lang; the link adds
// ?token=….
func (r *Resolver) VisitCancelPath(lang string) string {
	return "/" + lang + "/" + VisitCancelSlug + "/"
}

// VisitCancelURL is the cancel link of a booking's token, on the site.
func (r *Resolver) VisitCancelURL(token, lang string) string {
	return r.VisitCancelPath(lang) + "?token=" + url.QueryEscape(token)
}

// VisitCancelSlug is the cancel page's path segment, in every language
// (the link is in a mail, never in a menu).
const VisitCancelSlug = "cancel-visit"

// VisitCancelLang reads the language of a cancel page's path ("/nl/cancel-visit/");
// ok is false for any other path.
func (r *Resolver) VisitCancelLang(path string) (lang string, ok bool) {
	lang, rest, ok := r.splitLang(path)
	if !ok || len(rest) != 1 || rest[0] != VisitCancelSlug || !strings.HasSuffix(path, "/") {
		return "", false
	}
	return lang, true
}

// VisitCancel builds the cancel page in lang for state; b is the booking
// the token names (nil when unknown). It is never cached (noindex, the
// token in its props).
func (r *Resolver) VisitCancel(lang, state, token string, b *agenda.Booking) Result {
	c := &resolution{r: r, lang: lang, ix: r.Catalog.Index()}
	props := &VisitCancelProps{State: state}
	if state == "confirm" || state == "failed" {
		props.Token = token
	}
	if b != nil {
		start := b.Start.In(agenda.Brussels)
		props.When = i18n.Tf(lang, "visit.slotAt", "day", dayLabel(lang, start), "time", start.Format("15:04"))
		if p, err := c.ix.Property(b.Property, lang); err == nil {
			props.PropertyTitle, _ = c.propertyTitle(&p)
			typeName := c.ix.TypeName(p.WebID, lang)
			if typeName == "" {
				typeName = p.TypeDescription
			}
			props.PropertyURL = r.PropertyURL(p.ID, p.Goal, p.City, typeName, lang)
		}
	}
	status := http.StatusOK
	if state == "unknown" {
		status = http.StatusNotFound
	}
	h := c.head(c.t("visit.cancel.title"), "", nil, nil)
	h.Robots = "noindex"
	h.Breadcrumb = c.breadcrumb(nil, c.t("visit.cancel.title"), "")
	res := c.result(status, props, h, nil)
	res.Cacheable = false
	return res
}
