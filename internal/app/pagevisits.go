package app

import (
	"context"
	"fmt"
	"time"

	"immo/internal/domain/visit"
	"immo/internal/http/web"
)

// VisitFlushInterval is how often the property pages' visits counted in
// memory are written (Run); Close writes what is left.
const VisitFlushInterval = 10 * time.Second

// newPageVisits counts the property pages' visits: a Counter in memory,
// each visitor named by its address and browser under a salt of the day
// keyed with the IP hash's key (visit.Visitors), on the site's clock.
func newPageVisits(ipKey []byte, now func() time.Time) (*visit.Counter, web.PageVisits, error) {
	visitors, err := visit.NewVisitors(ipKey)
	if err != nil {
		return nil, web.PageVisits{}, fmt.Errorf("page visits: %w", err)
	}
	counter := &visit.Counter{}
	return counter, web.PageVisits{Counter: counter, Visitor: visitors.Name, Now: now}, nil
}

// FlushVisits writes the visits counted since the last flush
// (store.Visits); on failure they are kept for the next. Run does it every
// VisitFlushInterval and Close once more.
func (a *App) FlushVisits(ctx context.Context) error {
	return a.visits.Flush(ctx, a.store.Visits())
}

// flushVisitsOnClose writes what is left when the site stops, before the
// store closes.
func (a *App) flushVisitsOnClose() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := a.FlushVisits(ctx); err != nil {
		a.log.Warn("page visits lost at close", "err", err)
	}
}
