package account

import "time"

// The login brakes of every role (owners, registrants, staff), counted in the anti-spam
// counters (rate_hits) per fixed window of LoginWindow; only failed logins
// count (a wrong address or password), so logging in and out, or an
// office behind one address, locks nobody:
//
//   - LoginPerAccountAddress failures of one address (the account's, known
//     or not) from one client address: the usual lockout, which a
//     stranger can cause only for themselves;
//   - LoginPerAddress failures from one client address, whatever the
//     account: one machine guessing many accounts;
//   - LoginPerAccount failures of one account from anywhere: many machines
//     guessing one account.
//
// A lock ends with its window (at most LoginWindow). To lock an owner out
// from their own address a stranger must make LoginPerAccount attempts in a
// window, from at least LoginPerAccount/LoginPerAddress addresses, and keep
// it up: the owner is free again at most LoginWindow after they stop.
const (
	LoginWindow            = 15 * time.Minute
	LoginPerAccountAddress = 5
	LoginPerAddress        = 20
	LoginPerAccount        = 100
)
