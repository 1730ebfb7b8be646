package web

import (
	"context"

	"immo/internal/antispam"
)

// brake is one limit on a kind of attempt (a login, a mailed link), and
// the key its counter is kept under (a hash: never an address).
type brake struct {
	lim *antispam.Limiter
	key string
}

// overBrake counts one attempt against each brake in turn: the name of
// the first that refuses it ("" when all allow), so the caller can log
// which. A nil limiter brakes nothing.
func overBrake(ctx context.Context, brakes ...brake) (string, error) {
	for _, b := range brakes {
		if b.lim == nil {
			continue
		}
		ok, err := b.lim.Allow(ctx, b.key)
		if err != nil {
			return "", err
		}
		if !ok {
			return b.key, nil
		}
	}
	return "", nil
}
