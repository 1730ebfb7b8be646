package ssr_test

import (
	"time"

	"immo/internal/http/web/ssr"
)

// testLimit is a render's deadline, and the wait for a free engine, in the
// tests that run the real bundle. The pool's own (2 s, 100 ms) are for a
// server that answers a visitor with the previous page or the shell rather
// than make them wait; a test asserts what a render gives, and a machine
// running another test suite on the same cores can take several times as
// long: only a render that hangs should fail it.
const testLimit = 5 * time.Minute

// newPool is ssr.NewPool with testLimit as its render timeout and engine
// wait; opts come after, so a test may still set either.
func newPool(bundle []byte, size int, opts ...ssr.Option) (*ssr.Pool, error) {
	return ssr.NewPool(bundle, size, append([]ssr.Option{ssr.WithTimeout(testLimit), ssr.WithWait(testLimit)}, opts...)...)
}
