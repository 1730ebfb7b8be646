package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/demand"
	"immo/internal/domain/lead"
	"immo/internal/domain/mail"
	"immo/internal/domain/registrant"
)

// Registrants keeps the demand registrants: their accounts, demands and
// the links confirming them (registrant.Store).
type Registrants struct{ s *Store }

// Registrants is the store's registrant.Store.
func (s *Store) Registrants() *Registrants { return &Registrants{s} }

var _ registrant.Store = (*Registrants)(nil)

// Register implements registrant.Store, in the request's transaction.
func (rs *Registrants) Register(ctx context.Context, mtx mail.Tx, a account.Account, d demand.Demand, l account.Token,
	maxPending int) (registrant.Registered, error) {
	tx, err := sqlTx(mtx)
	if err != nil {
		return registrant.Registered{}, err
	}
	var reg registrant.Registered
	a.Role = account.Registrant
	var created bool
	if reg.Account, created, err = rs.s.ensureAccount(ctx, tx, a); err != nil {
		return reg, rs.s.errorf("register: %w", err)
	}
	reg.Existed = !created
	d.Account, d.Confirmed, d.Paused = reg.Account.ID, time.Time{}, false
	// The oldest unconfirmed demands give way (their links go with them).
	if _, err := tx.ExecContext(ctx, rs.s.d.query(`DELETE FROM demands WHERE agency_id = ? AND account_id = ? AND confirmed_at IS NULL
		AND id NOT IN (SELECT id FROM demands WHERE agency_id = ? AND account_id = ? AND confirmed_at IS NULL ORDER BY id DESC LIMIT ?)`),
		rs.s.agency, reg.Account.ID, rs.s.agency, reg.Account.ID, max(maxPending-1, 0)); err != nil {
		return reg, rs.s.errorf("register: older pending demands: %w", err)
	}
	if reg.Demand, err = rs.s.insertDemand(ctx, tx, d); err != nil {
		return reg, rs.s.errorf("register demand: %w", err)
	}
	if _, err := tx.ExecContext(ctx, rs.s.d.query(`INSERT INTO account_tokens (agency_id, hash, account_id, purpose, demand_id, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)`), rs.s.agency, l.Hash, reg.Account.ID, l.Purpose, reg.Demand, rs.s.d.Time(l.Expires)); err != nil {
		return reg, rs.s.errorf("register demand link: %w", err)
	}
	return reg, nil
}

// Confirmation implements registrant.Store.
func (rs *Registrants) Confirmation(ctx context.Context, hash string, now time.Time) (account.Account, demand.Demand, error) {
	var id int64
	err := rs.s.read.QueryRowContext(ctx, rs.s.d.query(`SELECT t.demand_id FROM account_tokens t
		JOIN accounts a ON a.id = t.account_id AND a.agency_id = t.agency_id
		WHERE t.agency_id = ? AND t.hash = ? AND t.purpose = ? AND t.used_at IS NULL AND t.expires_at > ? AND NOT a.disabled`),
		rs.s.agency, hash, account.PurposeConfirmDemand, rs.s.d.Time(now)).Scan(&id)
	return rs.accountDemand(ctx, id, err)
}

// Confirm implements registrant.Store: one guarded UPDATE spends the link.
func (rs *Registrants) Confirm(ctx context.Context, hash string, now time.Time, passwordHash string) (account.Account, demand.Demand, error) {
	var id int64
	err := rs.s.writeTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, rs.s.d.query(`UPDATE account_tokens SET used_at = ?
			WHERE agency_id = ? AND hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
			AND account_id IN (SELECT id FROM accounts WHERE agency_id = ? AND NOT disabled)
			RETURNING demand_id`), rs.s.d.Time(now), rs.s.agency, hash, account.PurposeConfirmDemand, rs.s.d.Time(now),
			rs.s.agency).Scan(&id)
		if err != nil {
			return err
		}
		var accountID int64
		var confirmed time.Time
		if err := tx.QueryRowContext(ctx, rs.s.d.query(`UPDATE demands SET confirmed_at = COALESCE(confirmed_at, ?)
			WHERE agency_id = ? AND id = ? RETURNING account_id`), rs.s.d.Time(now), rs.s.agency, id).Scan(&accountID); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, rs.s.d.query(`SELECT email_confirmed_at FROM accounts WHERE agency_id = ? AND id = ?`),
			rs.s.agency, accountID).
			Scan(scanTime{&confirmed}); err != nil {
			return err
		}
		if passwordHash != "" {
			return rs.s.setPassword(ctx, tx, accountID, passwordHash, now)
		}
		if confirmed.IsZero() {
			return registrant.ErrPasswordNeeded
		}
		return nil
	})
	if errors.Is(err, registrant.ErrPasswordNeeded) {
		return account.Account{}, demand.Demand{}, err
	}
	return rs.accountDemand(ctx, id, err)
}

// accountDemand is demand id and its account, after err of the query that
// found id.
func (rs *Registrants) accountDemand(ctx context.Context, id int64, err error) (account.Account, demand.Demand, error) {
	if errors.Is(err, sql.ErrNoRows) {
		return account.Account{}, demand.Demand{}, registrant.ErrUnknownToken
	}
	if err != nil {
		return account.Account{}, demand.Demand{}, rs.s.errorf("demand link: %w", err)
	}
	ds, err := rs.s.demands(ctx, `d.id = ?`, id)
	if err != nil || len(ds) == 0 {
		return account.Account{}, demand.Demand{}, errors.Join(registrant.ErrUnknownToken, err)
	}
	a, err := rs.s.Accounts().ByID(ctx, ds[0].Account)
	return a, ds[0], err
}

// PurgePending implements registrant.Store.
func (rs *Registrants) PurgePending(ctx context.Context, before time.Time) (int64, error) {
	var n int64
	// Old pending demands and their idle accounts go, every agency's: a purge by age reads no agency's data.
	err := rs.s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, rs.s.d.query(`DELETE FROM demands /* every agency */
			WHERE confirmed_at IS NULL AND created_at < ?`), rs.s.d.Time(before))
		if err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		_, err = tx.ExecContext(ctx, rs.s.d.query(`DELETE FROM accounts /* every agency */ WHERE role = 'registrant'
			AND email_confirmed_at IS NULL AND created_at < ?
			AND NOT EXISTS (SELECT 1 FROM demands d WHERE d.account_id = accounts.id AND d.agency_id = accounts.agency_id)`),
			rs.s.d.Time(before))
		return err
	})
	if err != nil {
		return 0, rs.s.errorf("purge pending demands: %w", err)
	}
	return n, nil
}

// Demands implements registrant.Store.
func (rs *Registrants) Demands(ctx context.Context, accountID int64) ([]demand.Demand, error) {
	return rs.s.demands(ctx, `d.account_id = ? ORDER BY d.id`, accountID)
}

// one runs an UPDATE of one of the account's demands: demand.ErrNotFound
// when it changed none.
func (rs *Registrants) one(ctx context.Context, what, query string, args ...any) error {
	res, err := rs.s.write.ExecContext(ctx, rs.s.d.query(query), args...)
	if err != nil {
		return rs.s.errorf("%s: %w", what, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.Join(demand.ErrNotFound, err)
	}
	return nil
}

// AddDemand implements registrant.Store: the count and the insert in one
// write transaction (two tabs adding at once stay within max).
func (rs *Registrants) AddDemand(ctx context.Context, d demand.Demand, max int) (int64, error) {
	var id int64
	err := rs.s.writeTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, rs.s.d.query(`SELECT count(*) FROM demands WHERE agency_id = ? AND account_id = ?
			AND confirmed_at IS NOT NULL`), rs.s.agency, d.Account).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return registrant.ErrTooMany
		}
		var err error
		id, err = rs.s.insertDemand(ctx, tx, d)
		return err
	})
	if err != nil && !errors.Is(err, registrant.ErrTooMany) {
		return 0, rs.s.errorf("add demand: %w", err)
	}
	return id, err
}

// UpdateDemand implements registrant.Store.
func (rs *Registrants) UpdateDemand(ctx context.Context, accountID int64, d demand.Demand) error {
	types, err := jsonList(d.Types)
	if err != nil {
		return err
	}
	zips, err := jsonList(d.Zips)
	if err != nil {
		return err
	}
	return rs.one(ctx, "update demand", `UPDATE demands SET goal = ?, types = ?, zips = ?, price_min = ?, price_max = ?,
		bedrooms_min = ?, bedrooms_max = ?, garages_min = ?, garages_max = ?, parkings_min = ?, parkings_max = ?,
		bathrooms_min = ? WHERE agency_id = ? AND id = ? AND account_id = ?`,
		d.Goal, types, zips, d.Price.Min, d.Price.Max, d.Bedrooms.Min, d.Bedrooms.Max, d.Garages.Min, d.Garages.Max,
		d.Parkings.Min, d.Parkings.Max, d.BathroomsMin, rs.s.agency, d.ID, accountID)
}

// DeleteDemand implements registrant.Store (demand.Store's Delete).
func (rs *Registrants) DeleteDemand(ctx context.Context, accountID, demandID int64) error {
	return rs.s.Demands().Delete(ctx, demandID, accountID)
}

// Pause implements registrant.Store.
func (rs *Registrants) Pause(ctx context.Context, accountID, demandID int64, paused bool) error {
	return rs.one(ctx, "pause demand", `UPDATE demands SET paused = ? WHERE agency_id = ? AND id = ? AND account_id = ?`,
		paused, rs.s.agency, demandID, accountID)
}

// Alerted implements registrant.Store.
func (rs *Registrants) Alerted(ctx context.Context, accountID int64) (map[int64][]registrant.Alert, error) {
	rows, err := rs.s.read.QueryContext(ctx, rs.s.d.query(`SELECT x.demand_id, x.property_id, x.alerted_at
		FROM demand_alerts x JOIN demands d ON d.id = x.demand_id AND d.agency_id = x.agency_id
		WHERE x.agency_id = ? AND d.account_id = ? ORDER BY x.demand_id, x.alerted_at, x.property_id`), rs.s.agency, accountID)
	if err != nil {
		return nil, rs.s.errorf("alerted: %w", err)
	}
	defer rows.Close()
	out := map[int64][]registrant.Alert{}
	for rows.Next() {
		var id int64
		var a registrant.Alert
		if err := rows.Scan(&id, &a.Property, scanTime{&a.At}); err != nil {
			return nil, rs.s.errorf("alerted: %w", err)
		}
		out[id] = append(out[id], a)
	}
	return out, rows.Err()
}

// SetDetails implements registrant.Store.
func (rs *Registrants) SetDetails(ctx context.Context, accountID int64, d registrant.Details) error {
	res, err := rs.s.write.ExecContext(ctx, rs.s.d.query(`UPDATE accounts SET first_name = ?, last_name = ?, lang = ?,
		alert_frequency = ? WHERE agency_id = ? AND id = ?`), d.FirstName, d.LastName, d.Lang, string(d.AlertFrequency.OrInstant()),
		rs.s.agency, accountID)
	if err != nil {
		return rs.s.errorf("set details: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return account.ErrNotFound
	}
	return nil
}

// ChangePassword implements registrant.Store: the password set as a
// link's would be (setPassword).
func (rs *Registrants) ChangePassword(ctx context.Context, accountID int64, hash string, now time.Time) error {
	err := rs.s.writeTx(ctx, func(tx *sql.Tx) error {
		var id int64
		if err := tx.QueryRowContext(ctx, rs.s.d.query(`SELECT id FROM accounts WHERE agency_id = ? AND id = ?`),
			rs.s.agency, accountID).Scan(&id); err != nil {
			return err
		}
		return rs.s.setPassword(ctx, tx, accountID, hash, now)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return account.ErrNotFound
	}
	if err != nil {
		return rs.s.errorf("change password: %w", err)
	}
	return nil
}

// Registrations implements registrant.Store.
func (rs *Registrants) Registrations(ctx context.Context, email string) ([]lead.Request, error) {
	rows, err := rs.s.read.QueryContext(ctx, rs.s.d.query(`SELECT data FROM requests WHERE agency_id = ? AND kind = ?
		AND lower(trim(data->'person'->>'email')) = ? ORDER BY id`), rs.s.agency, string(lead.KindDemandRegister),
		account.NormalEmail(email))
	if err != nil {
		return nil, rs.s.errorf("registrations: %w", err)
	}
	defer rows.Close()
	out := []lead.Request{}
	for rows.Next() {
		var data []byte
		var r lead.Request
		if err := rows.Scan(&data); err != nil {
			return nil, rs.s.errorf("registrations: %w", err)
		}
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, rs.s.errorf("registration: %w", err)
		}
		r.IPHash = "" // a keyed hash of nothing they can read
		out = append(out, r)
	}
	return out, rows.Err()
}

// Subscription implements registrant.Store.
func (rs *Registrants) Subscription(ctx context.Context, email string) (string, time.Time, bool, error) {
	var state string
	var since time.Time
	err := rs.s.read.QueryRowContext(ctx, rs.s.d.query(`SELECT state, updated_at FROM newsletter_subscribers
		WHERE agency_id = ? AND lower(email) = ?`), rs.s.agency, account.NormalEmail(email)).Scan(&state, scanTime{&since})
	if errors.Is(err, sql.ErrNoRows) {
		return "", time.Time{}, false, nil
	}
	if err != nil {
		return "", time.Time{}, false, rs.s.errorf("subscription: %w", err)
	}
	return state, since, true, nil
}

// DeleteAccount implements registrant.Store: the account's rows go with
// it (ON DELETE CASCADE: demands, their alerts and links, its tokens), and
// the demand registrations its address sent (the agency's copy of what
// they typed), in one transaction.
func (rs *Registrants) DeleteAccount(ctx context.Context, accountID int64, fn func(ctx context.Context, tx mail.Tx, email string) error) error {
	err := rs.s.writeTx(ctx, func(tx *sql.Tx) error {
		var email string
		err := tx.QueryRowContext(ctx, rs.s.d.query(`DELETE FROM accounts WHERE agency_id = ? AND id = ? AND role = ? RETURNING email`),
			rs.s.agency, accountID, string(account.Registrant)).Scan(&email)
		if err != nil {
			return err
		}
		// ->> reads the JSON on both databases (SQLite since 3.38).
		if _, err = tx.ExecContext(ctx, rs.s.d.query(`DELETE FROM requests WHERE agency_id = ? AND kind = ?
			AND lower(trim(data->'person'->>'email')) = ?`), rs.s.agency, string(lead.KindDemandRegister), email); err != nil {
			return err
		}
		// The newsletter's row of the address, whatever its state (its
		// links go with it).
		if _, err = tx.ExecContext(ctx, rs.s.d.query(`DELETE FROM newsletter_subscribers WHERE agency_id = ? AND lower(email) = ?`),
			rs.s.agency, email); err != nil {
			return err
		}
		return fn(ctx, rs.s.mailTx(tx), email)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return account.ErrNotFound
	}
	if err != nil {
		return rs.s.errorf("delete account: %w", err)
	}
	return nil
}
