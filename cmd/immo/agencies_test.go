package main

import (
	"context"
	"strings"
	"testing"
)

// immo agencies adds the agency with its hosts, lists, replaces its hosts,
// disables and enables it, refuses bad input changing nothing, and refuses
// a second agency while one database keeps one agency's data.
func TestAgenciesCommand(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	dir := t.TempDir()
	agencies := func(args ...string) (string, error) {
		out := captureStdout(t)
		err := run(context.Background(), append([]string{"agencies", "--data-dir", dir}, args...))
		return out.String(), err
	}
	out, err := agencies("list")
	if err != nil || !strings.Contains(out, "no agency") {
		t.Fatalf("list of none: %v\n%s", err, out)
	}
	if out, err := agencies("health"); err != nil || !strings.Contains(out, "(the implicit agency)") {
		t.Errorf("health without agencies: %v\n%s", err, out)
	}
	for _, bad := range [][]string{
		{"add", "Immo Arlon", "--lang", "fr"},
		{"add", "Immo Arlon", "--host", "www.immo-arlon.be"},
		{"add", "Immo Arlon", "--host", "localhost", "--lang", "fr"},
		{"add", "Immo Arlon", "--host", "https://www.immo-arlon.be/", "--lang", "fr"},
		{"add", "Immo Arlon", "--host", "www.immo-arlon.be", "--lang", "es"},
		{"add", " ", "--host", "www.immo-arlon.be", "--lang", "fr"},
		{"list", "--host", "x.be"}, {"disable", "x"}, {"set-host", "1"}, {"enable"}, {"remove", "1"},
	} {
		if out, err := agencies(bad...); err == nil {
			t.Errorf("agencies %v was accepted:\n%s", bad, out)
		}
	}
	if out, _ := agencies("list"); !strings.Contains(out, "no agency") {
		t.Fatalf("refusals stored an agency:\n%s", out)
	}
	out, err = agencies("add", "Immo Arlon", "--host", "www.Immo-Arlon.be", "--host", "immo-arlon.be", "--lang", "fr")
	if err != nil || !strings.Contains(out, "agency 1 added") || !strings.Contains(out, "www.immo-arlon.be, immo-arlon.be") {
		t.Fatalf("add: %v\n%s", err, out)
	}
	if _, err := agencies("add", "Immo Gent", "--host", "immogent.be", "--lang", "nl"); err == nil || !strings.Contains(err.Error(), "one agency per database") {
		t.Errorf("a second agency: %v", err)
	}
	if _, err := agencies("set-host", "1", "--host", "immo-arlon.be", "--host", "www.immo-arlon.be"); err != nil {
		t.Fatal(err)
	}
	if _, err := agencies("set-host", "2", "--host", "immogent.be"); err == nil {
		t.Error("hosts of no agency were set")
	}
	if _, err := agencies("disable", "1"); err != nil {
		t.Fatal(err)
	}
	out, _ = agencies("list")
	if !strings.Contains(out, "Immo Arlon") || !strings.Contains(out, "disabled") || !strings.Contains(out, "immo-arlon.be www.immo-arlon.be") {
		t.Errorf("list:\n%s", out)
	}
	if _, err := agencies("enable", "1"); err != nil {
		t.Fatal(err)
	}
	if out, _ := agencies("list"); !strings.Contains(out, "active") {
		t.Errorf("list after enable:\n%s", out)
	}
	// Its health: figures of its own, the mail queue every agency shares.
	out, err = agencies("health")
	if err != nil || !strings.Contains(out, "Immo Arlon") || !strings.Contains(out, "LEADS 7 DAYS") || !strings.Contains(out, "mail queue (every agency's): 0 waiting") {
		t.Errorf("health: %v\n%s", err, out)
	}
	if _, err := agencies("health", "1"); err == nil {
		t.Error("health with an argument was accepted")
	}
}
