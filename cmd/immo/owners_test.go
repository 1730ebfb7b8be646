package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"immo/internal/adapter/storage"
	"immo/internal/domain/account"
)

// immo owners invite creates the owner once, links the properties of the
// catalog (an unknown one refused, nothing done), and queues the mail with
// the password link in the owner's language.
func TestOwnersInvite(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	t.Setenv("IMMO_PUBLIC_URL", "")
	t.Setenv("IMMO_CONFIG", "")
	dir := t.TempDir()
	file := filepath.Join(dir, "catalog.json")
	os.WriteFile(file, []byte(`{"types":[{"ID":1,"WebID":1,"Name":{"fr":"Maison","nl":"Huis"}}],"properties":[
		{"ID":11,"Goal":0,"WebID":1,"Price":250000,"City":"Arlon","Zip":"6700","CountryID":10},
		{"ID":12,"Goal":0,"WebID":1,"Price":300000,"City":"Arlon","Zip":"6700","CountryID":10}],"projects":[]}`), 0o644)
	captureStdout(t)
	if err := run(t.Context(), []string{"import", "--data-dir", dir, file}); err != nil {
		t.Fatal(err)
	}
	invite := func(args ...string) (string, error) {
		out := captureStdout(t)
		err := run(context.Background(), append([]string{"owners", "--data-dir", dir, "invite"}, args...))
		return out.String(), err
	}
	if _, err := invite("ann@example.be", "--property", "11", "--property", "99"); err == nil || !strings.Contains(err.Error(), "99") {
		t.Fatalf("an unknown property: %v", err)
	}
	out, err := invite("Ann@Example.be", "--property", "11", "--lang", "nl", "--first-name", "Ann", "--last-name", "Peeters")
	if err != nil || !strings.Contains(out, "created") || !strings.Contains(out, "ann@example.be") {
		t.Fatalf("invite: %v\n%s", err, out)
	}
	out, err = invite("ann@example.be", "--property", "12", "--public-url", "https://immo.example")
	if err != nil || !strings.Contains(out, "exists") {
		t.Fatalf("invite again: %v\n%s", err, out)
	}
	for _, bad := range [][]string{{"ann@example.be"}, {"not-an-address", "--property", "11"}, {"ann@example.be", "--property", "x"},
		{"ann@example.be", "--property", "11", "--lang", "es"}} {
		if _, err := invite(bad...); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
	store, err := storage.Open(t.Context(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	a, err := store.Accounts().ByEmail(t.Context(), account.Owner, "ann@example.be")
	if err != nil || a.Lang != "nl" || a.FirstName != "Ann" {
		t.Fatalf("the owner: %+v %v", a, err)
	}
	if ids, err := store.Owners().Properties(t.Context(), a.ID); err != nil || !slices.Equal(ids, []int64{11, 12}) {
		t.Fatalf("properties %v %v", ids, err)
	}
	if ok, _, _ := account.VerifyPassword(a.PasswordHash, ""); ok {
		t.Fatal("an empty password opens the account")
	}
	store.Close()
	// Two mails queued, in Dutch, the second's link on the public URL given.
	out = captureStdout(t).String()
	mails := captureStdout(t)
	if err := run(context.Background(), []string{"mail", "--data-dir", dir}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(mails.String(), "ann@example.be"); n != 2 {
		t.Fatalf("%d mails to the owner:\n%s", n, mails)
	}
	id := strings.Fields(strings.Split(mails.String(), "\n")[1])[0]
	text := captureStdout(t)
	if err := run(context.Background(), []string{"mail", "--data-dir", dir, "--text", id}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "https://immo.example/nl/password/?token=") || !strings.Contains(text.String(), "Mijn wachtwoord kiezen") {
		t.Fatalf("the newest mail:\n%s%s", text, out)
	}
	help := captureStdout(t)
	if err := run(context.Background(), []string{"owners", "--help"}); err != nil || !strings.Contains(help.String(), "--property ID") {
		t.Fatalf("help: %v %s", err, help)
	}
}
