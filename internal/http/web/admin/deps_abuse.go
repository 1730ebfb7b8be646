package admin

import (
	"context"
	"time"

	"immo/internal/domain/antispam"
)

// Abuse is what the anti-spam layer refused and holds, as the inbox works
// it: the refusals' counts, the keys held, and a release as staff account
// by, audited (sqlstore.Antispam with the audit log).
type Abuse interface {
	Tallies(ctx context.Context, since time.Time) ([]antispam.Tally, error)
	Holds(ctx context.Context, q antispam.HoldQuery) ([]antispam.Hold, error)
	Release(ctx context.Context, by int64, key string, window time.Time) error
}
