package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/storage"
	"immo/internal/app"
	"immo/internal/domain/platform"
)

const agenciesSynopsis = "immo agencies [--data-dir DIR] add NAME --host HOST [--host HOST…] --lang LANG | list | health | set-host ID --host HOST [--host HOST…] | disable ID | enable ID | set-captcha ID [--clear]"

// hostFlags are the repeated --host values, in their order.
type hostFlags []string

func (h *hostFlags) String() string     { return strings.Join(*h, ",") }
func (h *hostFlags) Set(v string) error { *h = append(*h, v); return nil }

// runAgencies manages the platform's agencies (issue #35): add one with the
// host names it answers on (the first preferred: the others redirect to
// it), list them, show each one's health (figures, never a lead's
// content), replace an agency's hosts, disable or enable one, keep its
// third-party captcha's secret (IMMO_CAPTCHA_SECRET, sealed with the
// agency's own key; --clear removes it). With none, the site answers every
// host as the one implicit agency.
func runAgencies(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("agencies", agenciesSynopsis)
	var hosts hostFlags
	fs.Var(&hosts, "host", "add, set-host: a host name the agency answers on (repeat it; the first is preferred, the others redirect to it)")
	lang := fs.String("lang", "", "add: the agency's default language (nl, fr, en, de)")
	clearSecret := fs.Bool("clear", false, "set-captcha: remove the agency's captcha secret (its forms use ALTCHA)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	usage := errors.New("usage: " + agenciesSynopsis)
	var id int64
	switch {
	case len(pos) == 2 && pos[0] == "add", len(pos) == 1 && (pos[0] == "list" || pos[0] == "health"):
	case len(pos) == 2 && (pos[0] == "set-host" || pos[0] == "disable" || pos[0] == "enable" || pos[0] == "set-captcha"):
		if id, err = strconv.ParseInt(pos[1], 10, 64); err != nil || id <= 0 {
			return fmt.Errorf("%s: an agency's number (immo agencies list), not %q", pos[0], pos[1])
		}
	default:
		return usage
	}
	if (pos[0] == "add" || pos[0] == "set-host") != (len(hosts) > 0) {
		if len(hosts) == 0 {
			return fmt.Errorf("%s: give the agency's host names with --host", pos[0])
		}
		return fmt.Errorf("%s takes no --host", pos[0])
	}
	if (pos[0] == "add") != (*lang != "") {
		if *lang == "" {
			return errors.New("add: give the agency's language with --lang (nl, fr, en, de)")
		}
		return fmt.Errorf("%s takes no --lang", pos[0])
	}
	store, target, err := openStore(ctx, s)
	if err != nil {
		return err
	}
	defer store.Close()
	// PostgreSQL keeps agencies' keys apart; SQLite holds one agency.
	svc := &platform.Service{Store: store.Platform(), Many: target.Driver == storage.Postgres}
	switch pos[0] {
	case "add":
		a, err := svc.Add(ctx, pos[1], *lang, hosts)
		if err != nil {
			return fmt.Errorf("add: %w", err)
		}
		fmt.Fprintf(stdout, "agency %d added: %s, on %s (the others redirect to it)\n", a.ID, a.Name, strings.Join(a.Hosts, ", "))
		return nil
	case "list":
		all, err := svc.List(ctx)
		if err != nil {
			return err
		}
		if len(all) == 0 {
			fmt.Fprintln(stdout, "no agency: the site answers every host as the one implicit agency (immo agencies add)")
			return nil
		}
		w := newTable("ID\tNAME\tLANG\tSTATE\tHOSTS (PREFERRED FIRST)\tADDED")
		for _, a := range all {
			state := "active"
			if a.Disabled {
				state = "disabled"
			}
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\n", a.ID, clip(a.Name, 40), a.Lang, state, strings.Join(a.Hosts, " "), stamp(a.Created))
		}
		return w.Flush()
	case "health":
		return printHealth(ctx, store, svc)
	case "set-captcha":
		return setCaptcha(ctx, store, s, id, *clearSecret)
	case "set-host":
		if err := svc.SetHosts(ctx, id, hosts); err != nil {
			return fmt.Errorf("set-host: %w", err)
		}
		fmt.Fprintf(stdout, "agency %d answers on %s now (within 5 s on every server)\n", id, strings.Join(hosts, ", "))
		return nil
	default:
		if err := svc.SetDisabled(ctx, id, pos[0] == "disable"); err != nil {
			return fmt.Errorf("%s: %w", pos[0], err)
		}
		fmt.Fprintf(stdout, "agency %d %sd (within 5 s on every server)\n", id, pos[0])
		return nil
	}
}

// healthWeek is how far back an agency's health counts its leads.
const healthWeek = 7 * 24 * time.Hour

// printHealth prints each agency's figures (the implicit one when there is
// none) and the mail queue every agency shares.
func printHealth(ctx context.Context, store storage.Store, svc *platform.Service) error {
	all, err := svc.List(ctx)
	if err != nil {
		return err
	}
	if len(all) == 0 {
		all = []platform.Agency{{ID: platform.Implicit, Name: "(the implicit agency)"}}
	}
	since := time.Now().Add(-healthWeek)
	w := newTable("ID\tNAME\tSTATE\tLISTINGS\tLEADS 7 DAYS\tNEW LEADS\tFEEDS\tFAILING\t5XX 7 DAYS\tLAST RUN")
	for _, a := range all {
		h, err := store.For(a.ID).Health(ctx, since)
		if err != nil {
			return err
		}
		state, last := "active", "-"
		if a.Disabled {
			state = "disabled"
		}
		if !h.LastRun.IsZero() {
			last = stamp(h.LastRun) + " " + h.LastRunStatus
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", a.ID, clip(a.Name, 40), state, h.Listings, h.Leads, h.LeadsNew, h.Feeds,
			h.FeedsFailing, h.ServerErrors, last)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	db, dialect := store.QueueDB()
	q, err := mailqueue.New(db, dialect, mailqueue.Config{})
	if err != nil {
		return err
	}
	st, err := q.Stats(ctx)
	if err != nil {
		return err
	}
	oldest := "none waits"
	if !st.Oldest.IsZero() {
		oldest = "the oldest queued " + stamp(st.Oldest)
	}
	fmt.Fprintf(stdout, "mail queue (every agency's): %d waiting, %s; %d failed\n", st.Waiting, oldest, st.Failed)
	return nil
}

// setCaptcha keeps agency id's third-party captcha secret — the
// provider's, in IMMO_CAPTCHA_SECRET (never on the command line, where
// other users see it) — sealed with the agency's key; clear removes it.
// Its site checks the provider its configuration names with it once built
// again (a server's start, or after the site was idle).
func setCaptcha(ctx context.Context, store storage.Store, s settings, id int64, clear bool) error {
	secret := os.Getenv("IMMO_CAPTCHA_SECRET")
	switch {
	case clear && secret != "":
		return errors.New("set-captcha: --clear, or IMMO_CAPTCHA_SECRET, not both")
	case !clear && secret == "":
		return errors.New("set-captcha: give the provider's secret in IMMO_CAPTCHA_SECRET (or --clear to remove it)")
	}
	sealed := ""
	if !clear {
		k, err := loadKeys(os.Getenv("IMMO_SECRET"), s.dataDir)
		if err != nil {
			return err
		}
		agencyKeys, err := k.forAgency(id)
		if err != nil {
			return err
		}
		if sealed, err = app.SealCaptchaSecret(agencyKeys.TOTP, id, secret); err != nil {
			return err
		}
	}
	if err := store.Platform().SetCaptchaSecret(ctx, id, sealed); err != nil {
		return fmt.Errorf("set-captcha: %w", err)
	}
	if clear {
		fmt.Fprintf(stdout, "agency %d: captcha secret removed; its forms use ALTCHA once its site is built again\n", id)
	} else {
		fmt.Fprintf(stdout, "agency %d: captcha secret kept (sealed); its configuration's provider is checked once its site is built again\n", id)
	}
	return nil
}
