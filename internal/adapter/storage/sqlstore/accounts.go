package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"immo/internal/domain/account"
)

// Accounts keeps who logs in (account.Store).
type Accounts struct{ s *Store }

// Accounts is the store's account.Store.
func (s *Store) Accounts() *Accounts { return &Accounts{s} }

var _ account.Store = (*Accounts)(nil)

// Create implements account.Store: one account per address and role.
func (a *Accounts) Create(ctx context.Context, acc account.Account) (int64, error) {
	var id int64
	err := a.s.write.QueryRowContext(ctx, a.s.d.query(`INSERT INTO accounts
		(agency_id, role, email, first_name, last_name, lang, password_hash, created_at, disabled, alert_frequency, weekly_report, staff_role,
		email_confirmed_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (`+a.s.d.AgencyKey+`role, email) DO NOTHING RETURNING id`),
		a.s.agency, string(acc.Role), acc.Email, acc.FirstName, acc.LastName, acc.Lang, acc.PasswordHash, a.s.d.Time(acc.Created), acc.Disabled,
		string(acc.AlertFrequency.OrInstant()), acc.WeeklyReport, nullStaffRole(acc.StaffRole), nullTime(a.s.d.Time, acc.Confirmed),
	).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, account.ErrEmailTaken
	}
	if err != nil {
		return 0, a.s.errorf("create account: %w", err)
	}
	return id, nil
}

const accountColumns = `id, role, email, first_name, last_name, lang, password_hash, created_at, disabled,
	alert_frequency, weekly_report, password_changed_at, staff_role, email_confirmed_at, site_editor, operator`

// accountFields are where a row of accountColumns scans into acc (its role
// into role).
func accountFields(acc *account.Account, role *string) []any {
	return []any{&acc.ID, role, &acc.Email, &acc.FirstName, &acc.LastName, &acc.Lang, &acc.PasswordHash,
		scanTime{&acc.Created}, &acc.Disabled, (*string)(&acc.AlertFrequency), &acc.WeeklyReport, scanTime{&acc.PasswordChanged},
		scanStaffRole{&acc.StaffRole}, scanTime{&acc.Confirmed}, &acc.SiteEditor, scanOperator{&acc.StaffRole}}
}

// scanOperator reads the operator flag (after staff_role): an operator's
// row keeps staff_role 'agent' for the column's check, the domain's role
// is account.Operator.
type scanOperator struct{ r *account.StaffRole }

func (s scanOperator) Scan(v any) error {
	var on bool
	switch v := v.(type) {
	case bool:
		on = v
	case int64:
		on = v != 0
	default:
		return fmt.Errorf("operator column: unexpected %T", v)
	}
	if on {
		*s.r = account.Operator
	}
	return nil
}

// staffRoleColumns are the staff_role and operator values of role r.
func staffRoleColumns(r account.StaffRole) (staffRole any, operator bool) {
	if r == account.Operator {
		return string(account.Agent), true
	}
	return nullStaffRole(r), false
}

// nullStaffRole binds a staff role, none as NULL (every account but the
// staff's).
func nullStaffRole(r account.StaffRole) any {
	if r == "" {
		return nil
	}
	return string(r)
}

// scanStaffRole reads staff_role, NULL as none.
type scanStaffRole struct{ r *account.StaffRole }

func (s scanStaffRole) Scan(v any) error {
	switch v := v.(type) {
	case nil:
		*s.r = ""
	case string:
		*s.r = account.StaffRole(v)
	case []byte:
		*s.r = account.StaffRole(v)
	default:
		return fmt.Errorf("staff_role column: unexpected %T", v)
	}
	return nil
}

func (a *Accounts) one(ctx context.Context, where string, args ...any) (account.Account, error) {
	var acc account.Account
	var role string
	err := a.s.read.QueryRowContext(ctx, a.s.d.query(`SELECT `+accountColumns+` FROM accounts WHERE agency_id = ? AND (`+where+`)`),
		append([]any{a.s.agency}, args...)...).
		Scan(accountFields(&acc, &role)...)
	if errors.Is(err, sql.ErrNoRows) {
		return account.Account{}, account.ErrNotFound
	}
	if err != nil {
		return account.Account{}, a.s.errorf("account: %w", err)
	}
	acc.Role = account.Role(role)
	return acc, nil
}

// ByEmail implements account.Store; email is account.NormalEmail's.
func (a *Accounts) ByEmail(ctx context.Context, role account.Role, email string) (account.Account, error) {
	return a.one(ctx, `role = ? AND email = ?`, string(role), email)
}

// ByID implements account.Store.
func (a *Accounts) ByID(ctx context.Context, id int64) (account.Account, error) {
	return a.one(ctx, `id = ?`, id)
}

// SetPasswordHash implements account.Store.
func (a *Accounts) SetPasswordHash(ctx context.Context, id int64, hash string) error {
	res, err := a.s.write.ExecContext(ctx, a.s.d.query(`UPDATE accounts SET password_hash = ? WHERE agency_id = ? AND id = ?`),
		hash, a.s.agency, id)
	if err != nil {
		return a.s.errorf("set password: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return account.ErrNotFound
	}
	return nil
}

// ensureAccount, in tx, is the account of a.Role and a.Email: created from
// a when there is none (created says so; an owner gets the weekly report),
// else the existing one, left as it is.
func (s *Store) ensureAccount(ctx context.Context, tx *sql.Tx, a account.Account) (got account.Account, created bool, err error) {
	var id int64
	err = tx.QueryRowContext(ctx, s.d.query(`INSERT INTO accounts
		(agency_id, role, email, first_name, last_name, lang, password_hash, created_at, disabled, alert_frequency, weekly_report, staff_role)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, FALSE, ?, ?, ?) ON CONFLICT (`+s.d.AgencyKey+`role, email) DO NOTHING RETURNING id`),
		s.agency, string(a.Role), a.Email, a.FirstName, a.LastName, a.Lang, a.PasswordHash, s.d.Time(a.Created),
		string(a.AlertFrequency.OrInstant()), a.Role == account.Owner, nullStaffRole(a.StaffRole)).Scan(&id)
	created = err == nil
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return got, false, err
	}
	var role string
	if err := tx.QueryRowContext(ctx, s.d.query(`SELECT `+accountColumns+` FROM accounts WHERE agency_id = ? AND role = ? AND email = ?`),
		s.agency, string(a.Role), a.Email).Scan(accountFields(&got, &role)...); err != nil {
		return got, false, err
	}
	got.Role = account.Role(role)
	return got, created, nil
}

// SetWeeklyReport turns the owner id's weekly report on or off.
func (a *Accounts) SetWeeklyReport(ctx context.Context, id int64, on bool) error {
	res, err := a.s.write.ExecContext(ctx, a.s.d.query(`UPDATE accounts SET weekly_report = ? WHERE agency_id = ? AND id = ? AND role = ?`),
		on, a.s.agency, id, string(account.Owner))
	if err != nil {
		return a.s.errorf("weekly report: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return account.ErrNotFound
	}
	return nil
}
