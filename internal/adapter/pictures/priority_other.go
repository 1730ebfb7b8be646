//go:build !linux

package pictures

import "log/slog"

// lowerPriority does nothing outside Linux: the worker already runs on a
// single goroutine.
func lowerPriority(*slog.Logger) {}
