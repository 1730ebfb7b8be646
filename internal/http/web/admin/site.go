package admin

import (
	"context"
	"crypto/sha256"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"immo/internal/domain/account"
	"immo/internal/domain/agency"
	"immo/internal/domain/i18n"
)

// The site's section of the inbox (issue #32): its history so far — every
// published version, who published it, when, why and what it changed,
// each previewed as it was, any brought back in one click.
const (
	sitePath        = Prefix + "site/"
	siteVersionPath = sitePath + "versions/" // {version}/{the page's own path}: the preview of a version
	// siteHistoryShown is how many versions the history lists, newest first.
	siteHistoryShown = 100
)

// SiteHistory is the agency's published versions (agency.Service).
type SiteHistory interface {
	Current() *agency.Agency
	Versions(ctx context.Context, limit int) ([]agency.Version, error)
	// Version is version id, its configuration included (agency.ErrNoVersion when none).
	Version(ctx context.Context, id int64) (agency.Version, error)
	// AtVersion is the agency version id makes, for its preview
	// (agency.ErrNoVersion when none).
	AtVersion(ctx context.Context, id int64) (*agency.Agency, error)
	// Revert publishes version id again as the newest, by actor
	// (agency.ErrNoVersion, agency.ErrBroken: refused, coded).
	Revert(ctx context.Context, e agency.Editor, id int64, note string) (agency.Version, error)
}

// SiteProps are the site's section: its published versions.
type SiteProps struct {
	Base
	Versions []SiteVersionRow `json:"versions"`
	// Drafts are the drafts being prepared: who is editing, since when.
	Drafts []SiteDraftRow `json:"drafts"`
	// Previous is the version published before the one served: an
	// unpublish brings it back (0: none).
	Previous int64  `json:"previous"`
	Action   string `json:"action"` // where a revert, an unpublish and a new draft post
	// Pictures is the picture library's page ("": none).
	Pictures string `json:"pictures"`
	// Labels are the editor's names of the configuration's sections
	// (siteeditor.section.*), in the page's language: a summary's words.
	Labels Texts `json:"labels" tstype:"Record<string, string>"`
}

// sectionLabels are each language's siteeditor.section.* words, made once.
var sectionLabels = sync.OnceValue(func() map[string]Texts { return wordsOf("siteeditor.section.") })

func (SiteProps) View() string { return ViewSite }

// SiteVersionRow is one published version.
type SiteVersionRow struct {
	ID      int64  `json:"id"`
	At      string `json:"at"`   // RFC 3339
	By      string `json:"by"`   // a staff member's address ("": a file)
	File    string `json:"file"` // the file it came from ("": a staff member's)
	Note    string `json:"note"`
	Current bool   `json:"current"` // the version served
	// Online: its configuration is the one served (the version served, or
	// one a revert brought back): bringing it back would change nothing.
	Online  bool   `json:"online"`
	Preview string `json:"preview"` // the site as it makes it
	// Summary is what it changed of the version it was published over;
	// null when none was kept (the first version, or one published before
	// summaries were).
	Summary *agency.Summary `json:"summary"`
}

// serveSite answers the site's history, and its one form: a version
// brought back (published again as the newest, as the admin logged in,
// audited; the page then says so).
func (h *Handler) serveSite(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	v := p.viewer
	done := sitePath + "?done=reverted"
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) {
		if p.values["action"] == "edit" {
			d, err := h.o.Drafts.StartDraft(ctx, v.Account.Email)
			done = siteDraftsPath + strconv.FormatInt(d.ID, 10) + "/"
			return only(err)
		}
		id, err := strconv.ParseInt(strings.TrimSpace(p.values["version"]), 10, 64)
		if err != nil || id <= 0 || p.values["action"] != "revert" && p.values["action"] != "unpublish" {
			return map[string]string{"version": agency.ErrNoVersion.Key}, nil
		}
		note := i18n.Tf(p.base.Lang, "admin.site."+p.values["action"]+"Note", "n", strconv.FormatInt(id, 10))
		if p.values["action"] == "unpublish" {
			done = sitePath + "?done=unpublished"
		}
		_, err = h.o.Site.Revert(ctx, editorOf(v), id, note)
		return only(err)
	}, next: &done, form: "revert", notice: "admin.site.done.",
		notices: []string{"reverted", "unpublished", "published", "discarded", "gone"}})
	if answered {
		return
	}
	props := SiteProps{Base: p.base, Versions: []SiteVersionRow{}, Drafts: []SiteDraftRow{}, Action: sitePath,
		Labels: sectionLabels()[p.base.Lang], Pictures: h.picturesPath()}
	drafts, err := h.o.Drafts.Drafts(ctx)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	for _, d := range drafts {
		props.Drafts = append(props.Drafts, draftRow(d, v))
	}
	list, err := h.o.Site.Versions(ctx, siteHistoryShown)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	served := int64(0)
	if cur := h.o.Site.Current(); cur != nil {
		served = cur.Version
	}
	var online [sha256.Size]byte
	for i, ver := range list {
		if ver.ID == served {
			online = ver.Hash
			if i+1 < len(list) {
				props.Previous = list[i+1].ID
			}
		}
	}
	for _, ver := range list {
		row := SiteVersionRow{ID: ver.ID, At: stamp(ver.At), By: ver.By, Note: ver.Note, Current: ver.ID == served,
			Online: ver.ID == served || ver.Hash == online, Preview: siteVersionPath + strconv.FormatInt(ver.ID, 10) + "/", Summary: ver.Summary}
		if file, ok := strings.CutPrefix(ver.By, agency.FromFile); ok {
			row.By, row.File = "", file
		}
		props.Versions = append(props.Versions, row)
	}
	h.render(w, r, props, props.Base, status)
}

// serveSiteVersion answers an editor's preview of a published version, as
// the draft's preview answers (never cached, indexed or counted); anyone
// else, and a version that is not, get the inbox's not-found page.
func (h *Handler) serveSiteVersion(w http.ResponseWriter, r *http.Request) {
	h.preview(w, r, siteVersionPath, r.PathValue("version"), account.FromContext(r.Context()).CanEditSite(), h.o.Site.AtVersion,
		agency.ErrNoVersion)
}
