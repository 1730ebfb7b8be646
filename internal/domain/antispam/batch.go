package antispam

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// FlushEvery is how often a Batch adds its counts to the store (Run).
const FlushEvery = 10 * time.Second

// Batch is the server's Watch: it counts refusals in memory and adds them
// to the store every FlushEvery and before each read of them, so that a
// flood of attempts refused — a locked login hammered, which costs only
// reads — costs no write each on the database's single writer. A hold is
// written at once: the page must show it, and its release must find it.
// Its memory is bounded by the reasons and places, which are the
// server's, times the hours between two flushes.
type Batch struct {
	Abuse // the store

	mu     sync.Mutex
	counts map[tallyKey]int
}

type tallyKey struct {
	hour         int64 // Unix seconds
	reason, area string
}

// NewBatch is a Batch adding to store.
func NewBatch(store Abuse) *Batch { return &Batch{Abuse: store, counts: map[tallyKey]int{}} }

// Refused implements Watch: counted in memory until the next flush.
func (b *Batch) Refused(_ context.Context, hour time.Time, reason, area string) error {
	b.mu.Lock()
	b.counts[tallyKey{hour.Unix(), reason, area}]++
	b.mu.Unlock()
	return nil
}

// Flush adds the counts made since the last flush to the store; counts
// the store refused are kept for the next.
func (b *Batch) Flush(ctx context.Context) error {
	b.mu.Lock()
	counts := b.counts
	b.counts = map[tallyKey]int{}
	b.mu.Unlock()
	if len(counts) == 0 {
		return nil
	}
	tallies := make([]Tally, 0, len(counts))
	for k, n := range counts {
		tallies = append(tallies, Tally{Hour: time.Unix(k.hour, 0).UTC(), Reason: k.reason, Area: k.area, Count: n})
	}
	err := b.Abuse.AddRefusals(ctx, tallies)
	if err != nil {
		b.mu.Lock()
		for k, n := range counts {
			b.counts[k] += n
		}
		b.mu.Unlock()
	}
	return err
}

// Tallies are the store's counts once this server's are added.
func (b *Batch) Tallies(ctx context.Context, since time.Time) ([]Tally, error) {
	if err := b.Flush(ctx); err != nil {
		return nil, err
	}
	return b.Abuse.Tallies(ctx, since)
}

// Run flushes every interval until ctx ends, then once more.
func (b *Batch) Run(ctx context.Context, interval time.Duration, log *slog.Logger) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			if err := b.Flush(ctx); err != nil {
				log.Warn("abuse counts: the last flush", "err", err)
			}
			return
		case <-t.C:
			if err := b.Flush(ctx); err != nil {
				log.Warn("abuse counts", "err", err)
			}
		}
	}
}
