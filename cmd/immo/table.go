package main

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"
)

// newTable starts a table on stdout, its columns aligned: header is its
// first line, the cells separated by tabs. Flush writes it.
func newTable(header string) *tabwriter.Writer {
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, header)
	return w
}

// stamp is a cell's time, in UTC.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05Z") }

// clip keeps a column on one line and bounded.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	if s == "" {
		return "-"
	}
	return s
}
