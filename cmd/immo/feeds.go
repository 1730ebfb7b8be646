package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"

	"immo/internal/app"
	"immo/internal/domain/feed"
)

const feedsSynopsis = "immo feeds   [--data-dir DIR] [--agency N] add NAME URL [--every MIN | --daily HH:MM] [--header NAME | --user NAME] [--max-offline PCT] | list | pause ID | resume ID | run ID | delete ID"

// runFeeds manages the CRM's feeds from the command line, as admins do in
// the inbox (/admin/catalog/): add one (its secret read from
// IMMO_FEED_SECRET, so it stays out of the shell's history; its push
// token printed this once), list them, pause or resume one, pull one now
// in this process, delete one (its runs stay).
func runFeeds(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("feeds", feedsSynopsis)
	s.registerAgency(fs)
	s.registerSite(fs, mailedLinkOrigin)
	every := fs.Int("every", 0, "add: pull every MIN minutes (5 to 10080; default 15)")
	daily := fs.String("daily", "", "add: pull every day at HH:MM, Brussels time")
	header := fs.String("header", "", "add: send IMMO_FEED_SECRET in this header (X-Api-Key…)")
	user := fs.String("user", "", "add: HTTP basic authentication as this user, IMMO_FEED_SECRET the password")
	maxOffline := fs.Int("max-offline", 0, "add: the share of the online properties (percent) a run may take offline before it waits for an admin (default 30)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	usage := errors.New("usage: " + feedsSynopsis)
	var id int64
	switch {
	case len(pos) == 3 && pos[0] == "add", len(pos) == 1 && pos[0] == "list":
	case len(pos) == 2 && (pos[0] == "pause" || pos[0] == "resume" || pos[0] == "run" || pos[0] == "delete"):
		if id, err = strconv.ParseInt(pos[1], 10, 64); err != nil || id <= 0 {
			return fmt.Errorf("%s: a feed's number (immo feeds list), not %q", pos[0], pos[1])
		}
	default:
		return usage
	}
	store, c, err := openMailing(ctx, s)
	if err != nil {
		return err
	}
	defer store.Close()
	k, err := loadKeys(os.Getenv("IMMO_SECRET"), s.dataDir)
	if err != nil {
		return err
	}
	agencyKeys, err := k.forAgency(store.Agency()) // its feeds' secrets sealed with its own key
	if err != nil {
		return err
	}
	c.Keys.TOTP = agencyKeys.TOTP
	c.Feeds.Private = os.Getenv("IMMO_FEED_PRIVATE_HOSTS")
	feeds, err := app.CommandFeeds(c)
	if err != nil {
		return err
	}
	svc := feeds.Service
	switch pos[0] {
	case "add":
		in := feed.Input{Name: pos[1], URL: pos[2], Every: *every, Daily: *daily, MaxOffline: *maxOffline, Auth: string(feed.AuthNone)}
		switch {
		case *header != "" && *user != "":
			return errors.New("add: --header or --user, not both")
		case *header != "":
			in.Auth, in.AuthName = string(feed.AuthHeader), *header
		case *user != "":
			in.Auth, in.AuthName = string(feed.AuthBasic), *user
		}
		if in.Auth == string(feed.AuthNone) && os.Getenv("IMMO_FEED_SECRET") != "" {
			return errors.New("add: IMMO_FEED_SECRET is set but neither --header nor --user says how to send it")
		}
		if in.Auth != string(feed.AuthNone) {
			if in.Secret = os.Getenv("IMMO_FEED_SECRET"); in.Secret == "" {
				return errors.New("add: give the header's token or the password in IMMO_FEED_SECRET")
			}
		}
		f, token, err := svc.Add(ctx, in, "command line")
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "feed %d added: %s, %s, pulled %s (a running immo serve pulls it within a minute)\n", f.ID, f.Name, f.URL, f.Schedule)
		fmt.Fprintf(stdout, "push token (shown this once; the CRM pushes with it, docs/CRM.md): %s\n", token)
	case "list":
		list, err := svc.Store.Feeds(ctx)
		if err != nil {
			return err
		}
		w := newTable("ID\tNAME\tSCHEDULE\tSTATE\tNEXT RUN\tFAILURES\tURL")
		for _, f := range list {
			state, next := "active", "-"
			if f.Paused {
				state = "paused"
			} else if !f.NextRun.IsZero() {
				next = stamp(f.NextRun)
			}
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%d\t%s\n", f.ID, clip(f.Name, 30), f.Schedule, state, next, f.Failures, clip(f.URL, 60))
		}
		return w.Flush()
	case "pause", "resume":
		if err := svc.SetPaused(ctx, id, pos[0] == "pause"); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "feed %d %sd\n", id, pos[0])
	case "delete":
		if err := svc.Store.DeleteFeed(ctx, id); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "feed %d deleted (its runs stay in the inbox)\n", id)
	case "run":
		run, err := feeds.Runner.Pull(ctx, id, feed.TriggerCommand, "", true)
		if err != nil && run.ID == 0 {
			return err
		}
		fmt.Fprintf(stdout, "run %d: %s", run.ID, run.Status)
		if run.HTTPStatus != 0 {
			fmt.Fprintf(stdout, " (HTTP %d)", run.HTTPStatus)
		}
		fmt.Fprintln(stdout)
		p := run.Properties
		fmt.Fprintf(stdout, "  properties: %d added, %d updated, %d unchanged, %d rejected, %d taken offline\n", p.Added, p.Updated, p.Unchanged, p.Rejected, p.Offline)
		for _, pr := range run.Problems {
			fmt.Fprintf(stdout, "  %s %d %s: %s\n", pr.Section, pr.ID, pr.Field, pr.Message)
		}
		if run.Error != "" {
			return errors.New(run.Error)
		}
	}
	return nil
}
