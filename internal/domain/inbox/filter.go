package inbox

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // Europe/Brussels without the system's zone files
	"unicode/utf8"

	"immo/internal/domain/field"
	"immo/internal/domain/i18n"
	"immo/internal/domain/lead"
)

// Sort is the list's order: the order leads came in (Cursor), newest or
// oldest first.
type Sort string

const (
	Newest Sort = "newest" // the default
	Oldest Sort = "oldest"
)

// Page sizes.
const (
	DefaultPageSize = 50
	MaxPageSize     = 200
)

// Bounds of the search text.
const (
	MaxSearch      = 200 // characters
	MaxSearchTerms = 8
)

// Brussels is the agency's time: a list's days are Brussels days.
var Brussels = mustZone("Europe/Brussels")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// Filter is what the list shows: every condition given holds (a list
// condition holds when the lead's value is one of its values).
type Filter struct {
	Kinds []lead.Kind
	// Statuses: none chosen is every status but spam (HidesSpam): spam is
	// seen only when asked for.
	Statuses []Status
	Property int64  // 0: any
	Project  int64  // 0: any
	Lang     string // "": any
	// From and To bound the time received: From ≤ created < To; zero: open.
	From, To time.Time
	// Search is typed text: every word must start a word of the lead's
	// names, address or remark (SearchTerms).
	Search     string
	Assignee   int64 // 0: anyone
	Unassigned bool  // only leads nobody has (Assignee then ignored)
	Sort       Sort  // "": Newest
	Size       int   // rows per page; 0: DefaultPageSize
	// Cursor is a Page's Next or Prev: the page after or before it.
	Cursor string
}

// HidesSpam tells whether f leaves spam out: when it chooses no status.
func (f Filter) HidesSpam() bool { return len(f.Statuses) == 0 }

// Check bounds f and fills its defaults; it returns the problems per
// parameter (translation keys), and changes nothing when there are some.
func (f *Filter) Check() field.Errors {
	errs := field.Errors{}
	for _, k := range f.Kinds {
		_, ok := lead.Specs[k]
		errs.Check(!ok, "kind", KeyKind)
	}
	for _, s := range f.Statuses {
		errs.Check(!s.Valid(), "status", KeyStatus)
	}
	errs.Check(f.Property < 0, "property", KeyID)
	errs.Check(f.Project < 0, "project", KeyID)
	errs.Check(f.Assignee < 0, "assignee", KeyID)
	errs.Check(f.Lang != "" && !slices.Contains(i18n.Languages, f.Lang), "lang", KeyLang)
	errs.Check(!f.From.IsZero() && !f.To.IsZero() && !f.From.Before(f.To), "to", KeyDateRange)
	errs.Check(utf8.RuneCountInString(f.Search) > MaxSearch || len(SearchTerms(f.Search)) > MaxSearchTerms ||
		!field.IsPlain(f.Search, false), "q", KeySearch)
	errs.Check(f.Sort != "" && f.Sort != Newest && f.Sort != Oldest, "sort", KeySort)
	errs.Check(f.Size < 0 || f.Size > MaxPageSize, "size", KeySize)
	if f.Cursor != "" {
		_, err := ParseCursor(f.Cursor)
		errs.Check(err != nil, "cursor", KeyCursor)
	}
	if len(errs) > 0 {
		return errs
	}
	if f.Sort == "" {
		f.Sort = Newest
	}
	if f.Size == 0 {
		f.Size = DefaultPageSize
	}
	return nil
}

// Cursor is a position in the list: the lead it starts after (Next) or
// before (Prev) in the list's order. The list is in the order leads came in
// (their ids, which the store hands out in that order), so a lead's id is
// its place.
type Cursor struct {
	Back bool // the page before the lead
	ID   int64
}

// String writes c as Filter.Cursor takes it: n or p, then the id.
func (c Cursor) String() string {
	dir := "n"
	if c.Back {
		dir = "p"
	}
	return dir + strconv.FormatInt(c.ID, 10)
}

// ParseCursor reads a cursor String wrote.
func ParseCursor(s string) (Cursor, error) {
	var c Cursor
	if len(s) < 2 || (s[0] != 'n' && s[0] != 'p') || s[1] < '1' || s[1] > '9' {
		return c, fmt.Errorf("inbox: bad cursor %q", s)
	}
	n, err := strconv.ParseInt(s[1:], 10, 64)
	if err != nil || n <= 0 {
		return c, fmt.Errorf("inbox: bad cursor %q", s)
	}
	return Cursor{Back: s[0] == 'p', ID: n}, nil
}

// ParseFilter reads a list's filter from its address's query: kind and
// status (repeated or comma-separated), property, project, lang, from and
// to (YYYY-MM-DD, Brussels days, both included), q, assignee (an id, or
// "none"), sort, size, cursor. Unknown parameters are ignored. The filter
// is checked (Filter.Check).
func ParseFilter(q url.Values) (Filter, field.Errors) {
	var f Filter
	errs := field.Errors{}
	for _, k := range list(q["kind"]) {
		f.Kinds = append(f.Kinds, lead.Kind(k))
	}
	for _, s := range list(q["status"]) {
		f.Statuses = append(f.Statuses, Status(s))
	}
	f.Property = id(q.Get("property"), "property", errs)
	f.Project = id(q.Get("project"), "project", errs)
	if a := q.Get("assignee"); a == "none" {
		f.Unassigned = true
	} else {
		f.Assignee = id(a, "assignee", errs)
	}
	f.Lang, f.Search, f.Sort, f.Cursor = q.Get("lang"), strings.TrimSpace(q.Get("q")), Sort(q.Get("sort")), q.Get("cursor")
	f.From = day(q.Get("from"), "from", 0, errs)
	f.To = day(q.Get("to"), "to", 1, errs) // the day after: To is excluded
	if s := q.Get("size"); s != "" {
		n, err := strconv.Atoi(s)
		errs.Check(err != nil, "size", KeySize)
		f.Size = n
	}
	for name, key := range f.Check() {
		errs.Add(name, key)
	}
	if len(errs) > 0 {
		return Filter{}, errs
	}
	return f, nil
}

// list is a repeated parameter's values, each also split at commas, each
// once.
func list(values []string) []string {
	var out []string
	for _, v := range values {
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

func id(s, name string, errs field.Errors) int64 {
	if s == "" {
		return 0
	}
	n, err := strconv.ParseInt(s, 10, 64)
	errs.Check(err != nil || n <= 0, name, KeyID)
	return n
}

// day is the start of the Brussels day s names, plus add days.
func day(s, name string, add int, errs field.Errors) time.Time {
	if s == "" {
		return time.Time{}
	}
	d, err := time.ParseInLocation(time.DateOnly, s, Brussels)
	if err != nil || d.Year() < 2000 || d.Year() > 2999 {
		errs.Add(name, KeyDate)
		return time.Time{}
	}
	return d.AddDate(0, 0, add).UTC()
}

// Query writes f back as ParseFilter reads it (without its cursor): the
// address of the same list, or of its CSV export.
func (f Filter) Query() url.Values {
	q := url.Values{}
	for _, k := range f.Kinds {
		q.Add("kind", string(k))
	}
	for _, s := range f.Statuses {
		q.Add("status", string(s))
	}
	set := func(name string, n int64) {
		if n != 0 {
			q.Set(name, strconv.FormatInt(n, 10))
		}
	}
	set("property", f.Property)
	set("project", f.Project)
	set("assignee", f.Assignee)
	if f.Unassigned {
		q.Set("assignee", "none")
	}
	if f.Lang != "" {
		q.Set("lang", f.Lang)
	}
	if !f.From.IsZero() {
		q.Set("from", f.From.In(Brussels).Format(time.DateOnly))
	}
	if !f.To.IsZero() {
		q.Set("to", f.To.In(Brussels).AddDate(0, 0, -1).Format(time.DateOnly))
	}
	if f.Search != "" {
		q.Set("q", f.Search)
	}
	if f.Sort == Oldest {
		q.Set("sort", string(Oldest))
	}
	return q
}
