package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"immo/internal/adapter/storage"
	"immo/internal/adapter/storage/postgres/pgtest"
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
	if _, err := agencies("add", "Immo Gent", "--host", "immogent.be", "--lang", "nl"); err == nil || !strings.Contains(err.Error(), "need PostgreSQL") {
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
	if err != nil || !strings.Contains(out, "Immo Arlon") || !strings.Contains(out, "LEADS 7 DAYS") || !strings.Contains(out, "5XX 7 DAYS") || !strings.Contains(out, "mail queue (every agency's): 0 waiting") {
		t.Errorf("health: %v\n%s", err, out)
	}
	if _, err := agencies("health", "1"); err == nil {
		t.Error("health with an argument was accepted")
	}
}

// On PostgreSQL a database holds many agencies; the commands that set
// one up (its configuration, catalog, staff, mails) work on the agency
// --agency names, each seeing its own.
func TestAgencyCommands(t *testing.T) {
	t.Setenv("DATABASE_URL", pgtest.URL(t))
	t.Setenv("IMMO_SECRET", strings.Repeat("s", 40))
	dir := t.TempDir()
	immo := func(args ...string) (string, error) {
		out := captureStdout(t)
		err := run(context.Background(), append(args[:1:1], append([]string{"--data-dir", dir}, args[1:]...)...))
		return out.String(), err
	}
	for _, a := range [][]string{
		{"agencies", "add", "Immo Arlon", "--host", "www.immo-arlon.be", "--lang", "fr"},
		{"agencies", "add", "Immo Gent", "--host", "www.immo-gent.be", "--lang", "nl"},
	} {
		if out, err := immo(a...); err != nil {
			t.Fatalf("%v: %v\n%s", a, err, out)
		}
	}
	file := filepath.Join(dir, "catalog.json")
	os.WriteFile(file, []byte(`{"types":[{"ID":1,"WebID":1,"Name":{"nl":"Huis"}}],"properties":[{"ID":1,"Goal":0,"WebID":1,"Price":250000,"City":"Gent","Zip":"9000","CountryID":10}],"projects":[]}`), 0o644)
	if out, err := immo("import", "--agency", "2", file); err != nil || !strings.Contains(out, "1 added") {
		t.Fatalf("import --agency 2: %v\n%s", err, out)
	}
	// Its starter configuration, published when first needed, under its name.
	out, err := immo("config", "--agency", "2", "export")
	if err != nil || !strings.Contains(out, `"name": "Immo Gent"`) || strings.Contains(out, "Immo Arlon") {
		t.Fatalf("config --agency 2 export: %v\n%.300s", err, out)
	}
	if out, err := immo("staff", "--agency", "2", "add", "boss@immo-gent.be", "--role", "admin"); err != nil {
		t.Fatalf("staff --agency 2 add: %v\n%s", err, out)
	}
	if out, _ := immo("staff", "--agency", "2", "list"); !strings.Contains(out, "boss@immo-gent.be") {
		t.Errorf("agency 2's staff:\n%s", out)
	}
	if out, _ := immo("staff", "list"); strings.Contains(out, "boss@immo-gent.be") {
		t.Errorf("agency 1's staff lists agency 2's:\n%s", out)
	}
	// The invitation is agency 2's mail, on its host.
	if out, _ := immo("mail", "--agency", "2"); !strings.Contains(out, "boss@immo-gent.be") {
		t.Errorf("agency 2's mails:\n%s", out)
	}
	if out, _ := immo("mail"); strings.Contains(out, "boss@immo-gent.be") {
		t.Errorf("agency 1's mails list agency 2's:\n%s", out)
	}
	out, err = immo("agencies", "health")
	if err != nil || !strings.Contains(out, "Immo Gent") {
		t.Errorf("health: %v\n%s", err, out)
	}
	if _, err := immo("config", "--agency", "3", "list"); err == nil || !strings.Contains(err.Error(), "no such agency") {
		t.Errorf("an agency that does not exist: %v", err)
	}

	// Agency 2's captcha secret: from IMMO_CAPTCHA_SECRET, sealed with its key, never in the clear.
	if _, err := immo("agencies", "set-captcha", "2"); err == nil || !strings.Contains(err.Error(), "IMMO_CAPTCHA_SECRET") {
		t.Errorf("set-captcha without a secret: %v", err)
	}
	t.Setenv("IMMO_CAPTCHA_SECRET", "0x4AAAAAAA-the-secret")
	if out, err := immo("agencies", "set-captcha", "2"); err != nil || !strings.Contains(out, "kept (sealed)") {
		t.Fatalf("set-captcha: %v\n%s", err, out)
	}
	if _, err := immo("agencies", "set-captcha", "7"); err == nil {
		t.Error("a captcha secret for no agency")
	}
	if _, err := immo("agencies", "set-captcha", "2", "--clear"); err == nil {
		t.Error("--clear with a secret given")
	}
	store, err := storage.Open(t.Context(), dir, os.Getenv("DATABASE_URL"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	stored := func() string {
		all, err := store.Platform().Agencies(t.Context())
		if err != nil || len(all) != 2 {
			t.Fatalf("agencies: %v %v", all, err)
		}
		return all[1].CaptchaSecret
	}
	if got := stored(); got == "" || strings.Contains(got, "the-secret") {
		t.Errorf("the secret as kept: %q", got)
	}
	t.Setenv("IMMO_CAPTCHA_SECRET", "")
	if out, err := immo("agencies", "set-captcha", "2", "--clear"); err != nil || stored() != "" {
		t.Errorf("set-captcha --clear: %v\n%s", err, out)
	}
}
