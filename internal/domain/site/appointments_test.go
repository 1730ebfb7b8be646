package site

import (
	"testing"
	"time"

	"immo/internal/domain/agenda"
)

// The demo's appointments become the agenda's rules.
func TestAppointmentsRules(t *testing.T) {
	c := loadDemo(t)
	if c.Appointments == nil {
		t.Fatal("the demo configures no appointments")
	}
	r := c.Appointments.Rules()
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	if len(r.Weekdays) != 6 || r.Weekdays[0] != time.Monday || r.Weekdays[5] != time.Saturday {
		t.Errorf("weekdays %v", r.Weekdays)
	}
	if len(r.Hours) != 2 || r.Hours[0] != (agenda.Hours{From: 600, To: 720}) || r.Length != 30*time.Minute {
		t.Errorf("hours %v, length %v", r.Hours, r.Length)
	}
	// "24:00" ends a range at midnight; Sunday is day 0 of the agenda.
	a := Appointments{Weekdays: []string{"sunday"}, Hours: []TimeRange{{"22:00", "24:00"}}, SlotMinutes: 60, Capacity: 1, MaxDays: 3}
	if r := a.Rules(); r.Weekdays[0] != time.Sunday || r.Hours[0].To != 24*60 || r.Validate() != nil {
		t.Errorf("%+v: %v", r, r.Validate())
	}
}

func TestAppointmentsValidation(t *testing.T) {
	tests := []struct {
		path string
		v    any
		want string
	}{
		{"appointments.weekdays", []any{}, "at least one weekday"},
		{"appointments.weekdays[0]", "maandag", "must be one of"},
		{"appointments.hours", []any{}, "at least one range"},
		{"appointments.hours[0].from", "10h", "is not a time"},
		{"appointments.hours[0].to", "09:00", "from must be before to"},
		{"appointments.hours[1].from", "11:00", "overlaps or precedes"},
		{"appointments.hours[0].to", "10:15", "holds no slot of 30 minutes"},
		{"appointments.slotMinutes", 2, "between 5 and 1440"},
		{"appointments.capacity", 0, "between 1 and 1000"},
		{"appointments.minDays", -1, "0 or more"},
		{"appointments.maxDays", 400, "between minDays and 366"},
		{"appointments.closed[0]", "25/12/2026", "is not a date"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			tree := demoTree(t)
			set(t, tree, tt.path, tt.v)
			path := tt.path
			if tt.want == "from must be before to" || tt.want == "overlaps or precedes" || tt.want == "holds no slot of 30 minutes" {
				path = path[:len("appointments.hours[0]")]
			}
			wantLine(t, errorLines(t, encode(t, tree)), path, tt.want)
		})
	}
	// Without the section the site is valid: it offers no visit form.
	tree := demoTree(t)
	set(t, tree, "appointments", remove)
	c, err := Parse("site.json", encode(t, tree))
	if err != nil || c.Appointments != nil {
		t.Fatalf("without appointments: %v, %+v", err, c.Appointments)
	}
}
