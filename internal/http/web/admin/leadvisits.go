package admin

import (
	"context"
	"slices"
	"strings"
	"time"

	"immo/internal/domain/audit"
	"immo/internal/domain/booking"
	"immo/internal/domain/inbox"
	"immo/internal/domain/lead"
)

// leadVisits are the visits visit request d booked as they stand now — the
// agenda moves and cancels them, and mails the visitor, but the request's
// own fields keep the slot first asked — with the agency's changes from
// the audit log (who, when, from and to which slot); a cancellation with
// none was the visitor's (their mail's link). None for another kind, or a
// site without visits.
func (h *Handler) leadVisits(ctx context.Context, d inbox.Detail, names map[int64]string) ([]LeadVisit, error) {
	out := []LeadVisit{}
	if d.Kind != lead.KindVisit || h.o.Agenda == nil {
		return out, nil
	}
	booked, err := h.o.Agenda.OfRequest(ctx, d.ID)
	if err != nil {
		return nil, err
	}
	for _, b := range booked {
		v := LeadVisit{Start: stamp(b.Start), Moved: b.Revision, Changes: []VisitChange{}}
		var entries []audit.Entry
		if h.o.Audit != nil {
			if entries, err = h.o.Audit.List(ctx, audit.Query{TargetKind: booking.TargetBooking, TargetID: b.ID,
				Limit: audit.MaxLimit}); err != nil {
				return nil, err
			}
		}
		slices.Reverse(entries) // oldest first
		for _, e := range entries {
			c := VisitChange{Action: string(e.Action), Actor: nameOr(names, e.Actor), Time: stamp(e.Time)}
			switch e.Action {
			case booking.ActionMove:
				c.From, c.To = slot(e.Before), slot(e.After)
			case booking.ActionCancel: // the slot, then who had booked it
				at, _, _ := strings.Cut(e.Before, " ")
				c.From = slot(at)
				v.Cancelled = "agency"
			default:
				continue
			}
			v.Changes = append(v.Changes, c)
		}
		if b.Cancelled && v.Cancelled == "" {
			v.Cancelled = "visitor"
		}
		out = append(out, v)
	}
	return out, nil
}

// slot is an audit entry's slot as the pages read times (RFC 3339); ""
// when it is none.
func slot(s string) string {
	at, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return ""
	}
	return stamp(at)
}
