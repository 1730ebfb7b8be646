package admin

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/agenda"
	"immo/internal/domain/i18n"
	"immo/internal/domain/site"
	"immo/internal/http/httpapi"
)

// The site editor (issue #32): a draft of the whole configuration, edited
// by the one who started it in forms drawn from the configuration's own
// types, kept as typed after every change (autosave), checked by the
// rules of a configuration file with each problem at its field, previewed
// beside the form, published with a summary of what it changes — and
// refused when another version was published since it started.
const (
	siteDraftsPath = sitePath + "drafts/" // {draft}/: the editor; {draft}/config: its autosave
)

// SiteDrafts are the editors' drafts (agency.Service).
type SiteDrafts interface {
	StartDraft(ctx context.Context, by string) (agency.Draft, error)
	OpenDraft(ctx context.Context, id int64) (agency.Draft, error)
	KeepDraft(ctx context.Context, id int64, data []byte, e agency.Editor) (agency.Draft, []*site.FieldError, error)
	// ParseDraft is a draft's configuration parsed, once however often asked (site.Parse).
	ParseDraft(id int64, data []byte) (*site.Config, error)
	Drafts(ctx context.Context) ([]agency.Draft, error)
	DiscardDraft(ctx context.Context, id int64) error
	PublishDraft(ctx context.Context, e agency.Editor, id int64, note string) (agency.Version, error)
	ScheduleDraft(ctx context.Context, e agency.Editor, id int64, at time.Time) error
}

// SiteDraftProps are the editor of one draft.
type SiteDraftProps struct {
	Base
	Draft SiteDraftRow `json:"draft"`
	// Config is the draft as typed: JSON text, its keys in their order.
	Config   string        `json:"config"`
	Schema   site.Schema   `json:"schema"`
	Problems []SiteProblem `json:"problems"`
	// What publishing it would do: what it changes of the version it
	// started from, the addresses it moves, its links to one of them.
	draftSummary
	// Meanwhile, when not empty, is what was published since the draft
	// started: its publish would undo it, and is refused.
	Meanwhile []agency.SiteChange `json:"meanwhile"`
	// Latest is the version served now.
	Latest int64 `json:"latest"`
	// Others are the other drafts being prepared: who else is editing.
	Others []SiteDraftRow `json:"others"`
	Save   string         `json:"save"`   // where the autosave PUTs the configuration
	Action string         `json:"action"` // where publish and discard post
	// Pictures is the picture library's page, where picture fields choose from ("": none).
	Pictures string   `json:"pictures"`
	Langs    []string `json:"langs"` // the product's languages, the editor's columns
	// AdminOnly are the sections only an admin changes: read-only to another editor.
	AdminOnly []string `json:"adminOnly"`
	// Labels are the editor's words for the configuration's fields,
	// sections and types (siteeditor.*), in the page's language.
	Labels Texts `json:"labels" tstype:"Record<string, string>"`
}

// editorLabels are each language's siteeditor.* words, made once.
var editorLabels = sync.OnceValue(func() map[string]Texts { return wordsOf("siteeditor.") })

func (SiteDraftProps) View() string { return ViewSiteDraft }

// SiteDraftRow is one draft.
type SiteDraftRow struct {
	ID        int64  `json:"id"`
	Base      int64  `json:"base"`
	By        string `json:"by"`
	UpdatedBy string `json:"updatedBy"`
	Updated   string `json:"updated"` // RFC 3339
	Mine      bool   `json:"mine"`
	// PublishAt is when it is to be published (RFC 3339; "": not
	// scheduled), Failed why its scheduled publication did not happen (a
	// translation key; "": none).
	PublishAt string `json:"publishAt"`
	Failed    string `json:"failed"`
	Href      string `json:"href"`
	Preview   string `json:"preview"`
}

// SiteProblem is one problem of a draft, at its field (a JSON path).
type SiteProblem struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// editorOf is the staff member v as the drafts know an editor.
func editorOf(v account.Viewer) agency.Editor {
	return agency.Editor{ID: v.Account.ID, Email: v.Account.Email, Admin: v.IsAdmin()}
}

func draftRow(d agency.Draft, v account.Viewer) SiteDraftRow {
	id := strconv.FormatInt(d.ID, 10)
	row := SiteDraftRow{ID: d.ID, Base: d.Base, By: d.By, UpdatedBy: d.UpdatedBy, Updated: stamp(d.Updated),
		Mine: d.By == v.Account.Email, Href: siteDraftsPath + id + "/", Preview: previewPath + id + "/", Failed: d.ScheduleFailed}
	if !d.PublishAt.IsZero() {
		row.PublishAt = stamp(d.PublishAt)
	}
	return row
}

// problems are a draft's problems in lang.
func problems(list []*site.FieldError, lang string) []SiteProblem {
	out := make([]SiteProblem, 0, len(list))
	for _, p := range list {
		out = append(out, SiteProblem{Path: p.Path, Message: p.In(lang)})
	}
	return out
}

// serveSiteDraft answers the editor of a draft, and its two forms: publish
// (with a note; refused with the problems, or with what was published
// meanwhile) and discard.
func (h *Handler) serveSiteDraft(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	v := p.viewer
	id, err := strconv.ParseInt(r.PathValue("draft"), 10, 64)
	if err != nil || id <= 0 {
		h.fail(w, r, http.StatusNotFound, nil)
		return
	}
	// A draft gone (published, discarded: Back, a second click) is said on
	// the section's page, whatever was asked of it.
	if _, err := h.o.Drafts.OpenDraft(ctx, id); errors.Is(err, agency.ErrNoDraft) {
		h.rs.Redirect(w, r, sitePath+"?done=gone", http.StatusSeeOther)
		return
	}
	// Published or discarded: on to the section; (un)scheduled: back here.
	done := sitePath + "?done=" + p.values["action"] + "ed"
	if a := p.values["action"]; a == "schedule" || a == "unschedule" {
		done = siteDraftsPath + strconv.FormatInt(id, 10) + "/?done=" + a + "d"
	}
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) {
		switch p.values["action"] {
		case "publish":
			_, err := h.o.Drafts.PublishDraft(ctx, editorOf(v), id, p.values["note"])
			return only(err)
		case "schedule":
			at, err := time.ParseInLocation("2006-01-02T15:04", strings.TrimSpace(p.values["at"]), agenda.Brussels)
			if err != nil {
				return map[string]string{"at": agency.ErrScheduleTime.Key}, nil
			}
			return only(h.o.Drafts.ScheduleDraft(ctx, editorOf(v), id, at))
		case "unschedule":
			return only(h.o.Drafts.ScheduleDraft(ctx, editorOf(v), id, time.Time{}))
		case "discard":
			d, err := h.o.Drafts.OpenDraft(ctx, id)
			if err == nil && d.By != v.Account.Email && !v.IsAdmin() {
				err = agency.ErrNotYours
			}
			if err == nil {
				err = h.o.Drafts.DiscardDraft(ctx, id)
			}
			return only(err)
		}
		return map[string]string{"action": "admin.site.error.action"}, nil
	}, done: done, form: p.values["action"], notice: "admin.site.done.", notices: []string{"scheduled", "unscheduled"}})
	if answered {
		return
	}
	d, err := h.o.Drafts.OpenDraft(ctx, id)
	switch {
	case errors.Is(err, agency.ErrNoDraft):
		h.fail(w, r, http.StatusNotFound, nil)
		return
	case err != nil:
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	props, err := h.siteDraftProps(ctx, p.base, v, d)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	h.render(w, r, props, props.Base, status)
}

// siteDraftProps are the editor's props for draft d: its problems, what
// it changes, what was published since it started, who else edits.
func (h *Handler) siteDraftProps(ctx context.Context, b Base, v account.Viewer, d agency.Draft) (SiteDraftProps, error) {
	id := strconv.FormatInt(d.ID, 10)
	props := SiteDraftProps{Base: b, Draft: draftRow(d, v), Config: string(d.Config), Schema: site.ConfigSchema(),
		Problems: []SiteProblem{}, Meanwhile: []agency.SiteChange{}, Others: []SiteDraftRow{},
		Save: siteDraftsPath + id + "/config", Action: siteDraftsPath + id + "/", Langs: i18n.Languages, Pictures: h.picturesPath(),
		Labels: editorLabels()[b.Lang], AdminOnly: agency.AdminSections}
	after, err := h.o.Drafts.ParseDraft(d.ID, d.Config)
	props.Problems = problems(agency.Problems(err), b.Lang)
	if err != nil {
		after = nil
	}
	if props.draftSummary, err = h.summaryOf(ctx, d, after); err != nil {
		return props, err
	}
	if cur := h.o.Site.Current(); cur != nil {
		props.Latest = cur.Version
		if cur.Version != d.Base {
			base, err := h.o.Site.Version(ctx, d.Base)
			if err != nil && !errors.Is(err, agency.ErrNoVersion) {
				return props, err
			}
			latest, err := h.o.Site.Version(ctx, cur.Version)
			if err != nil {
				return props, err
			}
			props.Meanwhile = agency.Changes(base.Config, latest.Config)
		}
	}
	others, err := h.o.Drafts.Drafts(ctx)
	if err != nil {
		return props, err
	}
	// Who else is editing: each other author once, by their latest draft.
	seen := map[string]bool{v.Account.Email: true}
	for _, o := range others {
		if !seen[o.By] {
			seen[o.By] = true
			props.Others = append(props.Others, draftRow(o, v))
		}
	}
	return props, nil
}

// draftSummary is what publishing a draft would do: what it changes of
// the version it started from, the addresses it moves, and its links that
// still lead to one of them.
type draftSummary struct {
	Changes []agency.SiteChange `json:"changes"`
	Moves   []site.MovedPath    `json:"moves"`
	// Deleted are the moves' old addresses of pages the draft deletes:
	// the editor may have them answer 410 (gone) instead. Gone are those
	// the draft already has answer 410 (its moved list, new since its base).
	Deleted []string           `json:"deleted"`
	Gone    []string           `json:"gone"`
	Links   []agency.StaleLink `json:"links"`
}

// summaryOf is draft d's summary; after is d parsed (nil: it has
// problems, and no moves are said).
func (h *Handler) summaryOf(ctx context.Context, d agency.Draft, after *site.Config) (draftSummary, error) {
	sum := draftSummary{Changes: []agency.SiteChange{}, Moves: []site.MovedPath{}, Deleted: []string{}, Gone: []string{}, Links: []agency.StaleLink{}}
	base, err := h.o.Site.Version(ctx, d.Base)
	if err != nil && !errors.Is(err, agency.ErrNoVersion) {
		return sum, err
	}
	if c := agency.Changes(base.Config, d.Config); c != nil {
		sum.Changes = c
	}
	// The version online is parsed already; another is parsed here.
	var before *site.Config
	if cur := h.o.Site.Current(); cur != nil && cur.Version == d.Base && cur.Draft == 0 {
		before = cur.Site
	} else if before, err = site.Parse("base", base.Config); err != nil {
		return sum, nil
	}
	if after != nil {
		sum.Moves, sum.Links = agency.Moving(before, after, d.Config)
		sum.Deleted, sum.Gone = deletedAndGone(before, after, sum.Moves)
	}
	return sum, nil
}

// deletedAndGone are, of the moves publishing after would record, the old
// addresses of the pages it deletes; and the addresses after's moved list
// newly has answer 410.
func deletedAndGone(before, after *site.Config, moves []site.MovedPath) (deleted, gone []string) {
	deleted, gone = []string{}, []string{}
	olds := map[string]bool{}
	for _, p := range before.AllPages() {
		if after.PageByID(p.ID) == nil {
			for _, lang := range before.Languages.Enabled() {
				olds[before.PageURL(p, lang)] = true
			}
		}
	}
	for _, m := range moves {
		if olds[m.From] {
			deleted = append(deleted, m.From)
		}
	}
	for _, m := range after.Moved {
		if _, had := before.MovedTo(m.From); m.To == "" && !had {
			gone = append(gone, m.From)
		}
	}
	return deleted, gone
}

// siteCrossOrigin refuses an autosave another site's page made the browser send.
var siteCrossOrigin = http.NewCrossOriginProtection()

// serveSiteDraftConfig keeps what the editor sends as the draft (PUT, the
// configuration as JSON, at most agency.MaxConfigBytes) and answers its
// problems in the editor's language: {updated, problems}. A refusal is
// {error} with its status, the draft unchanged.
func (h *Handler) serveSiteDraftConfig(w http.ResponseWriter, r *http.Request) {
	v, lang := account.FromContext(r.Context()), h.langOf(r)
	if !v.CanEditSite() { // signed out, or staff without the editor right
		answerJSON(w, http.StatusForbidden, map[string]string{"error": i18n.T(lang, "admin.error.forbidden")})
		return
	}
	id, err := strconv.ParseInt(r.PathValue("draft"), 10, 64)
	if err != nil || id <= 0 {
		http.Error(w, http.StatusText(http.StatusNotFound), http.StatusNotFound)
		return
	}
	if err := siteCrossOrigin.Check(r); err != nil {
		http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
		return
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, agency.MaxConfigBytes+1))
	if err != nil || len(data) > agency.MaxConfigBytes {
		answerJSON(w, http.StatusRequestEntityTooLarge, map[string]string{"error": i18n.T(lang, "admin.site.error.tooLarge")})
		return
	}
	d, list, err := h.o.Drafts.KeepDraft(r.Context(), id, data, editorOf(v))
	if err != nil {
		status, problems, ok := refusal(err)
		if !ok {
			h.o.Log.Error("inbox", "url", r.URL.Path, "err", err)
			status, problems = http.StatusInternalServerError, map[string]string{"": "admin.site.error.server"}
		}
		var key string
		for _, k := range problems {
			key = k
		}
		answerJSON(w, status, map[string]string{"error": i18n.T(lang, key)})
		return
	}
	var after *site.Config
	if len(list) == 0 {
		after, _ = h.o.Drafts.ParseDraft(d.ID, d.Config)
	}
	sum, err := h.summaryOf(r.Context(), d, after)
	if err != nil {
		h.o.Log.Error("inbox", "url", r.URL.Path, "err", err)
	}
	answerJSON(w, http.StatusOK, struct {
		Updated  string        `json:"updated"`
		Problems []SiteProblem `json:"problems"`
		draftSummary
	}{stamp(d.Updated), problems(list, lang), sum})
}

// answerJSON writes body as the autosave's private JSON answer with status.
func answerJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Cache-Control", "no-store")
	httpapi.JSON(w, status, body)
}
