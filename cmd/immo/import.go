package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"immo/internal/adapter/importer"
	"immo/internal/adapter/storage"
	"immo/internal/app"
	"immo/internal/domain/feed"
)

func runImport(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("import", importSynopsis)
	s.registerAgency(fs)
	partial := fs.Bool("partial", false, "import the valid records even when some are bad; a bad record's listing stays as it was")
	allowEmpty := fs.Bool("allow-empty", false, "import a file that lists no property (it takes every property offline)")
	s.registerSite(fs, "the site's public origin, which the owners' mailed links start with (env IMMO_PUBLIC_URL; default http://localhost:8080)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: " + importSynopsis)
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		return err
	}
	defer f.Close()
	store, _, err := openStore(ctx, s)
	if err != nil {
		return err
	}
	defer store.Close()

	opts := importer.Options{Partial: *partial, AllowEmpty: *allowEmpty}
	if isTerminal(os.Stderr) {
		opts.Progress = progressBar(os.Stderr)
	}
	started := time.Now()
	rep, err := importer.Run(ctx, store, f, opts)
	for _, p := range rep.Problems {
		fmt.Fprintln(os.Stderr, p)
	}
	// Every import is one of the catalog's runs, applied or not: the inbox lists them.
	id, recErr := store.RecordRun(ctx, importer.RunOf(fs.Arg(0), feed.TriggerCommand, "", started, time.Now(), rep, err))
	if err != nil {
		return errors.Join(fmt.Errorf("%s: %w", fs.Arg(0), err), recErr)
	}
	fmt.Fprint(stdout, summary(fs.Arg(0), rep))
	if recErr != nil {
		return fmt.Errorf("the catalog is imported, but its run could not be recorded: %w", recErr)
	}
	fmt.Fprintf(stdout, "  recorded as run %d\n", id)
	return inviteFeedOwners(ctx, s, store, rep.Owners)
}

// inviteFeedOwners links the owners the file names to their properties and
// mails each newly linked owner a link to choose a password (the mails are
// queued: a running `immo serve` sends them). An owner linked already gets
// nothing, so the same file imported again mails nobody.
func inviteFeedOwners(ctx context.Context, s settings, store storage.Store, owners []importer.FeedOwner) error {
	if len(owners) == 0 {
		return nil
	}
	c, err := mailingConfig(ctx, s, store)
	if err != nil {
		return err
	}
	res, err := app.InviteFeedOwners(ctx, c, owners)
	fmt.Fprintf(stdout, "  owners:     %d invited (%d new accounts; a mail with a password link each, queued), %d linked already\n",
		res.Invited, res.Created, res.Unchanged)
	if err != nil {
		return fmt.Errorf("the catalog is imported, but inviting its owners failed: %w", err)
	}
	return nil
}

// summary says what an import did, section by section.
func summary(file string, rep importer.Report) string {
	r := rep.Result
	var b strings.Builder
	fmt.Fprintf(&b, "imported %s (catalog version %d)\n", file, r.Version)
	fmt.Fprintf(&b, "  properties: %d added, %d updated, %d unchanged, %d rejected, %d taken offline\n",
		r.PropertiesAdded, r.PropertiesUpdated, r.PropertiesUnchanged, rep.Rejected["properties"], r.PropertiesOffline)
	fmt.Fprintf(&b, "  projects:   %d added, %d updated, %d unchanged, %d rejected, %d taken offline\n",
		r.ProjectsAdded, r.ProjectsUpdated, r.ProjectsUnchanged, rep.Rejected["projects"], r.ProjectsOffline)
	fmt.Fprintf(&b, "  types:      %d imported, %d rejected\n", r.Types, rep.Rejected["types"])
	if len(rep.Problems) > 0 {
		fmt.Fprintf(&b, "%d problem(s) above: the rejected records were left out and their listings left as they were (--partial)\n", len(rep.Problems))
	}
	return b.String()
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressBar draws "check [#####.....] 50/100" on one terminal line.
func progressBar(w io.Writer) func(stage string, done, total int) {
	const width = 30
	return func(stage string, done, total int) {
		filled := width
		if total > 0 {
			filled = done * width / total
		}
		fmt.Fprintf(w, "\r%-5s [%s%s] %d/%d", stage, strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total)
		if done == total {
			fmt.Fprintln(w)
		}
	}
}
