package importer

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"immo/internal/catalog"
)

// Options tune an import.
type Options struct {
	// Partial imports the valid records when some are bad, instead of
	// nothing. Bad records count as absent from the file.
	Partial bool
	// Progress, when set, is told how far each stage ("check", "write") is.
	Progress func(stage string, done, total int)
	// Now stamps DateCreated on new listings that carry none.
	Now func() time.Time
}

// Report is what an import did.
type Report struct {
	Result   catalog.ImportResult
	Problems []Problem
	Imported bool
}

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
	cat, pos, problems, err := Decode(r)
	if err != nil {
		return Report{}, err
	}
	current, _, err := store.Load(ctx)
	if err != nil {
		return Report{}, err
	}
	known := make([]int, 0, len(current.Types))
	for _, t := range current.Types {
		known = append(known, t.WebID)
	}
	for _, p := range Validate(cat, known) {
		p.Index = pos[p.Section][p.Index]
		problems = append(problems, p)
	}
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
	if len(problems) > 0 {
		if !opts.Partial {
			return rep, &ErrProblems{problems}
		}
		cat = withoutBad(cat, problems)
	}
	stampDates(cat, current, opts.Now())
	progress("write", 0)
	rep.Result, err = store.Import(ctx, cat)
	if err != nil {
		return rep, err
	}
	progress("write", total)
	rep.Imported = true
	return rep, nil
}

var sectionOrder = map[string]int{"types": 0, "properties": 1, "projects": 2}

// withoutBad drops every record a problem names.
func withoutBad(cat *catalog.Catalog, problems []Problem) *catalog.Catalog {
	bad := map[string][]int64{}
	for _, p := range problems {
		bad[p.Section] = append(bad[p.Section], p.ID)
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
	return out
}

// stampDates defaults the status to available, keeps the first-seen date of known listings and gives new ones
// without a date the import time, so "newest first" means something.
func stampDates(cat *catalog.Catalog, current *catalog.Catalog, now time.Time) {
	seen := make(map[int64]time.Time, len(current.Properties))
	for _, p := range current.Properties {
		seen[p.ID] = p.DateCreated
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
}
