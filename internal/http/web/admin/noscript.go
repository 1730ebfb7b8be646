package admin

import (
	"context"
	"encoding/json"
	"html/template"

	"immo/internal/http/web/ssr"
)

// noscript is the inbox's server render: not the page (the browser renders
// it), but what a browser without JavaScript shows in its place — that the
// inbox needs it, in the page's language — instead of a blank page. The
// app replaces it when it mounts.
type noscript struct{}

func (noscript) Render(_ context.Context, page []byte) (ssr.Result, error) {
	var obj struct {
		Props struct {
			Lang string `json:"lang"`
		} `json:"props"`
	}
	if err := json.Unmarshal(page, &obj); err != nil {
		return ssr.Result{}, err
	}
	say := texts()[obj.Props.Lang]["admin.noscript"]
	return ssr.Result{Body: `<noscript><p class="admin-noscript">` + template.HTMLEscapeString(say) + `</p></noscript>`}, nil
}
