package main

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// immo feeds adds a feed (its secret from the environment, its push token
// printed once), lists, pauses, resumes and deletes it, and refuses bad
// input with a clear message, changing nothing.
func TestFeedsCommand(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	t.Setenv("IMMO_PUBLIC_URL", "")
	t.Setenv("IMMO_CONFIG", "")
	t.Setenv("IMMO_SECRET", "")
	t.Setenv("IMMO_FEED_PRIVATE_HOSTS", "")
	dir := t.TempDir()
	feeds := func(args ...string) (string, error) {
		out := captureStdout(t)
		err := run(context.Background(), append([]string{"feeds", "--data-dir", dir}, args...))
		return out.String(), err
	}
	t.Setenv("IMMO_FEED_SECRET", "s3cret")
	for _, bad := range [][]string{
		{"add", "CRM", "ftp://crm.example.com/x"},
		{"add", "CRM", "https://10.0.0.1/x", "--header", "X-Key"},
		{"add", "CRM", "https://crm.example.com/x"}, // a secret but no --header nor --user
		{"add", "CRM", "https://crm.example.com/x", "--header", "Host"},
		{"add", "CRM", "https://crm.example.com/x", "--header", "X-Key", "--every", "1"},
		{"add", "CRM", "https://crm.example.com/x", "--header", "X-Key", "--daily", "25:00"},
		{"add", "CRM", "https://crm.example.com/x", "--header", "X-Key", "--max-offline", "101"},
		{"pause", "x"}, {"run"}, {"list", "extra"},
	} {
		if _, err := feeds(bad...); err == nil {
			t.Errorf("feeds %v was accepted", bad)
		}
	}
	out, err := feeds("list")
	if err != nil || strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Fatalf("the list after refusals: %v\n%s", err, out)
	}
	out, err = feeds("add", "Our CRM", "https://crm.example.com/export.json", "--header", "X-Api-Key", "--every", "30")
	token := regexp.MustCompile(`push token .*: ([A-Za-z0-9_-]{40,})`).FindStringSubmatch(out)
	if err != nil || !strings.Contains(out, "feed 1 added") || token == nil || strings.Contains(out, "s3cret") {
		t.Fatalf("add: %v\n%s", err, out)
	}
	out, _ = feeds("list")
	if !strings.Contains(out, "Our CRM") || !strings.Contains(out, "every 30 min") || !strings.Contains(out, "active") || strings.Contains(out, token[1]) {
		t.Errorf("list:\n%s", out)
	}
	if _, err := feeds("pause", "1"); err != nil {
		t.Fatal(err)
	}
	if out, _ := feeds("list"); !strings.Contains(out, "paused") {
		t.Errorf("list after pause:\n%s", out)
	}
	if _, err := feeds("resume", "1"); err != nil {
		t.Fatal(err)
	}
	if _, err := feeds("pause", "9"); err == nil {
		t.Error("pausing no feed")
	}
	if _, err := feeds("delete", "1"); err != nil {
		t.Fatal(err)
	}
	if out, _ := feeds("list"); strings.Contains(out, "Our CRM") {
		t.Errorf("list after delete:\n%s", out)
	}
}
