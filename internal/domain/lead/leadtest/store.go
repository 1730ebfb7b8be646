// Package leadtest is a lead.Store in memory, for the tests of what stands
// in front of the requests (the spam gate, the form handlers) without a
// database; the stores themselves are tested on both databases
// (internal/adapter/storage/storagetest).
package leadtest

import (
	"context"
	"time"

	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
)

// Store keeps the requests saved, in order; a failing callback keeps
// nothing, as a rolled-back transaction.
type Store struct{ Rows []lead.Request }

var _ lead.Store = (*Store)(nil)

// Tx is the transaction the callbacks get.
type Tx struct{}

func (Tx) StorageTx() {}

// Save implements lead.Store.
func (s *Store) Save(ctx context.Context, r lead.Request, then func(context.Context, mail.Tx, int64) error) (int64, error) {
	if err := then(ctx, Tx{}, int64(len(s.Rows)+1)); err != nil {
		return 0, err
	}
	s.Rows = append(s.Rows, r)
	return int64(len(s.Rows)), nil
}

// CountFrom implements lead.Store: no sender has sent anything.
func (s *Store) CountFrom(context.Context, string, time.Time) (int, error) { return 0, nil }
