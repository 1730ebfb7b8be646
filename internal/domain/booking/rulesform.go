package booking

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"immo/internal/domain/agenda"
	"immo/internal/domain/field"
)

// KeyRulesInvalid refuses rules whose fields each pass but not together
// (a range holding no slot of the length).
const KeyRulesInvalid = "admin.agenda.error.rules"

// RulesForm is the slot rules as the inbox's form writes them: a box per
// weekday (day0 Sunday … day6 Saturday, "on"), the hours as ranges
// ("09:00-12:00, 14:00-18:00"), numbers, the closed days as dates
// separated by spaces, commas or lines.
type RulesForm map[string]string

// The form's fields, and their bounds (those of the site configuration's
// appointments section).
const (
	FieldHours            = "hours"
	FieldLength           = "length"
	FieldCapacity         = "capacity"
	FieldPropertyCapacity = "propertyCapacity"
	FieldPerVisitor       = "perVisitor"
	FieldPerSender        = "perSender"
	FieldMinDays          = "minDays"
	FieldMaxDays          = "maxDays"
	FieldClosed           = "closed"
	FieldWeekdays         = "weekdays"
	maxClosed             = 400
)

// Form writes r as the form shows it.
func Form(r agenda.Rules) RulesForm {
	f := RulesForm{}
	for _, d := range r.Weekdays {
		f["day"+strconv.Itoa(int(d))] = "on"
	}
	var hours []string
	for _, h := range r.Hours {
		hours = append(hours, clock(h.From)+"-"+clock(h.To))
	}
	f[FieldHours] = strings.Join(hours, ", ")
	f[FieldLength] = strconv.Itoa(int(r.Length / time.Minute))
	f[FieldCapacity] = strconv.Itoa(r.Capacity)
	f[FieldPropertyCapacity] = strconv.Itoa(r.PropertyCapacity)
	f[FieldPerVisitor] = strconv.Itoa(r.PerVisitor)
	f[FieldPerSender] = strconv.Itoa(r.PerSender)
	f[FieldMinDays] = strconv.Itoa(r.MinDays)
	f[FieldMaxDays] = strconv.Itoa(r.MaxDays)
	f[FieldClosed] = strings.Join(r.Closed, "\n")
	return f
}

func clock(m int) string {
	return strconv.Itoa(m/60/10) + strconv.Itoa(m/60%10) + ":" + strconv.Itoa(m%60/10) + strconv.Itoa(m%10)
}

// rangeRe is one range of hours, "9:00-12:30" or "09:00 – 24:00".
var rangeRe = regexp.MustCompile(`^(\d{1,2})[:.h]([0-5]\d)\s*[-–]\s*(\d{1,2})[:.h]([0-5]\d)$`)

// Rules reads the form: the rules, or each field's problem (a translation
// key), nothing changed.
func (f RulesForm) Rules() (agenda.Rules, field.Errors) {
	bad := field.Errors{}
	var r agenda.Rules
	for d := time.Sunday; d <= time.Saturday; d++ {
		if f["day"+strconv.Itoa(int(d))] != "" {
			r.Weekdays = append(r.Weekdays, d)
		}
	}
	if len(r.Weekdays) == 0 {
		bad[FieldWeekdays] = "admin.agenda.error.weekdays"
	}
	num := func(name string, lo, hi int) int {
		n, err := strconv.Atoi(strings.TrimSpace(f[name]))
		if err != nil || n < lo || n > hi {
			bad[name] = "admin.agenda.error." + name
		}
		return n
	}
	r.Length = time.Duration(num(FieldLength, 5, 24*60)) * time.Minute
	r.Capacity = num(FieldCapacity, 1, 1000)
	r.PropertyCapacity = num(FieldPropertyCapacity, 0, max(r.Capacity, 1))
	r.PerVisitor = num(FieldPerVisitor, 0, 100)
	r.PerSender = num(FieldPerSender, 0, 1000)
	r.MinDays = num(FieldMinDays, 0, 366)
	r.MaxDays = num(FieldMaxDays, max(r.MinDays, 0), 366)
	end := -1
	for _, part := range strings.Split(f[FieldHours], ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		m := rangeRe.FindStringSubmatch(part)
		if m == nil {
			bad[FieldHours] = "admin.agenda.error.hours"
			break
		}
		from, to := atoi(m[1])*60+atoi(m[2]), atoi(m[3])*60+atoi(m[4])
		if from >= 24*60 || to > 24*60 || from >= to || from < end || (r.Length > 0 && time.Duration(to-from)*time.Minute < r.Length) {
			bad[FieldHours] = "admin.agenda.error.hours"
			break
		}
		end = to
		r.Hours = append(r.Hours, agenda.Hours{From: from, To: to})
	}
	if len(r.Hours) == 0 {
		bad[FieldHours] = "admin.agenda.error.hours"
	}
	for _, d := range strings.FieldsFunc(f[FieldClosed], func(c rune) bool { return c == ',' || c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == ';' }) {
		if _, err := time.Parse(time.DateOnly, d); err != nil || len(r.Closed) >= maxClosed {
			bad[FieldClosed] = "admin.agenda.error.closed"
			break
		}
		if !slices.Contains(r.Closed, d) {
			r.Closed = append(r.Closed, d)
		}
	}
	slices.Sort(r.Closed)
	if len(bad) > 0 {
		return agenda.Rules{}, bad
	}
	if r.Validate() != nil {
		return agenda.Rules{}, field.Errors{"form": KeyRulesInvalid}
	}
	return r, nil
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }
