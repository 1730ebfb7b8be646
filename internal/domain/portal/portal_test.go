package portal

import (
	"context"
	"slices"
	"testing"
	"time"

	"immo/internal/domain/catalog"
	"immo/internal/domain/demand"
	"immo/internal/domain/lead"
	"immo/internal/domain/visit"
)

func TestContact(t *testing.T) {
	for _, c := range [][3]string{
		{"Marie", "Dubois", "Marie D."},
		{" marie ", " van den Berg", "marie V."},
		{"Élodie", "Ørsted", "Élodie Ø."},
		{"", "Dubois", "D."},
		{"Marie", "", "Marie"},
		{"", "", ""},
	} {
		if got := Contact(c[0], c[1]); got != c[2] {
			t.Errorf("Contact(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

func TestComment(t *testing.T) {
	for _, c := range [][2]string{
		{"Is the garden south-facing?", "Is the garden south-facing?"},
		{"Call me on 0471 23 45 67 please", "Call me on … please"},
		{"or +32 (0)471/23.45.67, or 063-21-22-23", "or …, or …"},
		{"Luxembourg: +352 26 12 34", "Luxembourg: …"},
		{"Write to marie.dubois+immo@example.be.", "Write to …"},
		{"We offer 295.000 € in 2026, 3 bedrooms", "We offer 295.000 € in 2026, 3 bedrooms"},
		{"line one\n\n  line two\t", "line one line two"},
	} {
		if got := Comment(c[0]); got != c[1] {
			t.Errorf("Comment(%q) = %q, want %q", c[0], got, c[1])
		}
	}
	long := Comment(string(make([]byte, 0)) + "word " + string(slices.Repeat([]byte("abcdefghi "), 40)))
	if n := len([]rune(long)); n > CommentLimit+1 || long[len(long)-3:] != "…" {
		t.Errorf("a long remark: %d characters, %q", n, long)
	}
}

func TestRowOf(t *testing.T) {
	at := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	slot := at.Add(72 * time.Hour)
	for _, c := range []struct {
		r    Request
		want RowStatus
		slot time.Time
	}{
		{Request{Kind: lead.KindInformation, Status: lead.StatusNew}, StatusReceived, time.Time{}},
		{Request{Kind: lead.KindDocument, Status: lead.StatusDone}, StatusHandled, time.Time{}},
		{Request{Kind: lead.KindVisit, Status: lead.StatusNew, Visit: slot}, StatusBooked, slot},
		{Request{Kind: lead.KindVisit, Status: lead.StatusDone, Visit: slot}, StatusBooked, slot},
		{Request{Kind: lead.KindVisit, Status: lead.StatusNew, Visit: slot, Cancelled: true}, StatusCancelled, time.Time{}},
		{Request{Kind: lead.KindVisit, Status: lead.StatusNew}, StatusReceived, time.Time{}}, // an agenda off: no slot
	} {
		c.r.Time, c.r.FirstName, c.r.LastName, c.r.Remark = at, "Marie", "Dubois", "Call 0471 23 45 67"
		row := RowOf(c.r)
		if row.Status != c.want || !row.Visit.Equal(c.slot) || row.Contact != "Marie D." || row.Comment != "Call …" || !row.Time.Equal(at) || row.Kind != c.r.Kind {
			t.Errorf("RowOf(%+v) = %+v, want status %s slot %v", c.r, row, c.want, c.slot)
		}
	}
}

// memStore is a Store of two owners' properties, scoped as the real one.
type memStore struct {
	owned   map[int64][]int64
	visits  map[visit.Key]int
	sources map[visit.SourceKey]int
	history map[int64][]Request
}

func (m *memStore) owns(owner, property int64) bool { return slices.Contains(m.owned[owner], property) }

func (m *memStore) Properties(_ context.Context, owner int64) ([]int64, error) {
	return m.owned[owner], nil
}

func (m *memStore) Daily(_ context.Context, owner, property int64, from, to visit.Day) (map[visit.Day]int, int, error) {
	days, total := map[visit.Day]int{}, 0
	for k, n := range m.visits {
		if k.Property == property && m.owns(owner, property) {
			total += n
			if k.Day >= from && k.Day <= to {
				days[k.Day] += n
			}
		}
	}
	return days, total, nil
}

func (m *memStore) Sources(_ context.Context, owner, property int64, from, to visit.Day) (map[visit.Source]int, error) {
	out := map[visit.Source]int{}
	for k, n := range m.sources {
		if k.Property == property && m.owns(owner, property) && k.Day >= from && k.Day <= to {
			out[k.Source] += n
		}
	}
	return out, nil
}

func (m *memStore) History(_ context.Context, owner, property int64, kinds []lead.Kind, limit int) ([]Request, int, error) {
	if !m.owns(owner, property) {
		return nil, 0, nil
	}
	var out []Request
	for _, r := range m.history[property] {
		if slices.Contains(kinds, r.Kind) {
			out = append(out, r)
		}
	}
	return out[:min(limit, len(out))], len(out), nil
}

func TestOverview(t *testing.T) {
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	today := visit.DayOf(now)
	st := &memStore{
		owned:   map[int64][]int64{1: {10, 11}, 2: {20}},
		visits:  map[visit.Key]int{{Property: 10, Day: today}: 3, {Property: 20, Day: today}: 9},
		sources: map[visit.SourceKey]int{{Property: 10, Day: today, Source: visit.SourceSearch}: 2, {Property: 10, Day: today, Source: visit.SourceSite}: 1},
		history: map[int64][]Request{
			10: {{Time: now, Kind: lead.KindInformation, FirstName: "A", LastName: "B"}, {Time: now, Kind: lead.KindVisit}, {Time: now, Kind: lead.KindDocument}},
			20: {{Time: now, Kind: lead.KindInformation}},
		},
	}
	listing := &catalog.Property{ID: 10, Goal: catalog.GoalSale, WebID: 1, Zip: "6700", Status: catalog.StatusAvailable}
	svc := &Service{Store: st, Now: func() time.Time { return now }, HistoryLimit: 2,
		Demands: func(context.Context) ([]demand.Demand, error) {
			return []demand.Demand{{Goal: catalog.GoalSale, Types: []int{1}, Zips: []string{"BE-6700"}}, {Goal: catalog.GoalSale, Types: []int{2}, Zips: []string{"BE-6700"}}}, nil
		},
		Listing: func(id int64) (*catalog.Property, bool) { return listing, id == 10 },
	}
	got, err := svc.Overview(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != 10 || got[1].ID != 11 {
		t.Fatalf("owner 1's properties: %+v", got)
	}
	p := got[0]
	if p.Stats.Today != 3 || p.Requests != 3 || len(p.History) != 2 || p.History[0].Contact != "A B." {
		t.Fatalf("property 10: %+v", p)
	}
	if len(p.Sources) != len(visit.Sources) || p.Sources[1] != (SourceCount{visit.SourceSearch, 2}) || p.Sources[5] != (SourceCount{visit.SourceSite, 1}) {
		t.Fatalf("sources %+v", p.Sources)
	}
	if !p.Listed || p.Demands != (demand.Tally{Searching: 2, Matching: 1, Budget: 2, Zone: 2, Type: 1, Rooms: 2}) {
		t.Fatalf("demands %+v", p.Demands)
	}
	if q := got[1]; q.Listed || q.Demands != (demand.Tally{}) || q.Requests != 0 || q.Stats.Total != 0 {
		t.Fatalf("property 11: %+v", q)
	}
	if none, err := svc.Overview(t.Context(), 3); err != nil || len(none) != 0 {
		t.Fatalf("an owner without properties: %+v %v", none, err)
	}
}
