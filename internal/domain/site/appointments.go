package site

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"immo/internal/domain/agenda"
)

// Appointments are the agenda's rules (package agenda): when visitors may
// book a visit of a property. A site without them offers no visit form.
type Appointments struct {
	// Weekdays the agency receives visitors ("monday"…"sunday").
	Weekdays []string `json:"weekdays"`
	// Hours are the ranges of a day slots fit in, "HH:MM" in Belgian time.
	Hours []TimeRange `json:"hours"`
	// SlotMinutes is a slot's length; slots follow each other from a
	// range's start.
	SlotMinutes int `json:"slotMinutes"`
	// Capacity is how many visits one slot takes across the agency (the
	// agents free then); PropertyCapacity how many of one property (0:
	// Capacity).
	Capacity         int `json:"capacity"`
	PropertyCapacity int `json:"propertyCapacity,omitempty"`
	// PerVisitor and PerSender bound the visits booked and not begun that
	// one address (case and +tag aside) and one IP may hold (0: 2 and 4):
	// a few strangers cannot empty the agenda.
	PerVisitor int `json:"perVisitor,omitempty"`
	PerSender  int `json:"perSender,omitempty"`
	// MinDays and MaxDays bound the bookable days: today plus MinDays (1:
	// from tomorrow) to today plus MaxDays.
	MinDays int `json:"minDays"`
	MaxDays int `json:"maxDays"`
	// Closed are days without visits (holidays), YYYY-MM-DD.
	Closed []string `json:"closed,omitempty"`
}

// The bounds on visits booked and not begun when the configuration sets none.
const (
	DefaultPerVisitor = 2
	DefaultPerSender  = 4
)

// Rules converts a checked section to the agenda's rules.
func (a *Appointments) Rules() agenda.Rules {
	r := agenda.Rules{Length: time.Duration(a.SlotMinutes) * time.Minute, Capacity: a.Capacity,
		PropertyCapacity: a.PropertyCapacity, PerVisitor: cmp.Or(a.PerVisitor, DefaultPerVisitor), PerSender: cmp.Or(a.PerSender, DefaultPerSender),
		MinDays: a.MinDays, MaxDays: a.MaxDays, Closed: slices.Clone(a.Closed)}
	for _, d := range a.Weekdays {
		if i := slices.Index(Weekdays, d); i >= 0 {
			r.Weekdays = append(r.Weekdays, time.Weekday((i+1)%7)) // Weekdays starts on Monday
		}
	}
	for _, h := range a.Hours {
		r.Hours = append(r.Hours, agenda.Hours{From: minutes(h.From), To: minutesTo(h.To)})
	}
	return r
}

// minutes reads a checked "HH:MM" as minutes after midnight.
func minutes(hhmm string) int {
	t, err := time.Parse("15:04", hhmm)
	if err != nil {
		return -1
	}
	return t.Hour()*60 + t.Minute()
}

func (c *Config) checkAppointments(p *problems) {
	a := c.Appointments
	if a == nil {
		return
	}
	const path = "appointments"
	before := len(*p)
	if len(a.Weekdays) == 0 {
		p.add(path+".weekdays", "at least one weekday")
	}
	for i, d := range a.Weekdays {
		oneOf(p, fmt.Sprintf("%s.weekdays[%d]", path, i), d, Weekdays)
	}
	if len(a.Hours) == 0 {
		p.add(path+".hours", "at least one range")
	}
	checkHours(p, path, a.Hours, true, func(h TimeRange) *message {
		if a.SlotMinutes > 0 && minutesTo(h.To)-minutes(h.From) < a.SlotMinutes {
			return msgf("%s-%s holds no slot of %d minutes", h.From, h.To, a.SlotMinutes)
		}
		return nil
	})
	if a.SlotMinutes < 5 || a.SlotMinutes > 24*60 {
		p.add(path+".slotMinutes", "must be between 5 and 1440")
	}
	if a.Capacity < 1 || a.Capacity > 1000 {
		p.add(path+".capacity", "must be between 1 and 1000")
	}
	if a.PropertyCapacity < 0 || a.PropertyCapacity > max(a.Capacity, 1) {
		p.add(path+".propertyCapacity", "must be between 1 and capacity (0 or absent: capacity)")
	}
	if a.PerVisitor < 0 || a.PerVisitor > 100 {
		p.add(path+".perVisitor", "must be between 1 and 100 (0 or absent: %d)", DefaultPerVisitor)
	}
	if a.PerSender < 0 || a.PerSender > 1000 {
		p.add(path+".perSender", "must be between 1 and 1000 (0 or absent: %d)", DefaultPerSender)
	}
	if a.MinDays < 0 {
		p.add(path+".minDays", "must be 0 or more")
	}
	if a.MaxDays < a.MinDays || a.MaxDays > 366 {
		p.add(path+".maxDays", "must be between minDays and 366")
	}
	for i, d := range a.Closed {
		if _, err := time.Parse(time.DateOnly, d); err != nil {
			p.add(fmt.Sprintf("%s.closed[%d]", path, i), "%q is not a date (YYYY-MM-DD)", d)
		}
	}
	if len(*p) == before {
		// What the field checks above cannot see; a bug if it says more.
		if err := a.Rules().Validate(); err != nil {
			// Validate's errors are ErrRules and what is wrong.
			p.add(path, "agenda: invalid rules: %s", strings.TrimPrefix(err.Error(), agenda.ErrRules.Error()+": "))
		}
	}
}

// minutesTo reads the end of a range, where "24:00" is midnight after.
func minutesTo(hhmm string) int {
	if hhmm == "24:00" {
		return 24 * 60
	}
	return minutes(hhmm)
}
