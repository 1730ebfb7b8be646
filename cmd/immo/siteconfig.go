package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"

	"immo/internal/domain/agency"
)

const configSynopsis = "immo config  [--data-dir DIR] [--agency N] list | import [--note TEXT] FILE | export [--version N] [FILE] | draft [--draft N] FILE"

// runConfig manages the site's published configurations: list them,
// publish a file (checked as `immo serve --config` checks it; the servers
// serve it within seconds, no restart), or write one back out (the latest
// unless --version) to review or edit it, or keep one as a draft (a new
// one, or --draft N changed) that the staff see at /admin/preview/N/.
func runConfig(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("config", configSynopsis)
	s.registerAgency(fs)
	note := fs.String("note", "", "what changed, kept with the version (import)")
	version := fs.Int64("version", 0, "the version to export (default: the latest)")
	draft := fs.Int64("draft", 0, "the draft to change (draft; default: a new one)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	usage := errors.New("usage: " + configSynopsis)
	switch {
	case len(pos) == 1 && pos[0] == "list", len(pos) == 2 && (pos[0] == "import" || pos[0] == "draft"), len(pos) <= 2 && len(pos) >= 1 && pos[0] == "export":
	default:
		return usage
	}
	store, _, err := openStore(ctx, s)
	if err != nil {
		return err
	}
	defer store.Close()
	switch pos[0] {
	case "draft", "import":
		data, err := readConfigFile(pos[1])
		if err != nil {
			return err
		}
		agencies, err := openAgency(ctx, store, "", nil)
		if err != nil {
			return err
		}
		if pos[0] == "draft" {
			d, err := agencies.SaveDraft(ctx, *draft, pos[1], data, agency.FromFile+pos[1])
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "draft %d saved: signed in to the inbox, see it at /admin/preview/%d/ (nothing is published)\n", d.ID, d.ID)
			return nil
		}
		v, published, err := agencies.Republish(ctx, pos[1], data, agency.FromFile+pos[1], *note)
		if err != nil {
			return err
		}
		if !published {
			fmt.Fprintf(stdout, "%s is the version served, %d (published %s): nothing published\n", pos[1], v.ID, v.At.Format("2006-01-02 15:04"))
			return nil
		}
		fmt.Fprintf(stdout, "version %d published: the servers serve it within seconds\n", v.ID)
	case "export":
		id := *version
		if id == 0 {
			if id, err = store.LatestSiteVersionID(ctx); err != nil {
				return err
			}
		}
		v, err := store.SiteVersion(ctx, id)
		if errors.Is(err, agency.ErrNoVersion) {
			return fmt.Errorf("no configuration version %d (immo config list)", id)
		}
		if err != nil {
			return err
		}
		if len(pos) == 1 {
			_, err = stdout.Write(v.Config)
			return err
		}
		if err := os.WriteFile(pos[1], v.Config, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "version %d written to %s\n", v.ID, pos[1])
	case "list":
		list, err := store.SiteVersions(ctx, 50)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			fmt.Fprintln(stdout, "nothing published yet: immo serve publishes the demo agency, or immo config import FILE")
			return nil
		}
		w := newTable("VERSION\tPUBLISHED (UTC)\tBY\tNOTE")
		for _, v := range list {
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", strconv.FormatInt(v.ID, 10), v.At.Format("2006-01-02 15:04"), v.By, v.Note)
		}
		return w.Flush()
	}
	return nil
}
