package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"immo/internal/importer"
)

func runImport(ctx context.Context, args []string) error {
	var s settings
	fs := newFlagSet("import", importSynopsis)
	s.register(fs)
	partial := fs.Bool("partial", false, "import the valid records even when some are bad")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: immo import [--partial] FILE")
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

	opts := importer.Options{Partial: *partial}
	if isTerminal(os.Stderr) {
		opts.Progress = progressBar(os.Stderr)
	}
	rep, err := importer.Run(ctx, store, f, opts)
	for _, p := range rep.Problems {
		fmt.Fprintln(os.Stderr, p)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	r := rep.Result
	fmt.Printf("imported %s: %d types; properties %d new, %d updated, %d taken offline; projects %d new, %d updated, %d taken offline; catalog version %d\n",
		fs.Arg(0), r.Types, r.PropertiesAdded, r.PropertiesUpdated, r.PropertiesOffline,
		r.ProjectsAdded, r.ProjectsUpdated, r.ProjectsOffline, r.Version)
	if len(rep.Problems) > 0 {
		fmt.Printf("%d bad record(s) left out (--partial)\n", len(rep.Problems))
	}
	return nil
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
