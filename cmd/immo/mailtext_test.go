package main

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// immo mail --text ID prints that mail's plain-text part (the browser
// tests read a confirmation link from it); an ID not listed is an error.
func TestMailText(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	dir := t.TempDir()
	queueMails(t, dir, "Visite — 1")
	out := captureStdout(t)
	if err := run(context.Background(), []string{"mail", "--data-dir", dir}); err != nil {
		t.Fatal(err)
	}
	id := regexp.MustCompile(`(?m)^(\d+)\s`).FindStringSubmatch(out.String())
	if id == nil {
		t.Fatalf("no mail listed:\n%s", out)
	}
	text := captureStdout(t)
	if err := run(context.Background(), []string{"mail", "--data-dir", dir, "--text", id[1]}); err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(text.String()) == "" || strings.Contains(text.String(), "STATE") {
		t.Errorf("--text %s printed %q", id[1], text.String())
	}
	if err := run(context.Background(), []string{"mail", "--data-dir", dir, "--text", "999999"}); err == nil {
		t.Error("--text of an unknown mail: no error")
	}
}
