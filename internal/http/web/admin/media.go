package admin

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"immo/internal/domain/agency"
	"immo/internal/domain/i18n"
	"immo/internal/domain/media"
	"immo/internal/domain/site"
	"immo/internal/domain/upload"
)

// The site's picture library (issue #32): pictures uploaded by content,
// each with its alternative text per language and where the site and the
// drafts use it; one in use cannot be deleted. The editor's picture fields
// choose from it (they read this page's props).
const sitePicturesPath = sitePath + "pictures/"

// MediaLibrary is the library (media.Library).
type MediaLibrary interface {
	List(ctx context.Context) ([]media.Entry, error)
	Add(ctx context.Context, e agency.Editor, name string, data []byte, alt site.Text) (media.Item, error)
	SetAlt(ctx context.Context, e agency.Editor, id int64, alt site.Text) error
	Delete(ctx context.Context, e agency.Editor, id int64) error
}

// MediaProps are the library's page.
type MediaProps struct {
	Base
	Items  []MediaRow `json:"items"`
	Action string     `json:"action"` // where an upload, a text and a delete post
	// Accept is the upload's accept list; MaxSize its bound in bytes.
	Accept  []string `json:"accept"`
	MaxSize int      `json:"maxSize"`
	Langs   []string `json:"langs"` // the alternative texts' languages
	// Added is the picture just uploaded (?added=), 0: none.
	Added int64 `json:"added"`
}

func (MediaProps) View() string { return ViewSiteMedia }

// MediaRow is one picture.
type MediaRow struct {
	ID     int64             `json:"id"`
	URL    string            `json:"url"`
	Name   string            `json:"name"`
	Width  int               `json:"width"`
	Height int               `json:"height"`
	Size   int               `json:"size"`
	Alt    map[string]string `json:"alt"`
	By     string            `json:"by"`
	At     string            `json:"at"` // RFC 3339
	Uses   []MediaUse        `json:"uses"`
}

// MediaUse is one field a picture fills: in the published site (Draft 0)
// or in a draft (Href its editor).
type MediaUse struct {
	Draft int64  `json:"draft"`
	Href  string `json:"href"`
	Path  string `json:"path"`
}

// serveMedia answers the library and its three forms: a picture added
// (the file and its texts), its texts changed, a picture deleted.
func (h *Handler) serveMedia(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	e := editorOf(p.viewer)
	done := sitePicturesPath + "?done="
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) {
		switch p.values["action"] {
		case "add":
			var name string
			var data []byte
			for _, f := range p.files {
				if f.Field == "file" {
					name, data = f.Name, f.Data
				}
			}
			it, err := h.o.Media.Add(ctx, e, name, data, altOf(p.values))
			done += "added&added=" + strconv.FormatInt(it.ID, 10)
			return only(err)
		case "alt":
			done += "saved"
			return only(h.o.Media.SetAlt(ctx, e, pictureID(p.values), altOf(p.values)))
		case "delete":
			done += "deleted"
			return only(h.o.Media.Delete(ctx, e, pictureID(p.values)))
		}
		return map[string]string{"action": "admin.error.action"}, nil
	}, next: &done, form: "picture", notice: "admin.media.done.", notices: []string{"added", "saved", "deleted"}})
	if answered {
		return
	}
	list, err := h.o.Media.List(ctx)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	props := MediaProps{Base: p.base, Items: make([]MediaRow, 0, len(list)), Action: sitePicturesPath,
		Accept: upload.Media.Accept(), MaxSize: upload.MaxSize, Langs: i18n.Languages}
	props.Added, _ = strconv.ParseInt(r.URL.Query().Get("added"), 10, 64)
	for _, it := range list {
		row := MediaRow{ID: it.ID, URL: it.URL(), Name: it.Name, Width: it.Width, Height: it.Height, Size: it.Size,
			Alt: it.Alt, By: it.By, At: stamp(it.Created), Uses: []MediaUse{}}
		for _, u := range it.Uses {
			use := MediaUse{Draft: u.Draft, Path: u.Path}
			if u.Draft != 0 {
				use.Href = siteDraftsPath + strconv.FormatInt(u.Draft, 10) + "/"
			}
			row.Uses = append(row.Uses, use)
		}
		props.Items = append(props.Items, row)
	}
	h.render(w, r, props, props.Base, status)
}

// picturesPath is the library's page; "" when the site has none.
func (h *Handler) picturesPath() string {
	if h.o.Media == nil {
		return ""
	}
	return sitePicturesPath
}

// altOf are the texts a form posted (alt.nl, alt.fr…).
func altOf(values map[string]string) site.Text {
	alt := site.Text{}
	for _, lang := range i18n.Languages {
		if s := strings.TrimSpace(values["alt."+lang]); s != "" {
			alt[lang] = s
		}
	}
	return alt
}

// pictureID is the picture a form names; 0 (none) when it names none.
func pictureID(values map[string]string) int64 {
	id, err := strconv.ParseInt(strings.TrimSpace(values["picture"]), 10, 64)
	if err != nil || id < 0 {
		return 0
	}
	return id
}
