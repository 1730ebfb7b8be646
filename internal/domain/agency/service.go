package agency

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"immo/internal/domain/audit"
	"immo/internal/domain/errs"
	"immo/internal/domain/site"
)

// Service holds the agency as last published and follows the store: a
// version another server (or the editor) publishes is served here once
// Refresh has seen it.
type Service struct {
	store   Store
	now     func() time.Time
	current atomic.Pointer[Agency]
	editors Editors // who may edit now (Follow); nil: a schedule is published as its scheduler
	parsed  parsedCache
	// pictures says which library pictures a configuration names are
	// gone (CheckPictures); nil: none is checked.
	pictures Pictures
	// captcha is the third-party captcha the server checks ("": none),
	// when checksCaptcha (CheckCaptcha was asked).
	captcha       string
	checksCaptcha bool
}

// Source is the configuration a server starts with.
type Source struct {
	// Name is the file's name, in the parse errors and the version's By.
	Name string
	Data []byte
	// OnlyIfEmpty publishes Data only when nothing is published yet: the
	// built-in demo agency, for a server started without a file.
	OnlyIfEmpty bool
}

// Open publishes src as Import does (or, OnlyIfEmpty, when the store holds
// no version) and loads the latest version. Without src.Data, a store with
// nothing published is ErrNoVersion.
func Open(ctx context.Context, store Store, src Source, now func() time.Time) (*Service, error) {
	if now == nil {
		now = time.Now
	}
	s := &Service{store: store, now: now}
	if src.Data != nil {
		latest, err := store.LatestSiteVersionID(ctx)
		if err != nil {
			return nil, err
		}
		if !src.OnlyIfEmpty || latest == 0 {
			if _, _, err := s.Import(ctx, src.Name, src.Data, FromFile+src.Name, ""); err != nil {
				return nil, err
			}
		}
	}
	id, err := store.LatestSiteVersionID(ctx)
	if err != nil {
		return nil, err
	}
	if id == 0 {
		return nil, ErrNoVersion
	}
	if err := s.load(ctx, id); err != nil {
		return nil, err
	}
	return s, nil
}

// Fixed is a Service that serves cfg and follows no store: a
// configuration given by a test, version 0; it publishes nothing.
func Fixed(cfg *site.Config) *Service {
	s := &Service{now: time.Now}
	s.current.Store(&Agency{Site: cfg})
	return s
}

// errFixed: Publish on a Service that follows no store.
var errFixed = errors.New("agency: a fixed configuration publishes nothing")

// Stored says the agency follows a store (Open), not a fixed
// configuration (Fixed): it has versions, drafts and a history.
func (s *Service) Stored() bool { return s.store != nil }

// Current is the agency as last published. It never blocks on the database.
func (s *Service) Current() *Agency { return s.current.Load() }

// Refresh loads the latest version when it is not the one served. A
// version that no longer passes the rules (published before a rule was
// added) is an error and the served one stays.
func (s *Service) Refresh(ctx context.Context) (bool, error) {
	if s.store == nil {
		return false, nil
	}
	id, err := s.store.LatestSiteVersionID(ctx)
	if err != nil || id == 0 {
		return false, err
	}
	if cur := s.Current(); cur != nil && cur.Version == id {
		return false, nil
	}
	return true, s.load(ctx, id)
}

func (s *Service) load(ctx context.Context, id int64) error {
	v, err := s.store.SiteVersion(ctx, id)
	if err != nil {
		return err
	}
	cfg, err := site.Parse(fmt.Sprintf("configuration version %d", id), v.Config)
	if err != nil {
		return err
	}
	s.current.Store(&Agency{Site: cfg, Version: id})
	return nil
}

// Publish checks data by the rules of a configuration file (site.Parse:
// the same messages, name in them) and stores it as the newest version,
// served here at once and by the other servers at their next Refresh;
// the audit log says the command line published it (PublishBy).
func (s *Service) Publish(ctx context.Context, name string, data []byte, by, note string) (Version, error) {
	return s.PublishBy(ctx, audit.CommandLine, name, data, by, note)
}

// The audit log's words for the site's versions: its kind, and the
// actions on it.
const (
	AuditKind                  = "site"
	ActionPublish audit.Action = "site.publish"
	ActionRevert  audit.Action = "site.revert"
)

// PublishBy is Publish by actor, a staff account (audit.CommandLine: a
// file or the command line), logged in the audit log with the version.
func (s *Service) PublishBy(ctx context.Context, actor int64, name string, data []byte, by, note string) (Version, error) {
	if err := s.check(name, data); err != nil {
		return Version{}, err
	}
	return s.keep(ctx, auditPublish(actor), data, by, note, 0)
}

// auditPublish is the audit entry of a publication by actor.
func auditPublish(actor int64) audit.Entry { return audit.Entry{Actor: actor, Action: ActionPublish} }

// Revert publishes version id's configuration again as the newest version
// (history stays whole: reverting is a publication too), by actor, its
// audit entry naming the version brought back; ErrNoVersion when none,
// ErrBroken when it no longer passes the configuration's rules (they may
// have grown since it was published): nothing is published then.
//
// An editor who is no admin brings back no version that differs from
// the one served in an admin's part (ErrAdminOnly).
func (s *Service) Revert(ctx context.Context, e Editor, id int64, note string) (Version, error) {
	old, err := s.Version(ctx, id)
	if err != nil {
		return Version{}, err
	}
	if err := s.check(fmt.Sprintf("configuration version %d", id), old.Config); err != nil {
		return Version{}, fmt.Errorf("%w: %v", ErrBroken, err)
	}
	if err := s.mayChange(ctx, e, s.Current().Version, old.Config); err != nil {
		return Version{}, err
	}
	return s.keep(ctx, audit.Entry{Actor: e.ID, Action: ActionRevert, Before: strconv.FormatInt(id, 10)}, old.Config, e.Email, note, 0)
}

// ErrBroken refuses to bring back a version that no longer passes the
// configuration's rules.
var ErrBroken = &errs.Error{Code: errs.Conflict, Field: "version", Key: "admin.site.error.broken",
	Message: "agency: the version no longer passes the configuration's rules"}

// keep stores data, checked, as the newest version with the audit entry
// e — over version over only, when not 0 (ErrMeanwhile) — and what it
// changes of the version it replaces (Summary), and serves it here at once.
func (s *Service) keep(ctx context.Context, e audit.Entry, data []byte, by, note string, over int64) (Version, error) {
	if err := s.captchaChecked(data); err != nil {
		return Version{}, err
	}
	if s.pictures != nil {
		gone, err := s.pictures.Missing(ctx, data)
		if err != nil {
			return Version{}, err
		}
		if len(gone) > 0 {
			return Version{}, fmt.Errorf("%w: %s", ErrPictureGone, strings.Join(gone, ", "))
		}
	}
	sum, err := s.summary(ctx, over, data)
	if err != nil {
		return Version{}, err
	}
	v := Version{Config: data, Over: over, Hash: sha256.Sum256(data), By: clip(by, MaxByLength), Note: clip(note, MaxNoteLength),
		At: s.now().UTC(), Summary: sum}
	e.Time, e.TargetKind, e.After = v.At, AuditKind, audit.Summary(v.Note)
	id, err := s.store.PublishSiteVersion(ctx, v, e)
	if err != nil {
		return Version{}, err
	}
	v.ID = id
	if _, err := s.Refresh(ctx); err != nil {
		return v, err
	}
	return v, nil
}

// summary is what data changes of the version it is published over: over
// when not 0 (the publication fails unless it is still the newest), else
// the newest — one published by another in the instant between is not
// seen, and the summary then says what data changes of the one before.
// Nil when there is none (the first version).
func (s *Service) summary(ctx context.Context, over int64, data []byte) (*Summary, error) {
	id := over
	if id == 0 {
		latest, err := s.store.LatestSiteVersionID(ctx)
		if err != nil {
			return nil, err
		}
		id = latest
	}
	if id == 0 {
		return nil, nil
	}
	before, err := s.store.SiteVersion(ctx, id)
	if errors.Is(err, ErrNoVersion) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return summarize(before.Config, data), nil
}

// Import publishes data unless a version with the same bytes was published
// before (then that version, false): a server started again with the same
// file does not undo what was published since.
func (s *Service) Import(ctx context.Context, name string, data []byte, by, note string) (Version, bool, error) {
	old, err := s.store.SiteVersionByHash(ctx, sha256.Sum256(data))
	if err == nil {
		return old, false, nil
	}
	if !errors.Is(err, ErrNoVersion) {
		return Version{}, false, err
	}
	v, err := s.Publish(ctx, name, data, by, note)
	return v, err == nil, err
}

// Republish publishes data unless it is the version served (then that
// version, false): an import asked for publishes even bytes published
// before — an earlier version's file brings that site back.
func (s *Service) Republish(ctx context.Context, name string, data []byte, by, note string) (Version, bool, error) {
	latest, err := s.store.SiteVersionByHash(ctx, sha256.Sum256(data))
	switch {
	case err == nil:
		if cur := s.Current(); cur != nil && cur.Version == latest.ID {
			return latest, false, nil
		}
	case !errors.Is(err, ErrNoVersion):
		return Version{}, false, err
	}
	v, err := s.Publish(ctx, name, data, by, note)
	return v, err == nil, err
}

// Version is the version numbered id, its configuration included.
func (s *Service) Version(ctx context.Context, id int64) (Version, error) {
	return s.store.SiteVersion(ctx, id)
}

// AtVersion is the agency version id makes, as the history previews it
// (Past set, unless it is the version served); ErrNoVersion when none.
func (s *Service) AtVersion(ctx context.Context, id int64) (*Agency, error) {
	if cur := s.Current(); cur != nil && cur.Version == id && cur.Draft == 0 {
		return cur, nil
	}
	if s.store == nil {
		return nil, ErrNoVersion
	}
	v, err := s.store.SiteVersion(ctx, id)
	if err != nil {
		return nil, err
	}
	cfg, err := site.Parse(fmt.Sprintf("configuration version %d", id), v.Config)
	if err != nil {
		return nil, err
	}
	return &Agency{Site: cfg, Version: id, Past: true}, nil
}

// Versions lists the latest limit versions, newest first, without their configuration.
func (s *Service) Versions(ctx context.Context, limit int) ([]Version, error) {
	return s.store.SiteVersions(ctx, min(max(limit, 1), 1000))
}

// check refuses what no version or draft may hold: a configuration over
// MaxConfigBytes, or one that breaks a rule of a configuration file
// (site.Parse's message, name in it).
func (s *Service) check(name string, data []byte) error {
	if s.store == nil {
		return errFixed
	}
	if len(data) > MaxConfigBytes {
		return fmt.Errorf("%s: %w (%d bytes, at most %d)", name, ErrTooLarge, len(data), MaxConfigBytes)
	}
	_, err := site.Parse(name, data)
	return err
}

// clip trims s and cuts it to at most n bytes, on a character's boundary.
func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}
