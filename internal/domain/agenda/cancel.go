package agenda

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"

	"immo/internal/domain/mail"
)

// ErrNoBooking says a cancel token names no booking, or one cancelled already.
var ErrNoBooking = errors.New("agenda: no such booking")

// NewCancelToken returns a random token for a booking's cancel link and the
// hash to store in Booking.CancelHash: a copy of the table cancels nothing.
func NewCancelToken() (token string, hash []byte) {
	token = rand.Text()
	return token, CancelHash(token)
}

// CancelHash is what the store keeps of a cancel token.
func CancelHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// Cancel frees the place of the booking the token was given for, once;
// then (may be nil) runs in the same transaction.
func (a *Agenda) Cancel(ctx context.Context, token string, then func(ctx context.Context, tx mail.Tx, b Booking) error) (Booking, error) {
	if token == "" {
		return Booking{}, ErrNoBooking
	}
	return a.Store.Cancel(ctx, CancelHash(token), then)
}

// Find is the booking the token was given for, while it can be cancelled.
func (a *Agenda) Find(ctx context.Context, token string) (Booking, error) {
	if token == "" {
		return Booking{}, ErrNoBooking
	}
	return a.Store.Find(ctx, CancelHash(token))
}
