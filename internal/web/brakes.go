package web

import (
	"context"
	"strings"

	"immo/internal/account"
	"immo/internal/antispam"
	"immo/internal/lead"
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

// LoginBrakes are the brakes on the logins (app.LoginWindow…): attempts
// of one account from one client address, from one client address
// whatever the account (owners' and registrants' alike), of one account
// from anywhere. IP keys their counters; without it there are none.
type LoginBrakes struct {
	IP                            *lead.IPHasher
	PerAccountAddress, PerAddress *antispam.Limiter
	PerAccount                    *antispam.Limiter
}

// over counts one login attempt of role's email from ip: the name of the
// brake it is over ("" none).
func (b LoginBrakes) over(ctx context.Context, role account.Role, email, ip string) (string, error) {
	if b.IP == nil {
		return "", nil
	}
	ipKey, accountKey := b.IP.Hash(ip), b.IP.Hash(string(role)+"-login:"+email)
	over, err := overBrake(ctx, brake{b.PerAccountAddress, string(role) + "-login-account-ip:" + b.IP.Hash(accountKey+"|"+ipKey)},
		brake{b.PerAddress, "login-ip:" + ipKey}, brake{b.PerAccount, string(role) + "-login-account:" + accountKey})
	return strings.SplitN(over, ":", 2)[0], err
}
