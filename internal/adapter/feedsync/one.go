package feedsync

import (
	"context"
	"fmt"
	"slices"

	"immo/internal/adapter/importer"
	"immo/internal/domain/errs"
	"immo/internal/domain/feed"
)

// Upsert applies one property record the CRM pushed for feed id
// (PUT /api/feed/{id}/properties/{property}): the listing added or
// replaced, every other one left as it is (importer.Upsert). Under the
// feed's lease (ErrBusy when another run holds it), recorded as a push
// run: applied, unchanged (the record is the stored listing already) or
// failed with the record's problems (nothing written). The guard does not
// apply: one listing never takes others offline.
func (r *Runner) Upsert(ctx context.Context, id, property int64, raw []byte) (feed.Run, error) {
	return r.one(ctx, id, fmt.Sprintf("PUT /api/feed/%d/properties/%d", id, property), func(ctx context.Context) (importer.Report, error) {
		opts := importer.Options{Now: r.Now}
		f, ferr := r.Feeds.Feed(ctx, id)
		if ferr != nil {
			return importer.Report{}, ferr
		}
		pics := newLocalizer(f)
		opts.FeedHost = pics.host
		if r.Pictures != nil {
			opts.Picture = pics.local
		}
		if err := r.notOthers(ctx, id, property); err != nil {
			return importer.Report{}, err
		}
		rep, err := importer.Upsert(ctx, r.Catalog, property, raw, opts)
		if err == nil {
			r.wanted(ctx, f, pics)
			r.ownOrWarn(ctx, id, property, true)
		}
		return rep, err
	})
}

// Remove takes offline one property for feed id, as the CRM asked
// (DELETE /api/feed/{id}/properties/{property}); one unknown or offline
// already is an unchanged run. Under the feed's lease, recorded as a push
// run; the guard does not apply (the CRM named the one listing).
func (r *Runner) Remove(ctx context.Context, id, property int64) (feed.Run, error) {
	return r.one(ctx, id, fmt.Sprintf("DELETE /api/feed/%d/properties/%d", id, property), func(ctx context.Context) (importer.Report, error) {
		if err := r.notOthers(ctx, id, property); err != nil {
			return importer.Report{}, err
		}
		rep, err := importer.Remove(ctx, r.Catalog, property, importer.Options{Now: r.Now})
		if err == nil {
			r.ownOrWarn(ctx, id, property, false)
		}
		return rep, err
	})
}

// one runs do for feed id under its lease and records it as a push run
// named source; the Imported hook hears of its owners unless it failed.
func (r *Runner) one(ctx context.Context, id int64, source string, do func(ctx context.Context) (importer.Report, error)) (feed.Run, error) {
	f, unlock, err := r.locked(ctx, id)
	if err != nil {
		return feed.Run{}, err
	}
	defer unlock()
	started := r.Now()
	rep, err := do(ctx)
	if e, ok := errs.As(err); ok && e.Code == errs.Conflict {
		return feed.Run{}, err // another feed's listing: refused, no run of this feed's
	}
	run := importer.RunOf(source, feed.TriggerPush, "", started, r.Now(), rep, err)
	run.Feed = id
	if err == nil && !rep.Imported {
		run.Status = feed.StatusUnchanged
	}
	if run.Status == feed.StatusApplied {
		// The catalog is not the last whole file any more: that file again
		// (pulled or pushed) is applied, not skipped as the same.
		f.ContentHash, f.ETag, f.LastModified = "", "", ""
	}
	run, ferr := r.finish(ctx, f, run)
	if err == nil && (rep.Imported || len(rep.Owners) > 0) && r.Imported != nil {
		if ierr := r.Imported(ctx, rep); ierr != nil {
			r.Log.Warn("after a feed's push", "feed", id, "run", run.ID, "err", ierr)
		}
	}
	return run, ferr
}

// ownOrWarn is own, its failure logged: the listing is applied already.
func (r *Runner) ownOrWarn(ctx context.Context, id, property int64, owned bool) {
	if err := r.own(ctx, id, property, owned); err != nil {
		r.Log.Warn("keeping a feed's listings", "feed", id, "property", property, "err", err)
	}
}

// own adds property to the listings feed id owns (its push put it
// online), or takes it out (its push took it offline).
func (r *Runner) own(ctx context.Context, id, property int64, owned bool) error {
	l, err := r.Feeds.Listings(ctx, id)
	if err != nil {
		return err
	}
	l.Properties = slices.DeleteFunc(l.Properties, func(p int64) bool { return p == property })
	if owned {
		l.Properties = append(l.Properties, property)
	}
	return r.Feeds.SetListings(ctx, id, l)
}

// notOthers refuses a push of feed id naming a property another feed owns:
// a CRM changes its own listings and adds new ones, never another's.
func (r *Runner) notOthers(ctx context.Context, id, property int64) error {
	others, err := r.Feeds.OthersListings(ctx, id)
	if err != nil {
		return err
	}
	if slices.Contains(others.Properties, property) {
		return &errs.Error{Code: errs.Conflict, Key: "admin.feeds.error.notOwned",
			Message: fmt.Sprintf("property %d belongs to another feed", property)}
	}
	return nil
}
