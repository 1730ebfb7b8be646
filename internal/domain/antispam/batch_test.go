package antispam

import (
	"context"
	"errors"
	"testing"
	"time"
)

// tallyStore keeps the counts added, or refuses them while down.
type tallyStore struct {
	Abuse
	added []Tally
	down  bool
}

func (s *tallyStore) AddRefusals(_ context.Context, counts []Tally) error {
	if s.down {
		return errors.New("down")
	}
	s.added = append(s.added, counts...)
	return nil
}

func (s *tallyStore) Tallies(context.Context, time.Time) ([]Tally, error) { return s.added, nil }

// A Batch writes nothing per refusal: one count per reason, place and hour
// at the flush, before each read, and again after a refused flush.
func TestBatch(t *testing.T) {
	store := &tallyStore{}
	b := NewBatch(store)
	at := time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC)
	for range 1000 {
		Refuse(t.Context(), b, at, "login-ip", "owner-login")
	}
	Refuse(t.Context(), b, at, "honeypot", "contact")
	if len(store.added) != 0 {
		t.Fatalf("written before a flush: %+v", store.added)
	}
	store.down = true
	if err := b.Flush(t.Context()); err == nil {
		t.Fatal("a refused flush said nothing")
	}
	store.down = false
	Refuse(t.Context(), b, at, "login-ip", "owner-login")
	tallies, err := b.Tallies(t.Context(), at.Add(-time.Hour))
	if err != nil || len(tallies) != 2 {
		t.Fatalf("after the read: %+v, %v", tallies, err)
	}
	for _, c := range tallies {
		want := map[string]int{"login-ip": 1001, "honeypot": 1}[c.Reason]
		if c.Count != want || !c.Hour.Equal(at.Truncate(time.Hour)) {
			t.Errorf("%+v, want %d in the hour", c, want)
		}
	}
	if err := b.Flush(t.Context()); err != nil || len(store.added) != 2 {
		t.Fatalf("a second flush with nothing new: %v, %+v", err, store.added)
	}
}
