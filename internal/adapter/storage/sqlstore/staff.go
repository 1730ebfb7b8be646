package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"immo/internal/domain/account"
)

// Staff keeps the agency's staff: their accounts (role staff, an admin or
// an agent), their password links and their TOTP second factor
// (account.StaffStore).
type Staff struct {
	s *Store
	*Links
}

// Staff is the store's account.StaffStore.
func (s *Store) Staff() *Staff { return &Staff{s, s.Links()} }

var _ account.StaffStore = (*Staff)(nil)

// AddStaff implements account.StaffStore.
func (st *Staff) AddStaff(ctx context.Context, a account.Account, t account.Token, fn account.TxFunc) (account.Account, error) {
	a.Role = account.Staff
	staffRole, operator := staffRoleColumns(a.StaffRole)
	err := st.s.writeTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, st.s.d.query(`INSERT INTO accounts
			(agency_id, role, email, first_name, last_name, lang, password_hash, created_at, disabled, alert_frequency, weekly_report,
			staff_role, operator)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, FALSE, ?, FALSE, ?, ?) ON CONFLICT (`+st.s.d.AgencyKey+`role, email) DO NOTHING RETURNING id`),
			st.s.agency, string(a.Role), a.Email, a.FirstName, a.LastName, a.Lang, a.PasswordHash, st.s.d.Time(a.Created),
			string(a.AlertFrequency.OrInstant()), staffRole, operator).Scan(&a.ID)
		if errors.Is(err, sql.ErrNoRows) {
			return account.ErrStaffTaken
		}
		if err != nil {
			return err
		}
		if err := st.s.insertLink(ctx, tx, a.ID, account.PurposeStaffPassword, t.Hash, t.Expires); err != nil {
			return err
		}
		return fn(ctx, st.s.mailTx(tx), a)
	})
	if err != nil {
		return account.Account{}, st.errorf("add staff", err)
	}
	return a, nil
}

// errorf prefixes err unless it is one of the domain's.
func (st *Staff) errorf(what string, err error) error {
	for _, known := range []error{account.ErrStaffTaken, account.ErrNotStaff, account.ErrLastAdmin, account.ErrStaffDisabled,
		account.ErrUnknownToken, account.ErrTOTPOn, account.ErrNoTOTP} {
		if errors.Is(err, known) {
			return err
		}
	}
	return st.s.errorf("%s: %w", what, err)
}

// staffMemberQuery reads staff members with their second factor's state
// and their newest password link's expiry; its first argument is the
// store's agency.
var staffMemberQuery = `SELECT ` + prefixed("a.", accountColumns) + `,
	CASE WHEN t.enabled_at IS NULL THEN FALSE ELSE TRUE END,
	(SELECT max(k.expires_at) FROM account_tokens k WHERE k.account_id = a.id AND k.agency_id = a.agency_id
		AND k.purpose = '` + account.PurposeStaffPassword + `')
	FROM accounts a LEFT JOIN staff_totp t ON t.account_id = a.id AND t.agency_id = a.agency_id
	WHERE a.agency_id = ? AND a.role = '` + string(account.Staff) + `'`

// scanMember reads a row of staffMemberQuery.
func scanMember(row scanner) (account.StaffMember, error) {
	var m account.StaffMember
	var role string
	var linkExpires time.Time
	if err := row.Scan(append(accountFields(&m.Account, &role), &m.TwoFactor, scanTime{&linkExpires})...); err != nil {
		return m, err
	}
	m.Role = account.Role(role)
	m.PasswordSet = !m.PasswordChanged.IsZero()
	if !linkExpires.IsZero() {
		m.LastLink = linkExpires.Add(-account.StaffLinkValidity)
	}
	return m, nil
}

// ListStaff implements account.StaffStore.
func (st *Staff) ListStaff(ctx context.Context) ([]account.StaffMember, error) {
	list, err := appendRows(ctx, st.s.read, []account.StaffMember{}, scanMember, st.s.d.query(staffMemberQuery+`
		ORDER BY CASE a.staff_role WHEN 'admin' THEN 0 ELSE 1 END, a.email`), st.s.agency)
	if err != nil {
		return nil, st.errorf("list staff", err)
	}
	return list, nil
}

// StaffMember implements account.StaffStore.
func (st *Staff) StaffMember(ctx context.Context, id int64) (account.StaffMember, error) {
	m, err := scanMember(st.s.read.QueryRowContext(ctx, st.s.d.query(staffMemberQuery+` AND a.id = ?`), st.s.agency, id))
	if errors.Is(err, sql.ErrNoRows) {
		return account.StaffMember{}, account.ErrNotStaff
	}
	if err != nil {
		return account.StaffMember{}, st.errorf("staff member", err)
	}
	return m, nil
}

// member is the staff account id in tx: ErrNotStaff when none.
func (st *Staff) member(ctx context.Context, tx *sql.Tx, id int64) (account.Account, error) {
	a, err := st.s.accountIn(ctx, tx, `id = ? AND role = 'staff'`, id)
	if errors.Is(err, account.ErrNotFound) {
		return a, account.ErrNotStaff
	}
	return a, err
}

// keepAnAdmin is ErrLastAdmin when a, an enabled admin, is the only one.
// It first locks every enabled admin's row (an UPDATE that changes
// nothing): on PostgreSQL two transactions demoting or disabling two
// admins at once then take turns, and the second counts what the first
// left; SQLite's single writer takes turns already.
func (st *Staff) keepAnAdmin(ctx context.Context, tx *sql.Tx, a account.Account) error {
	if a.StaffRole != account.Admin || a.Disabled {
		return nil
	}
	if _, err := tx.ExecContext(ctx, st.s.d.query(`UPDATE accounts SET staff_role = staff_role
		WHERE agency_id = ? AND role = 'staff' AND staff_role = 'admin' AND NOT disabled`), st.s.agency); err != nil {
		return err
	}
	var others int
	if err := tx.QueryRowContext(ctx, st.s.d.query(`SELECT COUNT(*) FROM accounts
		WHERE agency_id = ? AND role = 'staff' AND staff_role = 'admin' AND NOT disabled AND id <> ?`),
		st.s.agency, a.ID).Scan(&others); err != nil {
		return err
	}
	if others == 0 {
		return account.ErrLastAdmin
	}
	return nil
}

// SetStaffRole implements account.StaffStore.
func (st *Staff) SetStaffRole(ctx context.Context, id int64, role account.StaffRole, fn account.TxFunc) error {
	return st.set(ctx, id, fn, staffColumn{what: "staff role", column: "staff_role", value: string(role),
		holds: func(a account.Account) bool { return a.StaffRole == role }, dropsAdmin: role != account.Admin})
}

// SetStaffDisabled implements account.StaffStore.
func (st *Staff) SetStaffDisabled(ctx context.Context, id int64, disabled bool, fn account.TxFunc) error {
	return st.set(ctx, id, fn, staffColumn{what: "disable staff", column: "disabled", value: disabled,
		holds: func(a account.Account) bool { return a.Disabled == disabled }, dropsAdmin: disabled})
}

// SetStaffSiteEditor implements account.StaffStore.
func (st *Staff) SetStaffSiteEditor(ctx context.Context, id int64, editor bool, fn account.TxFunc) error {
	return st.set(ctx, id, fn, staffColumn{what: "staff site editor", column: "site_editor", value: editor,
		holds: func(a account.Account) bool { return a.SiteEditor == editor }})
}

// SetStaffLang implements account.StaffStore.
func (st *Staff) SetStaffLang(ctx context.Context, id int64, lang string, fn account.TxFunc) error {
	return st.set(ctx, id, fn, staffColumn{what: "staff language", column: "lang", value: lang,
		holds: func(a account.Account) bool { return a.Lang == lang }})
}

// staffColumn is a change of one column of a staff member's account.
type staffColumn struct {
	what   string // the change, in errors
	column string // one of our constants
	value  any
	// holds tells whether the member has the value already: the same
	// value again changes and logs nothing.
	holds func(account.Account) bool
	// dropsAdmin: the change may leave no enabled admin (keepAnAdmin).
	dropsAdmin bool
}

// set makes change c to staff member id in one transaction: the member
// read, nothing when it holds the value already, the last admin kept,
// then fn (the change's audit entry) and the update.
func (st *Staff) set(ctx context.Context, id int64, fn account.TxFunc, c staffColumn) error {
	err := st.s.writeTx(ctx, func(tx *sql.Tx) error {
		a, err := st.member(ctx, tx, id)
		if err != nil {
			return err
		}
		if c.holds(a) {
			return nil
		}
		if c.dropsAdmin {
			if err := st.keepAnAdmin(ctx, tx, a); err != nil {
				return err
			}
		}
		if err := fn(ctx, st.s.mailTx(tx), a); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, st.s.d.query(`UPDATE accounts SET `+c.column+` = ? WHERE agency_id = ? AND id = ?`),
			c.value, st.s.agency, id)
		return err
	})
	if err != nil {
		return st.errorf(c.what, err)
	}
	return nil
}
