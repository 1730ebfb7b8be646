// Package errs is the error vocabulary of the domain. Domain code returns
// codes; the HTTP layer maps each code to a status in one place.
package errs

import (
	"errors"
	"fmt"
)

// Codes a domain error can carry.
const (
	Invalid   = "invalid"   // bad input; nothing changed
	NotFound  = "not_found" // no such thing
	Conflict  = "conflict"  // the request clashes with the current state
	Forbidden = "forbidden" // the one asking may not do this (an agent managing the staff); nothing changed
	Limited   = "limited"   // too many attempts lately (wrong codes): wait a while; nothing changed
	Internal  = "internal"  // our fault
)

// Error is a domain error. Field names the input at fault, Key is the
// translation key shown to visitors, Message is for developers and logs.
type Error struct {
	Code    string
	Field   string
	Key     string
	Message string
}

func (e *Error) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("%s: %s", e.Field, e.Message)
	}
	return e.Message
}

// As returns err as *Error when it is one.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
