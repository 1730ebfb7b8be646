package web

import (
	"context"
	"errors"
	"strings"

	"immo/internal/domain/account"
	"immo/internal/domain/antispam"
	"immo/internal/domain/lead"
)

// brake is one limit on a kind of attempt, and the attempt it counts (its
// key a hash: never an address).
type brake struct {
	lim *antispam.Limiter
	a   antispam.Attempt
}

// LoginBrakes are the brakes on the logins (account.LoginWindow…): failed
// attempts of one account from one client address, from one client
// address whatever the account (owners' and registrants' alike), of one
// account from anywhere. Only failures count: a registrant logging in and
// out, an office of colleagues behind one address, lock nobody. IP keys
// their counters; without it there are none.
type LoginBrakes struct {
	IP                            *lead.IPHasher
	PerAccountAddress, PerAddress *antispam.Limiter
	PerAccount                    *antispam.Limiter
	// Secure marks the device cookies for HTTPS only (DeviceCookie).
	Secure bool
	// Refused hears each login refused, by role and why (the operator's
	// metrics); nil: nobody.
	Refused func(role account.Role, why Refusal)
}

// brakes are the three brakes on a login of role's email from ip; from a
// device of the account (device, its cookie's value), one: that device's
// failures. The abuse page sees whom each holds (Attempt.Who) and where:
// LoginArea.
func (b LoginBrakes) brakes(role account.Role, email, ip, device string) []brake {
	area := LoginArea(role)
	if id := b.device(role, email, device); id != "" {
		return []brake{{b.PerAccountAddress, antispam.Attempt{Key: string(role) + "-login-device:" + b.IP.Hash("device:"+id),
			Who: email + " · " + ip, Area: area}}}
	}
	ipKey, accountKey := b.IP.Hash(ip), b.IP.Hash(string(role)+"-login:"+email)
	return []brake{
		{b.PerAccountAddress, antispam.Attempt{Key: string(role) + "-login-account-ip:" + b.IP.Hash(accountKey+"|"+ipKey),
			Who: email + " · " + ip, Area: area}},
		{b.PerAddress, antispam.Attempt{Key: "login-ip:" + ipKey, Who: ip, Area: area}},
		{b.PerAccount, antispam.Attempt{Key: string(role) + "-login-account:" + accountKey, Who: email, Area: area}}}
}

// LoginArea is where a login of role is counted on the abuse page
// (antispam.Attempt.Area): "owner-login", "registrant-login", "staff-login".
func LoginArea(role account.Role) string { return string(role) + "-login" }

// locked tells, before a login of role's email from ip is tried, the name
// of the brake it is over ("" none), counting nothing.
func (b LoginBrakes) locked(ctx context.Context, role account.Role, email, ip, device string) (string, error) {
	if b.IP == nil {
		return "", nil
	}
	for _, k := range b.brakes(role, email, ip, device) {
		if k.lim == nil {
			continue
		}
		over, err := k.lim.Over(ctx, k.a)
		if err != nil || over {
			return strings.SplitN(k.a.Key, ":", 2)[0], err
		}
	}
	return "", nil
}

// failed counts a failed login of role's email from ip against every brake.
func (b LoginBrakes) failed(ctx context.Context, role account.Role, email, ip, device string) error {
	if b.IP == nil {
		return nil
	}
	for _, k := range b.brakes(role, email, ip, device) {
		if k.lim == nil {
			continue
		}
		if _, _, err := k.lim.Hit(ctx, k.a); err != nil {
			return err
		}
	}
	return nil
}

// KeyUnconfirmed refuses the right password of an account whose address
// was never confirmed (account.ErrUnconfirmed).
const KeyUnconfirmed = "account.error.unconfirmed"

// Logins check an address and a password (account.Service).
type Logins interface {
	Login(ctx context.Context, role account.Role, email, password string) (account.Account, error)
}

// Refusal is why a login was refused ("": it was not); each role's login
// says each in its own words.
type Refusal string

const (
	LoginLocked      Refusal = "locked"      // over a brake: nothing checked, nothing counted
	LoginFailed      Refusal = "failed"      // a wrong address or password (the same for both), counted
	LoginUnconfirmed Refusal = "unconfirmed" // the right password of an address never proven
	LoginCode        Refusal = "code"        // a staff member's wrong second-factor code (one over its brake is locked)
)

// Attempt is what Try made of a login: the account, or why it was
// refused (and, locked, the name of the brake it is over).
type Attempt struct {
	Account account.Account
	Refused Refusal
	Limit   string
}

// Try is one login of role's email from ip, on device (its device
// cookie's value, "" none), behind the brakes: past one, LoginLocked,
// nothing checked; check's account.ErrLogin, LoginFailed, counted against
// every brake (err: the count's failure, if any); its
// account.ErrUnconfirmed, LoginUnconfirmed; else check's account or
// error. Every login goes through it, whatever the role and the edge (the
// site's owners and registrants, the inbox's staff).
func (b LoginBrakes) Try(ctx context.Context, role account.Role, email, ip, device string,
	check func(ctx context.Context, email string) (account.Account, error)) (Attempt, error) {
	email = account.NormalEmail(email)
	over, err := b.locked(ctx, role, email, ip, device)
	if err != nil {
		return Attempt{}, err
	}
	if over != "" {
		b.refused(role, LoginLocked)
		return Attempt{Refused: LoginLocked, Limit: over}, nil
	}
	a, err := check(ctx, email)
	switch {
	case errors.Is(err, account.ErrLogin):
		b.refused(role, LoginFailed)
		return Attempt{Refused: LoginFailed}, b.failed(ctx, role, email, ip, device)
	case errors.Is(err, account.ErrUnconfirmed):
		b.refused(role, LoginUnconfirmed)
		return Attempt{Refused: LoginUnconfirmed}, nil
	case err != nil:
		return Attempt{}, err
	}
	return Attempt{Account: a}, nil
}

// Refuse tells of a login refused past the password step (a staff
// member's second-factor code).
func (b LoginBrakes) Refuse(role account.Role, why Refusal) { b.refused(role, why) }

func (b LoginBrakes) refused(role account.Role, why Refusal) {
	if b.Refused != nil {
		b.Refused(role, why)
	}
}
