package app

import (
	"context"
	"fmt"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/audit"
	"immo/internal/domain/inbox"
	"immo/internal/domain/platform"
)

// console is the platform operator's service (issue #35): the agencies on
// the platform's store, each reached through a store bound to it, and the
// mail queue every agency shares.
func (p *Platform) console() *platform.Console {
	store := p.c.Site.Store
	_, dialect := store.QueueDB()
	return &platform.Console{
		// PostgreSQL keeps agencies' keys apart; SQLite holds one agency.
		Agencies: &platform.Service{Store: store.Platform(), Many: dialect == mailqueue.Postgres, Now: p.c.Site.Now},
		Reach:    func(id int64) platform.Reach { return reach{store.For(id), p.queue.For(id)} },
		Queue:    func(ctx context.Context) (platform.QueueHealth, error) { return queueHealth(p.queue.Stats(ctx)) },
		Now:      p.c.Site.Now,
	}
}

// reach is one agency as the console reads it: its bound store and queue.
type reach struct {
	s *sqlstore.Store
	q *mailqueue.Queue
}

func (r reach) Health(ctx context.Context, since time.Time) (platform.Health, error) {
	return r.s.Health(ctx, since)
}

func (r reach) Grant(ctx context.Context) (platform.Grant, error) { return r.s.Grants().Grant(ctx) }

func (r reach) Log(ctx context.Context, e audit.Entry) error { return r.s.Audit().Log(ctx, e) }

func (r reach) Mails(ctx context.Context) (platform.QueueHealth, error) {
	return queueHealth(r.q.AgencyStats(ctx))
}

// queueHealth is the queue's figures as the console shows them.
func queueHealth(st mailqueue.Stats, err error) (platform.QueueHealth, error) {
	return platform.QueueHealth{Waiting: st.Waiting, Oldest: st.Oldest, Failed: st.Failed}, err
}

// Leads are the agency's newest leads, spam left out (the inbox's list
// without a filter).
func (r reach) Leads(ctx context.Context, limit int) ([]inbox.Row, error) {
	f := inbox.Filter{Size: limit}
	if problems := f.Check(); len(problems) > 0 {
		return nil, fmt.Errorf("console: the leads' filter: %v", problems)
	}
	page, err := r.s.Inbox().List(ctx, f)
	return page.Rows, err
}
