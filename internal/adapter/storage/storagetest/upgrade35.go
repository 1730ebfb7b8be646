package storagetest

import (
	"database/sql"
	"errors"
	"testing"
	"time"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	regs "immo/internal/domain/registrant"
)

// Upgrade35Version is the migration RunUpgrade35's database stands at: the
// one before 00035, which moves the demands' confirmation links into
// account_tokens.
const Upgrade35Version = 34

// RunUpgrade35 tests migration 00035 on the links stored before it: old is
// a database migrated up to Upgrade35Version (numbered: placeholders $1…
// and TIMESTAMPTZ times; else SQLite's ? and text), into which go a
// registrant with a password reset link and two demands, one with an
// unused confirmation link, one with a used one. RunUpgrade35 closes old;
// upgrade migrates to the latest and opens the store. After it the unused
// link confirms its demand, once; the used one confirms nothing; the reset
// link still opens the reset page and confirms no demand.
func RunUpgrade35(t *testing.T, old *sql.DB, numbered bool, upgrade func(t *testing.T) *sqlstore.Store) {
	ctx := t.Context()
	q, at := rawSQL(numbered)
	now := time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)
	var accountID int64
	if err := old.QueryRowContext(ctx, q(`INSERT INTO accounts (role, email, first_name, last_name, lang, password_hash, created_at,
		disabled, alert_frequency, weekly_report) VALUES ('registrant', 'vic@example.be', 'Vic', '', 'fr', 'h', ?, FALSE, 'instant', TRUE)
		RETURNING id`), at(now)).Scan(&accountID); err != nil {
		t.Fatal(err)
	}
	demands := make([]int64, 2)
	for i := range demands {
		if err := old.QueryRowContext(ctx, q(`INSERT INTO demands (account_id, lang, goal, types, zips, created_at)
			VALUES (?, 'fr', 0, '[1]', '["BE-6700"]', ?) RETURNING id`), accountID, at(now)).Scan(&demands[i]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := old.ExecContext(ctx, q(`INSERT INTO demand_confirmations (hash, demand_id, expires_at, used_at)
		VALUES ('unused', ?, ?, NULL), ('used', ?, ?, ?)`), demands[0], at(now.Add(time.Hour)), demands[1], at(now.Add(time.Hour)), at(now)); err != nil {
		t.Fatal(err)
	}
	if _, err := old.ExecContext(ctx, q(`INSERT INTO account_tokens (hash, account_id, purpose, expires_at) VALUES ('reset', ?, 'reset', ?)`),
		accountID, at(now.Add(time.Hour))); err != nil {
		t.Fatal(err)
	}
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}
	s := upgrade(t)
	reg := s.Registrants()
	if a, d, err := reg.Confirmation(ctx, "unused", now); err != nil || a.ID != accountID || d.ID != demands[0] {
		t.Fatalf("the unused link after the upgrade: %+v %+v %v", a, d, err)
	}
	if _, _, err := reg.Confirmation(ctx, "used", now); !errors.Is(err, regs.ErrUnknownToken) {
		t.Fatalf("the used link after the upgrade: %v", err)
	}
	if _, _, err := reg.Confirmation(ctx, "reset", now); !errors.Is(err, regs.ErrUnknownToken) {
		t.Fatalf("the reset link confirms a demand: %v", err)
	}
	if a, err := s.Links().LinkAccount(ctx, account.RegistrantResetLink, "reset", now); err != nil || a.ID != accountID {
		t.Fatalf("the reset link after the upgrade: %+v %v", a, err)
	}
	if _, d, err := reg.Confirm(ctx, "unused", now, "h2"); err != nil || d.Confirmed.IsZero() {
		t.Fatalf("confirm: %+v %v", d, err)
	}
	if _, _, err := reg.Confirm(ctx, "unused", now, "h2"); !errors.Is(err, regs.ErrUnknownToken) {
		t.Fatalf("the moved link confirms twice: %v", err)
	}
}
