// Package feed is the catalog's runs (issue #33): every time the catalog
// is brought up to date from the agency's CRM — a file imported on the
// command line today, a feed pulled on a schedule or pushed by the CRM
// later — is a Run, kept with what it did (counts per section), what it
// refused and why, so that the staff see every change of the listings
// explained. No HTTP, no SQL: the importer makes the run, the storage
// packages keep it.
package feed

import (
	"context"
	"maps"
	"slices"
	"time"
)

// Trigger says what started a run.
type Trigger string

// The triggers of a run.
const (
	TriggerCommand  Trigger = "command"  // `immo import FILE`
	TriggerSchedule Trigger = "schedule" // a feed's schedule
	TriggerPush     Trigger = "push"     // the CRM pushed
	TriggerStaff    Trigger = "staff"    // "run now" in the inbox
)

// Status is how a run ended.
type Status string

// The ends of a run.
const (
	StatusApplied Status = "applied" // the valid records applied (the rejected ones reported)
	StatusFailed  Status = "failed"  // nothing applied: Error says why
)

// Counts are what a run did to one section of the catalog.
type Counts struct {
	Added     int `json:"added"`
	Updated   int `json:"updated"`
	Unchanged int `json:"unchanged"`
	Rejected  int `json:"rejected"`
	Offline   int `json:"offline"` // taken offline: absent from the file
}

// Problem is one record a run refused, and why: Message in English (what
// the command line printed), Key and Params for the staff's language
// (admin.runs.problem.<key>). A run kept before the keys has none: its
// Message is shown.
type Problem struct {
	Section string            `json:"section"` // types, properties or projects
	ID      int64             `json:"id"`      // the record's ID, 0 when unreadable
	Field   string            `json:"field"`
	Message string            `json:"message"`
	Key     string            `json:"key"`
	Params  map[string]string `json:"params,omitempty"`
}

// Bounds of what a run keeps.
const (
	// MaxProblems are the problems a run keeps: the first ones, the rest
	// counted (Run.MoreProblems).
	MaxProblems   = 200
	MaxSource     = 500
	MaxError      = 2000
	MaxProblemLen = 500
	// A key, and the parameters that go with it: at most MaxParams (the
	// first by name), each name and value clipped.
	MaxKey      = 64
	MaxParams   = 8
	MaxParamLen = 200
)

// Run is one bringing up to date of the catalog.
type Run struct {
	ID int64
	// Feed is the feed it ran for (Feeds), 0: a file on the command line.
	Feed int64
	// HTTPStatus is the feed's answer to a pull (304: unchanged), 0: none.
	HTTPStatus int
	// Source names what it read: a file's name, a feed's address.
	Source  string
	Trigger Trigger
	// By is who started it: a staff member's address; "" for the command
	// line and a schedule.
	By             string
	Started, Ended time.Time
	Status         Status
	Error          string // why nothing was applied (StatusFailed), in English
	// ErrorKey and ErrorParams are Error for the staff's language
	// (admin.runs.error.<key>); "" when it has none (Error is shown).
	ErrorKey       string
	ErrorParams    map[string]string
	Types          int // types imported
	TypesRejected  int
	Properties     Counts
	Projects       Counts
	CatalogVersion int64 // the catalog version it made, 0: none
	Problems       []Problem
	MoreProblems   int // problems beyond MaxProblems, not kept
}

// Bounded is r within the bounds of what a run keeps.
func (r Run) Bounded() Run {
	r.Source = clip(r.Source, MaxSource)
	r.Error = clip(r.Error, MaxError)
	r.ErrorKey, r.ErrorParams = clip(r.ErrorKey, MaxKey), boundedParams(r.ErrorParams)
	if len(r.Problems) > MaxProblems {
		r.MoreProblems += len(r.Problems) - MaxProblems
		r.Problems = r.Problems[:MaxProblems]
	}
	out := make([]Problem, len(r.Problems))
	for i, p := range r.Problems {
		p.Field, p.Message = clip(p.Field, MaxProblemLen), clip(p.Message, MaxProblemLen)
		p.Key, p.Params = clip(p.Key, MaxKey), boundedParams(p.Params)
		out[i] = p
	}
	r.Problems = out
	return r
}

// boundedParams are the first MaxParams of params by name, each name and
// value clipped; nil when none.
func boundedParams(params map[string]string) map[string]string {
	if len(params) == 0 {
		return nil
	}
	names := slices.Sorted(maps.Keys(params))
	out := make(map[string]string, min(len(names), MaxParams))
	for _, n := range names[:min(len(names), MaxParams)] {
		out[clip(n, MaxKey)] = clip(params[n], MaxParamLen)
	}
	return out
}

// clip is s within n bytes, cut at a character's start.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !startsRune(s[n]) {
		n--
	}
	return s[:n]
}

func startsRune(b byte) bool { return b&0xC0 != 0x80 }

// Store keeps the runs; one implementation per database, both passing
// storagetest.RunFeedRuns.
type Store interface {
	// RecordRun keeps r (its ID ignored, bounded first) and returns its number.
	RecordRun(ctx context.Context, r Run) (int64, error)
	// Runs lists at most limit runs, newest first.
	Runs(ctx context.Context, limit int) ([]Run, error)
}
