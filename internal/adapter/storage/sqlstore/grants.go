package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"immo/internal/domain/mail"
	"immo/internal/domain/platform"
)

// Grants keeps the agency's leave for the platform's operator to read its
// leads (platform.GrantStore): one row per agency, none when not given.
type Grants struct{ s *Store }

// Grants is the store's platform.GrantStore.
func (s *Store) Grants() *Grants { return &Grants{s} }

var _ platform.GrantStore = (*Grants)(nil)

// Grant implements platform.GrantStore.
func (g *Grants) Grant(ctx context.Context) (platform.Grant, error) {
	var out platform.Grant
	err := g.s.read.QueryRowContext(ctx, g.s.d.query(`SELECT granted_by, granted_at, until FROM operator_grants
		WHERE agency_id = ?`), g.s.agency).Scan(&out.By, scanTime{&out.At}, scanTime{&out.Until})
	if errors.Is(err, sql.ErrNoRows) {
		return platform.Grant{}, nil
	}
	if err != nil {
		return platform.Grant{}, g.s.errorf("operator grant: %w", err)
	}
	return out, nil
}

// SetGrant implements platform.GrantStore.
func (g *Grants) SetGrant(ctx context.Context, grant platform.Grant, fn func(ctx context.Context, tx mail.Tx) error) error {
	err := g.s.writeTx(ctx, func(tx *sql.Tx) error {
		var err error
		if grant == (platform.Grant{}) {
			_, err = tx.ExecContext(ctx, g.s.d.query(`DELETE FROM operator_grants WHERE agency_id = ?`), g.s.agency)
		} else {
			_, err = tx.ExecContext(ctx, g.s.d.query(`INSERT INTO operator_grants (agency_id, granted_by, granted_at, until)
				VALUES (?, ?, ?, ?) ON CONFLICT (agency_id) DO UPDATE
				SET granted_by = excluded.granted_by, granted_at = excluded.granted_at, until = excluded.until`),
				g.s.agency, grant.By, g.s.d.Time(grant.At), g.s.d.Time(grant.Until))
		}
		if err != nil {
			return err
		}
		return fn(ctx, g.s.mailTx(tx))
	})
	if err != nil {
		return g.s.errorf("set operator grant: %w", err)
	}
	return nil
}
