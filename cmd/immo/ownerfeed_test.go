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

// An import whose properties name their owners links them and mails each
// newly linked owner a password link, once: the same file again mails
// nobody; a new property of a known owner mails them again; an owner
// invited by hand before is not mailed for the link they have.
func TestImportInvitesOwners(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	t.Setenv("IMMO_PUBLIC_URL", "")
	t.Setenv("IMMO_CONFIG", "")
	dir := t.TempDir()
	file := filepath.Join(dir, "catalog.json")
	write := func(props string) {
		t.Helper()
		if err := os.WriteFile(file, []byte(`{"types":[{"ID":1,"WebID":1,"Name":{"fr":"Maison","nl":"Huis"}}],"properties":[`+props+`],"projects":[]}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const (
		p11 = `{"ID":11,"Goal":0,"WebID":1,"Price":250000,"City":"Arlon","Zip":"6700","CountryID":10`
		p12 = `{"ID":12,"Goal":0,"WebID":1,"Price":300000,"City":"Arlon","Zip":"6700","CountryID":10`
		p13 = `{"ID":13,"Goal":0,"WebID":1,"Price":350000,"City":"Arlon","Zip":"6700","CountryID":10`
	)
	imp := func() string {
		t.Helper()
		out := captureStdout(t)
		if err := run(t.Context(), []string{"import", "--data-dir", dir, "--public-url", "https://immo.example", file}); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	mailsTo := func(email string) int {
		t.Helper()
		out := captureStdout(t)
		if err := run(context.Background(), []string{"mail", "--data-dir", dir}); err != nil {
			t.Fatal(err)
		}
		return strings.Count(out.String(), email)
	}
	// Cid is invited by hand to 13 before the feed names him.
	write(p11 + `,"Owners":[{"Email":"Ann@Example.be","FirstName":"Ann","Language":"fr"}]},` +
		p12 + `,"Owners":[{"Email":"ann@example.be"},{"Email":"bob@example.be"}]},` + p13 + `}`)
	out := imp()
	if !strings.Contains(out, "owners:     2 invited (2 new accounts") {
		t.Fatalf("first import:\n%s", out)
	}
	captureStdout(t)
	if err := run(context.Background(), []string{"owners", "--data-dir", dir, "invite", "cid@example.be", "--property", "13"}); err != nil {
		t.Fatal(err)
	}
	if mailsTo("ann@example.be") != 1 || mailsTo("bob@example.be") != 1 || mailsTo("cid@example.be") != 1 {
		t.Fatal("one mail to each owner after the first import")
	}
	out = imp()
	if !strings.Contains(out, "owners:     0 invited (0 new accounts") || !strings.Contains(out, "2 linked already") {
		t.Fatalf("the same file again:\n%s", out)
	}
	write(p11 + `,"Owners":[{"Email":"ann@example.be"}]},` + p12 + `,"Owners":[{"Email":"ann@example.be"},{"Email":"bob@example.be"}]},` +
		p13 + `,"Owners":[{"Email":"ann@example.be"},{"Email":"cid@example.be"}]}`)
	out = imp()
	if !strings.Contains(out, "owners:     1 invited (0 new accounts") || !strings.Contains(out, "2 linked already") {
		t.Fatalf("ann's new property:\n%s", out)
	}
	if n := mailsTo("ann@example.be"); n != 2 {
		t.Fatalf("%d mails to ann, want 2", n)
	}
	if mailsTo("bob@example.be") != 1 || mailsTo("cid@example.be") != 1 {
		t.Fatal("bob or cid mailed again")
	}
	store, err := storage.Open(t.Context(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for email, want := range map[string][]int64{"ann@example.be": {11, 12, 13}, "bob@example.be": {12}, "cid@example.be": {13}} {
		a, err := store.Accounts().ByEmail(t.Context(), account.Owner, email)
		if err != nil {
			t.Fatal(email, err)
		}
		ids, err := store.Owners().Properties(t.Context(), a.ID)
		if err != nil || !slices.Equal(ids, want) {
			t.Errorf("%s's properties %v, want %v (%v)", email, ids, want, err)
		}
		// Ann's language is her first record's.
		if email == "ann@example.be" && (a.Lang != "fr" || a.FirstName != "Ann") {
			t.Errorf("ann: %+v", a)
		}
	}
}
