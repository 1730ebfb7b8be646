package admin

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"immo/internal/domain/agenda"
	"immo/internal/domain/audit"
	"immo/internal/domain/booking"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
)

type bookedOf struct {
	Agenda
	booked []agenda.Booked
}

func (b bookedOf) OfRequest(context.Context, int64) ([]agenda.Booked, error) { return b.booked, nil }

type entriesOf map[int64][]audit.Entry // by booking, newest first

func (e entriesOf) List(_ context.Context, q audit.Query) ([]audit.Entry, error) {
	if q.TargetKind != booking.TargetBooking {
		return nil, nil
	}
	return e[q.TargetID], nil
}

// TestLeadVisits: a visit request's lead says what became of its visits —
// moved by the agency (to when, by whom), cancelled by the agency, or
// cancelled by the visitor (cancelled with no entry of the agency's) —
// and another kind of lead has none.
func TestLeadVisits(t *testing.T) {
	at := func(h int) time.Time { return time.Date(2026, 3, 3, h, 0, 0, 0, time.UTC) }
	h := &Handler{o: Options{
		Agenda: bookedOf{booked: []agenda.Booked{
			{Booking: agenda.Booking{ID: 1, Start: at(9)}},
			{Booking: agenda.Booking{ID: 2, Start: at(10), Revision: 1}},
			{Booking: agenda.Booking{ID: 3, Start: at(11)}, Cancelled: true},
			{Booking: agenda.Booking{ID: 4, Start: at(12)}, Cancelled: true},
		}},
		Audit: entriesOf{
			2: {{Actor: 7, Action: booking.ActionMove, Time: at(8), Before: "2026-03-03T09:00:00Z", After: "2026-03-03T10:00:00Z"}},
			3: {{Actor: 9, Action: booking.ActionCancel, Time: at(8), Before: "2026-03-03T11:00:00Z Anne Lambert"}},
		},
	}}
	names := map[int64]string{7: "Ann Boss"}
	d := inbox.Detail{Row: inbox.Row{ID: 5, Kind: lead.KindVisit}}
	got, err := h.leadVisits(t.Context(), d, names)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(got)
	want := `[{"start":"2026-03-03T09:00:00Z","moved":0,"cancelled":"","changes":[]},` +
		`{"start":"2026-03-03T10:00:00Z","moved":1,"cancelled":"","changes":[{"action":"move","actor":"Ann Boss","time":"2026-03-03T08:00:00Z","from":"2026-03-03T09:00:00Z","to":"2026-03-03T10:00:00Z"}]},` +
		`{"start":"2026-03-03T11:00:00Z","moved":0,"cancelled":"agency","changes":[{"action":"cancel","actor":"#9","time":"2026-03-03T08:00:00Z","from":"2026-03-03T11:00:00Z","to":""}]},` +
		`{"start":"2026-03-03T12:00:00Z","moved":0,"cancelled":"visitor","changes":[]}]`
	if string(b) != want {
		t.Errorf("the visits:\n%s\nwant\n%s", b, want)
	}
	d.Kind = lead.KindInformation
	if got, err := h.leadVisits(t.Context(), d, names); err != nil || len(got) != 0 {
		t.Errorf("an information request's visits: %v %v", got, err)
	}
}
