package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"immo/internal/app"
)

const unlockSynopsis = "immo unlock  [--data-dir DIR] [--agency N] EMAIL"

// runUnlock releases the logins of an address that strangers hold with
// failures from many addresses (every role's: staff, owner, registrant) —
// when every admin is held and nobody can release it on the abuse page.
// It needs the server's secret (IMMO_SECRET or the data directory's), which
// keys the brakes' counters.
func runUnlock(ctx context.Context, args []string) error {
	var s settings
	fs := s.flagSet("unlock", unlockSynopsis)
	s.registerAgency(fs)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || !strings.Contains(pos[0], "@") {
		return errors.New("usage: " + unlockSynopsis)
	}
	keys, err := loadKeys(os.Getenv("IMMO_SECRET"), s.dataDir)
	if err != nil {
		return err
	}
	store, _, err := openStore(ctx, s)
	if err != nil {
		return err
	}
	defer store.Close()
	agencyKeys, err := keys.forAgency(store.Agency()) // its brakes' counters are keyed with its own key
	if err != nil {
		return err
	}
	roles, err := app.UnlockLogin(ctx, app.Config{Store: store, Keys: app.Keys{IPHash: agencyKeys.IPHash},
		Log: slog.New(slog.DiscardHandler)}, pos[0])
	if err != nil {
		return err
	}
	if len(roles) == 0 {
		fmt.Fprintf(stdout, "%s: no login of it is held\n", pos[0])
		return nil
	}
	for _, r := range roles {
		fmt.Fprintf(stdout, "%s: the %s login is released; it may be tried again at once\n", pos[0], r)
	}
	return nil
}
