package importer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"immo/internal/domain/catalog"
	"immo/internal/domain/feed"
)

// Options tune an import.
type Options struct {
	// Partial imports the valid records when some are bad, instead of
	// nothing. The listing of a bad record stays as it was: neither updated
	// nor taken offline.
	Partial bool
	// AllowEmpty imports a file with no (valid) property, which takes every
	// property offline; without it such a file is refused.
	AllowEmpty bool
	// Progress, when set, is told how far each stage ("check", "write") is.
	Progress func(stage string, done, total int)
	// Now stamps DateCreated on new listings that carry none.
	Now func() time.Time
	// Keep are listings the import leaves as they are although the file
	// lacks them: another feed's (a CRM feed's run, feed.Feeds.OthersListings).
	// The guard counts the online properties but them.
	Keep catalog.Keep
	// FeedHost is the host of the CRM feed the file comes from: its
	// pictures, fetched through the feed's client, may name any port of it.
	FeedHost string
	// Picture, when set, is the address a picture is stored under (a CRM
	// feed's pictures fetched into the site); nil: as the file gives it.
	Picture func(address string) string
	// MaxOffline, when above 0, is the share of the online properties in
	// percent an import may take offline: one taking more is refused with
	// *ErrGuard before anything is written (a truncated feed must never
	// empty the site). 0: no guard (the command line's file).
	MaxOffline int
}

// Report is what an import did.
type Report struct {
	Result   catalog.ImportResult
	Problems []Problem
	// Rejected counts, per section, the records left out for their
	// problems (--partial).
	Rejected map[string]int
	Imported bool
	// Delivered are the listings the file named, applied or rejected
	// (kept as they were): what its feed owns now. Set when Imported.
	Delivered feed.Listings
	// Owners are the owners the file names for the properties imported
	// (a property record's Owners), for the caller to invite
	// (account.Owners.InviteNew); none when nothing was imported.
	Owners []FeedOwner
}

// ErrEmpty is returned for a file that would take every property offline
// without AllowEmpty.
var ErrEmpty = errors.New("the file lists no property, so importing it would take every property offline (give --allow-empty to mean that)")

// ErrProblems is returned when problems stopped the import.
type ErrProblems struct{ Problems []Problem }

func (e *ErrProblems) Error() string {
	return fmt.Sprintf("%d problem(s) found; nothing was imported (use --partial to import the valid records)", len(e.Problems))
}

// Run decodes, validates and stores the catalog read from r.
func Run(ctx context.Context, store catalog.Store, r io.Reader, opts Options) (Report, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	cat, owners, pos, problems, err := DecodeFeed(r)
	if err != nil {
		return Report{}, err
	}
	current, err := store.Listed(ctx)
	if err != nil {
		return Report{}, err
	}
	undecoded := map[string]int{} // records left out by Decode, one problem each
	for _, p := range problems {
		undecoded[p.Section]++
	}
	known := make([]int, 0, len(current.Types))
	for _, t := range current.Types {
		known = append(known, t.WebID)
	}
	for _, p := range validate(cat, known, opts.FeedHost) {
		p.Index = pos[p.Section][p.Index]
		problems = append(problems, p)
	}
	problems = append(problems, validateOwners(cat, owners, pos["properties"])...)
	slices.SortStableFunc(problems, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(sectionOrder[a.Section], sectionOrder[b.Section]), cmp.Compare(a.Index, b.Index))
	})
	total := len(cat.Types) + len(cat.Properties) + len(cat.Projects)
	progress := func(stage string, done int) {
		if opts.Progress != nil {
			opts.Progress(stage, done, total)
		}
	}
	progress("check", total)
	rep := Report{Problems: problems}
	var keep catalog.Keep
	if len(problems) > 0 {
		if !opts.Partial {
			return rep, &ErrProblems{problems}
		}
		if err := unidentified(problems); err != nil {
			return rep, err
		}
		valid, kept := withoutBad(cat, problems)
		rep.Rejected = map[string]int{
			"types":      undecoded["types"] + len(cat.Types) - len(valid.Types),
			"properties": undecoded["properties"] + len(cat.Properties) - len(valid.Properties),
			"projects":   undecoded["projects"] + len(cat.Projects) - len(valid.Projects),
		}
		cat, keep = valid, kept
	}
	if len(cat.Properties) == 0 && !opts.AllowEmpty {
		return rep, ErrEmpty
	}
	rep.Delivered = delivered(cat, keep)
	keep.Properties = append(keep.Properties, opts.Keep.Properties...)
	keep.Projects = append(keep.Projects, opts.Keep.Projects...)
	if opts.MaxOffline > 0 {
		online := len(current.Properties) - countIn(current.Properties, opts.Keep)
		if off := offline(current.Properties, cat, keep); feed.Offline(off, online, opts.MaxOffline) {
			return rep, &ErrGuard{Offline: off, Online: online, Max: opts.MaxOffline}
		}
	}
	localize(cat, opts.Picture)
	if err := stampDates(ctx, store, cat, current.Properties, opts.Now()); err != nil {
		return rep, err
	}
	progress("write", 0)
	rep.Result, err = store.Import(ctx, cat, keep)
	if err != nil {
		return rep, err
	}
	progress("write", total)
	rep.Imported = true
	rep.Owners = ownersOf(cat, owners)
	return rep, nil
}

// ErrGuard says an import would take more properties offline than its
// guard lets it (Options.MaxOffline): nothing was written.
type ErrGuard struct{ Offline, Online, Max int }

func (e *ErrGuard) Error() string {
	return fmt.Sprintf("it would take %d of the %d online properties offline, more than %d %%: nothing was imported until an admin decides", e.Offline, e.Online, e.Max)
}

// delivered are the listings of a file: those applied (cat) and those
// whose records were rejected (keep, left as they were).
func delivered(cat *catalog.Catalog, keep catalog.Keep) feed.Listings {
	l := feed.Listings{Properties: slices.Clone(keep.Properties), Projects: slices.Clone(keep.Projects)}
	for _, p := range cat.Properties {
		l.Properties = append(l.Properties, p.ID)
	}
	for _, p := range cat.Projects {
		l.Projects = append(l.Projects, p.ID)
	}
	return l
}

// countIn counts the online properties that keep names.
func countIn(online map[int64]bool, keep catalog.Keep) int {
	n := 0
	for _, id := range slices.Compact(slices.Sorted(slices.Values(keep.Properties))) {
		if online[id] {
			n++
		}
	}
	return n
}

// offline counts the online properties next would take offline: absent
// from it and not kept.
func offline(online map[int64]bool, next *catalog.Catalog, keep catalog.Keep) int {
	stays := make(map[int64]bool, len(next.Properties)+len(keep.Properties))
	for _, p := range next.Properties {
		stays[p.ID] = true
	}
	for _, id := range keep.Properties {
		stays[id] = true
	}
	n := 0
	for id := range online {
		if !stays[id] {
			n++
		}
	}
	return n
}

var sectionOrder = map[string]int{"types": 0, "properties": 1, "projects": 2}

// unidentified refuses a partial import with a rejected listing whose ID
// cannot be read: its listing could not be left as it was.
func unidentified(problems []Problem) error {
	for _, p := range problems {
		if p.ID <= 0 && p.Section != "types" {
			return &keyedError{ErrKeyUnidentified, map[string]string{"record": fmt.Sprintf("%s[%d]", p.Section, p.Index)},
				fmt.Errorf("%s[%d]: its ID cannot be read, so --partial cannot leave its listing as it was; nothing was imported (fix or remove the record)", p.Section, p.Index)}
		}
	}
	return nil
}

// withoutBad drops every record a problem names (both copies of an ID that
// appears twice), and returns the listings to keep as they are.
func withoutBad(cat *catalog.Catalog, problems []Problem) (*catalog.Catalog, catalog.Keep) {
	bad := map[string][]int64{}
	for _, p := range problems {
		if !slices.Contains(bad[p.Section], p.ID) {
			bad[p.Section] = append(bad[p.Section], p.ID)
		}
	}
	out := &catalog.Catalog{}
	for _, t := range cat.Types {
		if !slices.Contains(bad["types"], int64(t.ID)) {
			out.Types = append(out.Types, t)
		}
	}
	for _, p := range cat.Properties {
		if !slices.Contains(bad["properties"], p.ID) {
			out.Properties = append(out.Properties, p)
		}
	}
	for _, p := range cat.Projects {
		if !slices.Contains(bad["projects"], p.ID) {
			out.Projects = append(out.Projects, p)
		}
	}
	return out, catalog.Keep{Properties: bad["properties"], Projects: bad["projects"]}
}

// stampDates defaults the status to available, keeps the first-seen date of known listings and gives new ones
// without a date the import time, so "newest first" means something.
func stampDates(ctx context.Context, store catalog.Store, cat *catalog.Catalog, online map[int64]bool, now time.Time) error {
	var undated []int64
	for _, p := range cat.Properties {
		if p.DateCreated.IsZero() && online[p.ID] {
			undated = append(undated, p.ID)
		}
	}
	var seen map[int64]time.Time
	if len(undated) > 0 {
		var err error
		if seen, err = store.FirstSeen(ctx, undated); err != nil {
			return err
		}
	}
	for i := range cat.Properties {
		p := &cat.Properties[i]
		if p.Status == "" {
			p.Status = catalog.StatusAvailable
		}
		if !p.DateCreated.IsZero() {
			continue
		}
		if d, ok := seen[p.ID]; ok && !d.IsZero() {
			p.DateCreated = d
		} else {
			p.DateCreated = now.UTC()
		}
	}
	return nil
}
