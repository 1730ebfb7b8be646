// Package portal is what an owner's portal shows of each of their
// properties (SPEC §1, §3 owner portal rows, §9): the page's visits and
// their sources, the requests about the property (its history rows), and
// how many registered demands match it, with their reasons. Every read is
// scoped by the owner (Store): a property they do not own reads as
// nothing. What an owner sees of a requester is cut down here (Contact,
// Comment): the owner is not the agency.
package portal

import (
	"context"
	"regexp"
	"strings"
	"time"
	"unicode"

	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
	"immo/internal/domain/lead"
	"immo/internal/domain/rules"
	"immo/internal/domain/visit"
)

// Request is a request about a property as the store reads it for the
// portal: no address, no phone, no file.
type Request struct {
	Time                time.Time
	Kind                lead.Kind
	FirstName, LastName string
	Remark              string
	Status              lead.Status
	// Visit is a visit request's booked slot (zero: none booked); Cancelled
	// says the visitor cancelled it.
	Visit     time.Time
	Cancelled bool
}

// Store reads the portal's figures, each scoped by owner: a property owner
// does not own has no visits, sources or requests.
type Store interface {
	// Properties are the IDs of the properties owner owns, ascending.
	Properties(ctx context.Context, owner int64) ([]int64, error)
	// Daily is visit.Store.Daily of a property owner owns.
	Daily(ctx context.Context, owner, property int64, from, to visit.Day) (map[visit.Day]int, int, error)
	// Sources is visit.SourceStore.Sources of a property owner owns.
	Sources(ctx context.Context, owner, property int64, from, to visit.Day) (map[visit.Source]int, error)
	// History is the requests of kinds about a property owner owns, newest
	// first, at most limit, and how many there are in all.
	History(ctx context.Context, owner, property int64, kinds []lead.Kind, limit int) ([]Request, int, error)
}

// RowStatus is what the site knows of a request.
type RowStatus string

const (
	StatusReceived  RowStatus = "received"  // stored, the agency told
	StatusHandled   RowStatus = "handled"   // the agency marked it dealt with
	StatusBooked    RowStatus = "booked"    // a visit at a slot (Row.Visit)
	StatusCancelled RowStatus = "cancelled" // a visit the visitor cancelled
)

// Row is one history row (SPEC §3: date, type, contact, subject, comment,
// status); the subject is the kind's title, which the page words.
type Row struct {
	Time    time.Time
	Kind    lead.Kind
	Contact string
	Comment string
	Status  RowStatus
	Visit   time.Time // a booked visit's slot
}

// CommentLimit is how much of a remark a row shows, in characters.
const CommentLimit = 160

// Contact is how a row names a requester: the first name and the last
// name's initial ("Marie D."). The owner learns that someone asked, not
// who they are nor how to reach them: the agency answers requests.
func Contact(first, last string) string {
	first, last = strings.TrimSpace(first), strings.TrimSpace(last)
	for _, r := range last {
		initial := string(unicode.ToUpper(r)) + "."
		if first == "" {
			return initial
		}
		return first + " " + initial
	}
	return first
}

var (
	emailLike = regexp.MustCompile(`[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+`)
	// phoneLike: digits in groups split by spaces, dots, slashes, dashes or
	// brackets, a leading + included; Comment masks those of 8 digits or
	// more, or of 6 or more after + or 00 (a price of 7 digits is kept).
	phoneLike = regexp.MustCompile(`\+?\(?\d[\d\s./()-]{4,}\d`)
	spaces    = regexp.MustCompile(`\s+`)
)

// Comment is a row's comment: the remark on one line, any email address
// or phone number in it masked (…), cut to CommentLimit characters. The
// masking is a best effort on free text: it spares the owner a visitor's
// address or number typed in the remark, not a determined disclosure.
func Comment(remark string) string {
	s := emailLike.ReplaceAllString(remark, rules.Ellipsis)
	s = phoneLike.ReplaceAllStringFunc(s, func(m string) string {
		digits := 0
		for _, r := range m {
			if '0' <= r && r <= '9' {
				digits++
			}
		}
		international := strings.HasPrefix(m, "+") || strings.HasPrefix(m, "00")
		if digits >= 8 || (international && digits >= 6) { // a Belgian number has 9 or 10 digits
			return rules.Ellipsis
		}
		return m // a price, a year, a date
	})
	s = strings.TrimSpace(spaces.ReplaceAllString(s, " "))
	return rules.Truncate(s, CommentLimit)
}

// RowOf is r as its owner sees it.
func RowOf(r Request) Row {
	row := Row{Time: r.Time, Kind: r.Kind, Contact: Contact(r.FirstName, r.LastName), Comment: Comment(r.Remark), Status: StatusReceived}
	switch {
	case r.Kind == lead.KindVisit && r.Cancelled:
		row.Status = StatusCancelled
	case r.Kind == lead.KindVisit && !r.Visit.IsZero():
		row.Status, row.Visit = StatusBooked, r.Visit
	case r.Status == lead.StatusDone:
		row.Status = StatusHandled
	}
	return row
}

// SourceCount is one source's visits.
type SourceCount struct {
	Source visit.Source
	Count  int
}

// Property is one of the owner's properties in the portal.
type Property struct {
	ID    int64
	Stats visit.Stats
	// Sources are the last 30 days' visits by source, every source in
	// visit.Sources' order (0 when none).
	Sources []SourceCount
	// Demands are the active demands' counts (demand.TallyOf); Listed
	// says the listing is in the catalog, without which there are none.
	Demands demand.Tally
	Listed  bool
	Goal    int // the listing's (catalog.GoalSale, GoalRent), when Listed
	// History are the newest requests about it (at most the Service's
	// HistoryLimit), Requests how many there are in all.
	History  []Row
	Requests int
}

// Service assembles an owner's portal.
type Service struct {
	Store Store
	// Demands are the demands to count (demand.Store.Active); nil: none.
	Demands func(ctx context.Context) ([]demand.Demand, error)
	// Listing is the catalog's listing with id, read-only
	// (catalog.Index.Listing); nil or false: not listed.
	Listing func(id int64) (*catalog.Property, bool)
	Now     func() time.Time // nil: time.Now
	// HistoryLimit bounds the history rows of a property; 0: 50.
	HistoryLimit int
}

// Overview is owner's portal: each of their properties, by ID.
func (s *Service) Overview(ctx context.Context, owner int64) ([]Property, error) {
	ids, err := s.Store.Properties(ctx, owner)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	now := time.Now()
	if s.Now != nil {
		now = s.Now()
	}
	limit := s.HistoryLimit
	if limit <= 0 {
		limit = 50
	}
	var demands []demand.Demand
	if s.Demands != nil {
		if demands, err = s.Demands(ctx); err != nil {
			return nil, err
		}
	}
	from, to := visit.Range(now)
	out := make([]Property, 0, len(ids))
	for _, id := range ids {
		p := Property{ID: id}
		days, total, err := s.Store.Daily(ctx, owner, id, from, to)
		if err != nil {
			return nil, err
		}
		p.Stats = visit.Summarize(days, total, now)
		bySource, err := s.Store.Sources(ctx, owner, id, from, to)
		if err != nil {
			return nil, err
		}
		p.Sources = make([]SourceCount, len(visit.Sources))
		for i, src := range visit.Sources {
			p.Sources[i] = SourceCount{src, bySource[src]}
		}
		requests, n, err := s.Store.History(ctx, owner, id, lead.OwnerKinds, limit)
		if err != nil {
			return nil, err
		}
		p.Requests = n
		p.History = make([]Row, len(requests))
		for i, r := range requests {
			p.History[i] = RowOf(r)
		}
		if s.Listing != nil {
			if l, ok := s.Listing(id); ok {
				p.Listed, p.Goal, p.Demands = true, l.Goal, demand.TallyOf(demands, l)
			}
		}
		out = append(out, p)
	}
	return out, nil
}
