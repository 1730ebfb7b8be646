package account

import (
	"context"
	"errors"
	"strconv"
)

// A staff login is one or two steps. Password checks the address and the
// password (the same work and the same ErrLogin whether the address is
// unknown or the password wrong; the HTTP edge brakes the failures as it
// does the owners', web.LoginBrakes with role Staff). When the account's
// second factor is on, the edge keeps the account's ID as waiting for a
// code — not logged in: the viewer stays nobody — and Code checks it;
// only then does the session start.

// Password is a staff login's first step: the account when email and
// password are a staff account's (ErrLogin else), and whether a code must
// follow before the session starts.
func (s *StaffService) Password(ctx context.Context, email, password string) (a Account, codeNext bool, err error) {
	a, err = s.Accounts.Login(ctx, Staff, email, password)
	if err != nil {
		return Account{}, false, err
	}
	if !a.StaffRole.Valid() && a.StaffRole != Operator {
		return Account{}, false, ErrLogin
	}
	if codeNext, err = s.NeedsCode(ctx, a.ID); err != nil {
		return Account{}, false, err
	}
	return a, codeNext, nil
}

// NeedsCode tells whether the staff account id gives a code of its
// second factor at login (its factor is on).
func (s *StaffService) NeedsCode(ctx context.Context, id int64) (bool, error) {
	st, err := s.Store.TOTP(ctx, id)
	if errors.Is(err, ErrNoTOTP) {
		return false, nil
	}
	return st.Enabled, err
}

// Code is a staff login's second step, for the account id that passed
// Password: the account when code is a current code of its second factor
// not used before. ErrCode (counted against the brake, CodeBrakeMax a
// CodeBrakeWindow), ErrCodeBraked; ErrLogin when the account was disabled
// meanwhile.
func (s *StaffService) Code(ctx context.Context, id int64, code string) (Account, error) {
	m, err := s.Store.StaffMember(ctx, id)
	switch {
	case errors.Is(err, ErrNotStaff) || err == nil && m.Disabled:
		return Account{}, ErrLogin
	case err != nil:
		return Account{}, err
	}
	if err := s.checkCode(ctx, id, code); err != nil {
		return Account{}, err
	}
	return m.Account, nil
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }
