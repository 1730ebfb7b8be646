package storagetest

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"immo/internal/adapter/storage/sqlstore"
	"immo/internal/domain/account"
	"immo/internal/domain/mail"
)

// An owner from the feed is linked, and mailed, for new links only: the
// same links again write and mail nothing; a new property links it and
// mails once more; a failing mail leaves nothing; two imports racing mail
// a new link once.
func testOwnerFeedInvite(t *testing.T, s1, s2 *sqlstore.Store) {
	ctx := t.Context()
	mails := 0
	var mu sync.Mutex
	inviteNew := func(s *sqlstore.Store, email string, props []int64, hash string, fail bool) (account.Account, bool, []int64, error) {
		a := account.Account{Role: account.Owner, Email: email, FirstName: "Ann", Lang: "nl", PasswordHash: "$argon2id$unknown", Created: ownerNow}
		return s.Owners().InviteNew(ctx, a, props, account.Token{Hash: hash, Purpose: account.PurposeSetPassword, Expires: ownerNow.Add(account.InviteValidity)},
			func(context.Context, mail.Tx, account.Account) error {
				if fail {
					return errors.New("no mail")
				}
				mu.Lock()
				mails++
				mu.Unlock()
				return nil
			})
	}
	if _, _, _, err := inviteNew(s1, "ann@example.be", []int64{1001}, "f0", true); err == nil {
		t.Fatal("a failing mail: no error")
	}
	if ids, _ := s1.Owners().Properties(ctx, 1); len(ids) != 0 {
		t.Fatalf("a failed invitation linked %v", ids)
	}
	ann, created, linked, err := inviteNew(s1, "ann@example.be", []int64{1001, 1002}, "f1", false)
	if err != nil || !created || !slices.Equal(linked, []int64{1001, 1002}) || mails != 1 {
		t.Fatalf("first: %+v created %v linked %v mails %d %v", ann, created, linked, mails, err)
	}
	again, created, linked, err := inviteNew(s1, "ann@example.be", []int64{1001, 1002}, "f2", false)
	if err != nil || created || len(linked) != 0 || again.ID != ann.ID || mails != 1 {
		t.Fatalf("the same links again: created %v linked %v mails %d %v", created, linked, mails, err)
	}
	if _, err := s1.Links().LinkAccount(ctx, account.OwnerInviteLink, "f2", ownerNow); !errors.Is(err, account.ErrUnknownToken) {
		t.Fatalf("a token stored for no new link: %v", err)
	}
	_, created, linked, err = inviteNew(s1, "ann@example.be", []int64{1001, 1003}, "f3", false)
	if err != nil || created || !slices.Equal(linked, []int64{1003}) || mails != 2 {
		t.Fatalf("a new property: created %v linked %v mails %d %v", created, linked, mails, err)
	}
	if ids, err := s1.Owners().Properties(ctx, ann.ID); err != nil || !slices.Equal(ids, []int64{1001, 1002, 1003}) {
		t.Fatalf("ann's properties %v %v", ids, err)
	}
	// Two imports at once link 1004 once, and mail once.
	var wg sync.WaitGroup
	news := make(chan int, 2)
	for i, s := range []*sqlstore.Store{s1, s2} {
		wg.Go(func() {
			_, _, linked, err := inviteNew(s, "ann@example.be", []int64{1004}, "race"+string(rune('a'+i)), false)
			if err != nil {
				t.Error(err)
			}
			news <- len(linked)
		})
	}
	wg.Wait()
	close(news)
	total := 0
	for n := range news {
		total += n
	}
	if total != 1 || mails != 3 {
		t.Fatalf("racing imports: %d new links, %d mails; want 1, 3", total, mails)
	}
}
