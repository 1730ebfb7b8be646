package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"

	"immo/internal/domain/testimonial"
)

const testimonialsSynopsis = "immo testimonials [--data-dir DIR] [--agency N] list [--pending] | approve ID | reject ID"

// runTestimonials lets the agency review the visitors' testimonials until
// its inbox exists: list them (all, or the pending ones), approve one (the
// site shows it: every server reloads within seconds, on the version
// change) or reject one (deleted; its request stays).
func runTestimonials(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("testimonials", testimonialsSynopsis)
	s.registerAgency(fs)
	pending := fs.Bool("pending", false, "list: only the testimonials waiting for approval")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	usage := errors.New("usage: " + testimonialsSynopsis)
	if len(pos) == 0 {
		return usage
	}
	var id int64
	switch pos[0] {
	case "list":
		if len(pos) != 1 {
			return usage
		}
	case "approve", "reject":
		if len(pos) != 2 {
			return usage
		}
		if id, err = strconv.ParseInt(pos[1], 10, 64); err != nil || id <= 0 {
			return fmt.Errorf("%q is not a testimonial ID (immo testimonials list shows them)", pos[1])
		}
	default:
		return usage
	}
	store, _, err := openStore(ctx, s)
	if err != nil {
		return err
	}
	defer store.Close()
	switch pos[0] {
	case "approve":
		if err := store.SetTestimonialApproved(ctx, id, true); err != nil {
			return notFound(err, id)
		}
		fmt.Fprintf(stdout, "testimonial %d approved: the site shows it within seconds\n", id)
	case "reject":
		if err := store.DeleteTestimonial(ctx, id); err != nil {
			return notFound(err, id)
		}
		fmt.Fprintf(stdout, "testimonial %d rejected and deleted\n", id)
	default:
		// The pending ones first, then (without --pending) the
		// published, each newest first, read a page at a time.
		var list []testimonial.Testimonial
		states := []bool{false, true}
		if *pending {
			states = states[:1]
		}
		for _, approved := range states {
			for before := int64(0); ; {
				page, err := store.Testimonials(ctx, testimonial.Query{Approved: approved, Before: before, Limit: testimonial.MaxPage})
				if err != nil {
					return err
				}
				list = append(list, page...)
				if len(page) < testimonial.MaxPage {
					break
				}
				before = page[len(page)-1].ID
			}
		}
		return printTestimonials(list, *pending)
	}
	return nil
}

func notFound(err error, id int64) error {
	if errors.Is(err, testimonial.ErrNotFound) {
		return fmt.Errorf("no testimonial %d (immo testimonials list shows them)", id)
	}
	return err
}

func printTestimonials(list []testimonial.Testimonial, pending bool) error {
	if len(list) == 0 {
		if pending {
			fmt.Fprintln(stdout, "no testimonial waiting for approval")
		} else {
			fmt.Fprintln(stdout, "no testimonials")
		}
		return nil
	}
	w := newTable("ID\tSTATE\tCREATED\tLANG\tABOUT\tNAME\tREQUEST\tWEBSITE\tCOMMENT")
	for _, t := range list {
		state := "pending"
		if t.Approved {
			state = "approved"
		}
		request := "-"
		if t.RequestID > 0 {
			request = "#" + strconv.FormatInt(t.RequestID, 10)
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", t.ID, state, stamp(t.CreatedAt), clip(t.Lang, 2),
			clip(t.About, 10), clip(t.Name, 30), request, clip(t.Website, 40), clip(t.Comment, 60))
	}
	return w.Flush()
}

// parseInterleaved parses flags placed before, between or after the
// positional arguments ("approve 12 --data-dir x"), which flag alone stops at.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
