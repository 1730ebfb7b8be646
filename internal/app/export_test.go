package app

import "context"

// ForgotArgs is the forgotten password's job, for the platform's tests
// to insert as an agency's form would.
type ForgotArgs = forgotArgs

// TickFeeds runs the platform's tick of every agency's feeds now (its
// loop does every minute).
func (p *Platform) TickFeeds(ctx context.Context) error { return p.tickFeeds(ctx) }

// DropIdle drops the sites idle past the platform's IdleAfter now (its loop
// does every minute).
func (p *Platform) DropIdle(ctx context.Context) error { return p.dropIdle(ctx) }
