package main

import (
	"context"
	"fmt"
	"strings"

	"immo/internal/adapter/mailqueue"
	"immo/internal/adapter/storage"
)

// runMail lists the newest mails of the queue with their state.
func runMail(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("mail", mailSynopsis)
	s.registerAgency(fs)
	limit := fs.Int("limit", 50, "how many mails to list, newest first (at most 1000)")
	text := fs.Int64("text", 0, "print the plain-text part of the mail with this ID (among the listed ones) instead of the list")
	hold := fs.Bool("hold", false, "hold the queue: no mail is sent, by any server of the database, until --release")
	release := fs.Bool("release", false, "release the queue held by immo restore or --hold: the queued mails are sent")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *hold && *release {
		return fmt.Errorf("mail: --hold or --release, not both (%s)", mailSynopsis)
	}
	store, _, err := openStore(ctx, s)
	if err != nil {
		return err
	}
	defer store.Close()
	db, dialect := store.QueueDB()
	q, err := mailqueue.New(db, dialect, mailqueue.Config{})
	if err != nil {
		return err
	}
	q = q.For(store.Agency()) // lists the agency's mails; a hold holds every agency's
	switch {
	case *hold:
		if err := q.Hold(ctx); err != nil {
			return err
		}
		fmt.Fprintln(stdout, "the mail queue is held: nothing is sent until immo mail --release")
		return nil
	case *release:
		if err := q.Release(ctx); err != nil {
			return err
		}
		fmt.Fprintln(stdout, "the mail queue is released: the servers send the queued mails within seconds")
		return nil
	}
	held, since, err := q.Held(ctx)
	if err != nil {
		return err
	}
	if held {
		fmt.Fprintf(stdout, "the mail queue is held since %s: nothing is sent until immo mail --release\n", stamp(since))
	}
	entries, err := q.List(ctx, *limit)
	if err != nil {
		return err
	}
	if *text != 0 {
		for _, e := range entries {
			if e.ID == *text {
				_, err := fmt.Fprintln(stdout, e.Text)
				return err
			}
		}
		return fmt.Errorf("no mail %d among the newest %d", *text, *limit)
	}
	if len(entries) == 0 {
		fmt.Fprintln(stdout, "no mails")
		return nil
	}
	w := newTable("ID\tSTATE\tTRIES\tCREATED\tWHEN\tTO\tSUBJECT\tLAST ERROR")
	for _, e := range entries {
		fmt.Fprintf(w, "%d\t%s\t%d/%d\t%s\t%s\t%s\t%s\t%s\n", e.ID, e.State, e.Attempts, e.MaxAttempts,
			stamp(e.Created), when(e), clip(strings.Join(e.To, ", "), 40), clip(e.Subject, 50), clip(e.LastError, 60))
	}
	return w.Flush()
}

// when is a queued mail's next try, or when a mail was sent or failed.
func when(e mailqueue.Entry) string {
	switch {
	case !e.Finalized.IsZero():
		return stamp(e.Finalized)
	case !e.Next.IsZero():
		return "next " + stamp(e.Next)
	}
	return "-"
}

// holdMail holds the mail queue of store (immo restore) and counts the
// mails waiting in it.
func holdMail(ctx context.Context, store storage.Store) (int, error) {
	db, dialect := store.QueueDB()
	q, err := mailqueue.New(db, dialect, mailqueue.Config{})
	if err != nil {
		return 0, err
	}
	if err := q.Hold(ctx); err != nil {
		return 0, err
	}
	return q.Waiting(ctx)
}
