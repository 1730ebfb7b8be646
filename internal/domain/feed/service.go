package feed

import (
	"context"

	"crypto/rand"
	"encoding/base64"
	"immo/internal/domain/audit"
	"time"
)

// Service adds, pauses and removes the feeds: the rules (Check), the
// sealing of their secrets and the push token made for each.
type Service struct {
	Store  Feeds
	Sealer Sealer
	Now    func() time.Time
	// Loc is the zone of a daily time (Brussels).
	Loc *time.Location
	// Private are the hosts the operator trusts on a private network
	// (safehttp.Hosts); nil: none.
	Private func(host string) bool
}

// Audit log words: the kind of target and the actions an admin takes.
const (
	AuditKind                  = "feed"
	ActionAdd     audit.Action = "feed.add"
	ActionPause   audit.Action = "feed.pause"
	ActionResume  audit.Action = "feed.resume"
	ActionDelete  audit.Action = "feed.delete"
	ActionRun     audit.Action = "feed.run"
	ActionApply   audit.Action = "feed.apply"
	ActionDiscard audit.Action = "feed.discard"
)

// PushTokenBytes is the push token's randomness.
const PushTokenBytes = 32

// Add checks in and keeps it as a new feed, due at once; it returns the
// feed and its push token, shown this once (sealed in the store: the
// token a pushing CRM sends and the key of its signature).
func (s *Service) Add(ctx context.Context, in Input, by string) (Feed, string, error) {
	f, err := Check(in, s.Private)
	if err != nil {
		return f, "", err
	}
	raw := make([]byte, PushTokenBytes)
	rand.Read(raw)
	token := base64.RawURLEncoding.EncodeToString(raw)
	now := s.Now()
	f.CreatedBy, f.Created, f.NextRun = by, now, now
	secret := f.Secret
	id, err := s.Store.AddFeed(ctx, f, func(id int64, f *Feed) {
		if secret != "" {
			f.Secret = s.Sealer.SealFor(secret, SealContext(id, "secret"))
		}
		f.PushKey = s.Sealer.SealFor(token, SealContext(id, "push"))
	})
	if err != nil {
		return f, "", err
	}
	f, err = s.Store.Feed(ctx, id)
	return f, token, err
}

// SetPaused pauses a feed, or resumes it due at once.
func (s *Service) SetPaused(ctx context.Context, id int64, paused bool) error {
	next := s.Now()
	if paused {
		next = time.Time{}
	}
	return s.Store.SetPaused(ctx, id, paused, next)
}

// PushKey is feed f's push token, opened.
func (s *Service) PushKey(f Feed) (string, error) {
	return s.Sealer.OpenFor(f.PushKey, SealContext(f.ID, "push"))
}

// Due are the feeds whose schedule has come at now, each claimed by this
// caller (its next run moved on): the others' were claimed by another
// server.
func (s *Service) Due(ctx context.Context, now time.Time) ([]int64, error) {
	all, err := s.Store.Feeds(ctx)
	if err != nil {
		return nil, err
	}
	var due []int64
	for _, f := range all {
		if f.Paused || f.NextRun.IsZero() || f.NextRun.After(now) {
			continue
		}
		won, err := s.Store.ClaimRun(ctx, f.ID, f.NextRun, f.Schedule.Next(now, s.Loc))
		if err != nil {
			return due, err
		}
		if won {
			due = append(due, f.ID)
		}
	}
	return due, nil
}
