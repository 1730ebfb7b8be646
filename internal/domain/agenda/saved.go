package agenda

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"time"

	"immo/internal/domain/mail"
)

// RulesStore keeps the rules the agency saved in the inbox: they replace
// the configuration's on every server (each reads them again with its
// board) until the agency goes back to the configuration's.
type RulesStore interface {
	// SavedRules is the saved rules' document (EncodeRules) and its
	// version; version 0: none saved.
	SavedRules(ctx context.Context) (doc []byte, version int64, err error)
	// SaveRules stores doc as the rules, a new version, and calls then in
	// the same transaction (the audit entry); doc nil goes back to the
	// configuration's rules.
	SaveRules(ctx context.Context, doc []byte, then func(ctx context.Context, tx mail.Tx) error) error
}

// rulesDoc is Rules as stored: minutes and weekday numbers, so that a
// stored document reads the same in every version of the program.
type rulesDoc struct {
	Weekdays         []int    `json:"weekdays"` // 0 Sunday … 6 Saturday
	Hours            []Hours  `json:"hours"`
	LengthMinutes    int      `json:"lengthMinutes"`
	Capacity         int      `json:"capacity"`
	PropertyCapacity int      `json:"propertyCapacity"`
	PerVisitor       int      `json:"perVisitor"`
	PerSender        int      `json:"perSender"`
	MinDays          int      `json:"minDays"`
	MaxDays          int      `json:"maxDays"`
	Closed           []string `json:"closed"`
}

// EncodeRules is r as RulesStore keeps it.
func EncodeRules(r Rules) ([]byte, error) {
	d := rulesDoc{Hours: r.Hours, LengthMinutes: int(r.Length / time.Minute), Capacity: r.Capacity,
		PropertyCapacity: r.PropertyCapacity, PerVisitor: r.PerVisitor, PerSender: r.PerSender,
		MinDays: r.MinDays, MaxDays: r.MaxDays, Closed: r.Closed}
	for _, w := range r.Weekdays {
		d.Weekdays = append(d.Weekdays, int(w))
	}
	return json.Marshal(d)
}

// DecodeRules reads a document of EncodeRules; the rules must be valid.
func DecodeRules(doc []byte) (Rules, error) {
	var d rulesDoc
	if err := json.Unmarshal(doc, &d); err != nil {
		return Rules{}, fmt.Errorf("%w: %v", ErrRules, err)
	}
	r := Rules{Hours: d.Hours, Length: time.Duration(d.LengthMinutes) * time.Minute, Capacity: d.Capacity,
		PropertyCapacity: d.PropertyCapacity, PerVisitor: d.PerVisitor, PerSender: d.PerSender,
		MinDays: d.MinDays, MaxDays: d.MaxDays, Closed: d.Closed}
	for _, w := range d.Weekdays {
		r.Weekdays = append(r.Weekdays, time.Weekday(w))
	}
	return r, r.Validate()
}

// saved are the rules the agency saved, and their version.
type saved struct {
	rules   Rules
	version int64
}

// Current are the rules in force: the agency's saved ones (Saved), else
// the configuration's as last published (Published), else as the agenda
// was made (Rules).
func (a *Agenda) Current() Rules {
	if s := a.saved.Load(); s != nil {
		return s.rules
	}
	if p := a.published.Load(); p != nil {
		return p.rules
	}
	return a.Rules
}

// readPublished takes the rules of the configuration as last published
// when its version changed and it takes visits; changed says whether the
// configuration's rules in force did.
func (a *Agenda) readPublished() (changed bool) {
	if a.Published == nil {
		return false
	}
	r, version, ok := a.Published()
	old := a.published.Load()
	if !ok || old != nil && old.version == version {
		return false
	}
	if r.Validate() != nil { // the configuration's check refuses such rules; keep what is in force
		return false
	}
	a.published.Store(&saved{rules: r, version: version})
	return old != nil || !reflect.DeepEqual(r, a.Rules)
}

// Configured reports whether the rules in force are the configuration's
// (none saved in the inbox).
func (a *Agenda) Configured() bool { return a.saved.Load() == nil }

// readSaved reads the saved rules when their version changed; changed
// says whether the rules in force did. A stored document that does not
// decode keeps the rules in force (logged by the caller) rather than shut
// the agenda.
func (a *Agenda) readSaved(ctx context.Context) (changed bool, err error) {
	if a.Saved == nil {
		return false, nil
	}
	doc, version, err := a.Saved.SavedRules(ctx)
	if err != nil {
		return false, err
	}
	old := a.saved.Load()
	switch {
	case version == 0 && old == nil:
		return false, nil
	case version == 0:
		a.saved.Store(nil)
		return true, nil
	case old != nil && old.version == version:
		return false, nil
	}
	r, err := DecodeRules(doc)
	if err != nil {
		return false, fmt.Errorf("saved rules, version %d: %w", version, err)
	}
	a.saved.Store(&saved{rules: r, version: version})
	return true, nil
}
