package agency

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"immo/internal/domain/errs"
	"immo/internal/domain/site"
)

// Draft is a configuration being prepared, by one editor in one session
// of work: served only to the staff's preview until it is published as a
// Version. It is kept as typed, problems and all (nothing typed is lost);
// only a draft that passes the rules can be previewed or published.
type Draft struct {
	ID     int64
	Config []byte // Left out of a list (SiteDrafts).
	// Base is the published version the draft started from: published
	// only while it is still the newest (ErrMeanwhile).
	Base      int64
	By        string // who started it: the only one who changes it
	UpdatedBy string
	Created   time.Time
	Updated   time.Time
}

// DraftStore keeps the drafts.
type DraftStore interface {
	// SaveSiteDraft stores d: a new draft when d.ID is 0 (its number
	// returned), else d.ID's configuration, UpdatedBy and Updated replaced
	// (ErrNoDraft when there is none).
	SaveSiteDraft(ctx context.Context, d Draft) (int64, error)
	// SiteDraft is the draft numbered id; ErrNoDraft when none.
	SiteDraft(ctx context.Context, id int64) (Draft, error)
	// SiteDrafts lists at most limit drafts, the last changed first, Config left out.
	SiteDrafts(ctx context.Context, limit int) ([]Draft, error)
	// DeleteSiteDraft removes draft id (none: nothing to do).
	DeleteSiteDraft(ctx context.Context, id int64) error
}

// The refusals of the editor's drafts, coded for the inbox.
var (
	// ErrNoDraft: no draft of that number (discarded, published).
	ErrNoDraft = &errs.Error{Code: errs.NotFound, Field: "draft", Key: "admin.site.error.noDraft",
		Message: "agency: no such draft"}
	// ErrNotYours: a draft is changed by the editor who started it only;
	// another sees it, previews it, starts their own.
	ErrNotYours = &errs.Error{Code: errs.Forbidden, Field: "draft", Key: "admin.site.error.notYours",
		Message: "agency: the draft is another editor's"}
	// ErrNotObject: what an editor sent is not a configuration (a JSON object).
	ErrNotObject = &errs.Error{Code: errs.Invalid, Field: "config", Key: "admin.site.error.notObject",
		Message: "agency: a configuration is a JSON object"}
	// ErrDraftInvalid: a draft with problems is neither previewed nor published.
	ErrDraftInvalid = &errs.Error{Code: errs.Invalid, Field: "draft", Key: "admin.site.error.invalid",
		Message: "agency: the draft breaks the configuration's rules"}
	// ErrMeanwhile: a version was published since the draft started; its
	// publication would undo it.
	ErrMeanwhile = &errs.Error{Code: errs.Conflict, Field: "draft", Key: "admin.site.error.meanwhile",
		Message: "agency: a version was published since the draft started"}
)

// MaxDraftsListed bounds the drafts the editor lists.
const MaxDraftsListed = 50

// SaveDraft checks data by the rules of a configuration file, as Publish
// does, and keeps it as draft id (a new draft when id is 0, over the
// version served): `immo config draft`.
func (s *Service) SaveDraft(ctx context.Context, id int64, name string, data []byte, by string) (Draft, error) {
	if err := s.check(name, data); err != nil {
		return Draft{}, err
	}
	now := s.now().UTC()
	by = clip(by, MaxByLength)
	d := Draft{ID: id, Config: data, Base: s.Current().Version, By: by, UpdatedBy: by, Created: now, Updated: now}
	id, err := s.store.SaveSiteDraft(ctx, d)
	if err != nil {
		return Draft{}, err
	}
	d.ID = id
	return d, nil
}

// StartDraft starts a draft by an editor: the version served, as it is.
func (s *Service) StartDraft(ctx context.Context, by string) (Draft, error) {
	cur := s.Current()
	if s.store == nil || cur == nil || cur.Version == 0 {
		return Draft{}, errFixed
	}
	v, err := s.store.SiteVersion(ctx, cur.Version)
	if err != nil {
		return Draft{}, err
	}
	now := s.now().UTC()
	by = clip(by, MaxByLength)
	d := Draft{Config: v.Config, Base: v.ID, By: by, UpdatedBy: by, Created: now, Updated: now}
	if d.ID, err = s.store.SaveSiteDraft(ctx, d); err != nil {
		return Draft{}, err
	}
	return d, nil
}

// KeepDraft stores data as draft id, by the editor who started it (by),
// whatever its problems (nothing typed is lost), and returns them: each
// where the rules of a configuration file put it. Refused, and nothing
// stored: another's draft (ErrNotYours), none (ErrNoDraft), no JSON object
// (ErrNotObject), over MaxConfigBytes.
func (s *Service) KeepDraft(ctx context.Context, id int64, data []byte, by string) (Draft, []*site.FieldError, error) {
	if len(data) > MaxConfigBytes {
		return Draft{}, nil, fmt.Errorf("%w (%d bytes, at most %d)", ErrTooLarge, len(data), MaxConfigBytes)
	}
	if !isObject(data) {
		return Draft{}, nil, ErrNotObject
	}
	d, err := s.store.SiteDraft(ctx, id)
	if err != nil {
		return Draft{}, nil, err
	}
	if d.By != clip(by, MaxByLength) {
		return Draft{}, nil, ErrNotYours
	}
	d.Config, d.UpdatedBy, d.Updated = data, d.By, s.now().UTC()
	if _, err := s.store.SaveSiteDraft(ctx, d); err != nil {
		return Draft{}, nil, err
	}
	_, err = site.Parse(fmt.Sprintf("draft %d", id), data)
	return d, Problems(err), nil
}

// isObject says data is one JSON object.
func isObject(data []byte) bool {
	var v map[string]json.RawMessage
	return json.Valid(data) && bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) && json.Unmarshal(data, &v) == nil
}

// Problems are the FieldErrors of err, as site.Parse joins them; an error
// of another kind is one problem at the top.
func Problems(err error) []*site.FieldError {
	if err == nil {
		return nil
	}
	var list []error
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		list = joined.Unwrap()
	} else {
		list = []error{err}
	}
	out := make([]*site.FieldError, 0, len(list))
	for _, e := range list {
		var fe *site.FieldError
		if !errors.As(e, &fe) {
			fe = &site.FieldError{Msg: e.Error()}
		}
		out = append(out, fe)
	}
	return out
}

// OpenDraft is draft id as stored, its configuration included.
func (s *Service) OpenDraft(ctx context.Context, id int64) (Draft, error) {
	if s.store == nil {
		return Draft{}, ErrNoDraft
	}
	return s.store.SiteDraft(ctx, id)
}

// Drafts lists the drafts being prepared, the last changed first.
func (s *Service) Drafts(ctx context.Context) ([]Draft, error) {
	if s.store == nil {
		return nil, nil
	}
	return s.store.SiteDrafts(ctx, MaxDraftsListed)
}

// DiscardDraft removes draft id.
func (s *Service) DiscardDraft(ctx context.Context, id int64) error {
	return s.store.DeleteSiteDraft(ctx, id)
}

// PublishDraft publishes draft id by actor as the newest version, then
// removes the draft. Refused: a draft with problems (ErrDraftInvalid), one
// whose base is no longer the newest version (ErrMeanwhile: it would undo
// what another published since; Changes says what).
func (s *Service) PublishDraft(ctx context.Context, actor, id int64, by, note string) (Version, error) {
	d, err := s.OpenDraft(ctx, id)
	if err != nil {
		return Version{}, err
	}
	if err := s.check(fmt.Sprintf("draft %d", id), d.Config); err != nil {
		return Version{}, fmt.Errorf("%w: %v", ErrDraftInvalid, err)
	}
	v, err := s.keep(ctx, auditPublish(actor), d.Config, by, note, d.Base)
	if err != nil {
		return v, err
	}
	return v, s.store.DeleteSiteDraft(ctx, id)
}

// Draft is the agency draft id makes: its site, the published version it
// stands beside, Draft set (ErrNoDraft when there is none, ErrDraftInvalid
// while it has problems).
func (s *Service) Draft(ctx context.Context, id int64) (*Agency, error) {
	d, err := s.OpenDraft(ctx, id)
	if err != nil {
		return nil, err
	}
	cfg, err := site.Parse(fmt.Sprintf("draft %d", id), d.Config)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDraftInvalid, err)
	}
	return &Agency{Site: cfg, Version: s.Current().Version, Draft: id}, nil
}
