package importer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"immo/internal/domain/catalog"
)

// MaxRecord bounds one property record a CRM pushes (Upsert): the
// largest record the bounds let through (500 pictures of 2 KB addresses,
// descriptions of 20 000 bytes in four languages) is well below it.
const MaxRecord = 1 << 20

// KeyIDMismatch is the problem of a pushed record whose ID is not the
// listing it was pushed for ({id}: the one of its address).
const KeyIDMismatch = "idMismatch"

// Upsert adds or replaces property id with raw, one property record in
// the catalog file's format (one element of its "properties", with its
// optional Owners), and leaves every other listing exactly as it is.
//
// The record is checked as the file's are (Validate against the stored
// types, validateOwners, the bounds) and its ID must be id: any problem
// refuses it with *ErrProblems, nothing written. A record identical to the
// stored one writes nothing either: the report counts it unchanged, with
// Imported false. Otherwise the property is written (store.Import with
// the other online listings kept), its first-seen date kept as an import
// keeps it. The report's Owners are the record's owners whenever no
// problem refused it (inviting them is idempotent: only an owner newly
// linked is mailed).
func Upsert(ctx context.Context, store catalog.Store, id int64, raw []byte, opts Options) (Report, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	rec, problems := decodeRecord(id, raw)
	if len(problems) > 0 {
		return Report{Problems: problems, Rejected: map[string]int{"properties": 1}}, &ErrProblems{problems}
	}
	current, err := store.Listed(ctx)
	if err != nil {
		return Report{}, err
	}
	known := make([]int, 0, len(current.Types))
	for _, t := range current.Types {
		known = append(known, t.WebID)
	}
	one := &catalog.Catalog{Properties: []catalog.Property{rec.Property}}
	owners := FeedOwners{}
	if len(rec.Owners) > 0 {
		owners[id] = rec.Owners
	}
	problems = append(validate(one, known, opts.FeedHost), validateOwners(one, owners, []int{0})...)
	if len(problems) > 0 {
		return Report{Problems: problems, Rejected: map[string]int{"properties": 1}}, &ErrProblems{problems}
	}
	localize(one, opts.Picture)
	if err := stampDates(ctx, store, one, current.Properties, opts.Now()); err != nil {
		return Report{}, err
	}
	rep := Report{Owners: ownersOf(one, owners)}
	rep.Result, err = store.Import(ctx, one, keepAllBut(current, id))
	if err != nil {
		return Report{}, err
	}
	// The store wrote nothing for a record identical to the stored one.
	rep.Imported = rep.Result.PropertiesUnchanged == 0
	return rep, nil
}

// Remove takes property id offline and leaves every other listing exactly
// as it is. A property unknown or already offline is nothing to do: the
// report has Imported false and no error.
func Remove(ctx context.Context, store catalog.Store, id int64, _ Options) (Report, error) {
	current, err := store.Listed(ctx)
	if err != nil {
		return Report{}, err
	}
	if !current.Properties[id] {
		return Report{}, nil
	}
	res, err := store.Import(ctx, &catalog.Catalog{}, keepAllBut(current, id))
	if err != nil {
		return Report{}, err
	}
	return Report{Result: res, Imported: true}, nil
}

// decodeRecord reads raw as one property record for id: a problem when it
// is larger than MaxRecord, not one JSON object of the format, or another
// listing's.
func decodeRecord(id int64, raw []byte) (feedProperty, []Problem) {
	problem := func(field, key string, params map[string]string, format string, args ...any) []Problem {
		return []Problem{{Section: "properties", ID: id, Field: field, Message: fmt.Sprintf(format, args...), Key: key, Params: params}}
	}
	if len(raw) > MaxRecord {
		return feedProperty{}, problem("", KeyTooLong, map[string]string{"n": num(len(raw)), "max": num(MaxRecord)},
			"the record is %d bytes, at most %d", len(raw), MaxRecord)
	}
	trimmed := bytes.TrimSpace(raw)
	if !json.Valid(trimmed) || len(trimmed) == 0 || trimmed[0] != '{' {
		return feedProperty{}, problem("", KeyUnreadable, map[string]string{"detail": "not one JSON object"},
			"not one JSON object (a property record of the catalog file)")
	}
	recs, _, problems := decodeAll[feedProperty]("properties", []json.RawMessage{trimmed}, nil)
	if len(problems) > 0 {
		for i := range problems {
			problems[i].ID = id
		}
		return feedProperty{}, problems
	}
	rec := recs[0]
	if rec.ID != id {
		return rec, problem("ID", KeyIDMismatch, map[string]string{"id": strconv.FormatInt(id, 10)},
			"the record's ID is %d, not %d (the property of the address)", rec.ID, id)
	}
	return rec, nil
}

// keepAllBut keeps every online listing of current but property id.
func keepAllBut(current catalog.Listed, id int64) catalog.Keep {
	keep := catalog.Keep{Properties: make([]int64, 0, len(current.Properties)), Projects: slices.Clone(current.Projects)}
	for p := range current.Properties {
		if p != id {
			keep.Properties = append(keep.Properties, p)
		}
	}
	return keep
}
