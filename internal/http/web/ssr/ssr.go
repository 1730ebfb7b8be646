// Package ssr renders Inertia page objects to HTML with the React server
// bundle of web/ (internal/http/web/assets/dist/server/ssr.js), run in
// modernc.org/quickjs: pure Go, no CGO, no Node at run time.
//
// The bundle defines globalThis.immoRender(pageJSON) which returns the page's
// HTML, a Result's Body (a string as is: no JSON to encode in the engine and
// decode here). A Pool keeps a few engines loaded with the bundle. Render
// returns an error whenever it cannot render in time; the caller then serves
// the client-rendered shell (AppHTML with a zero Result), which the browser
// renders itself.
package ssr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"html/template"
)

// Result is what the server bundle returns for one page. The head is not
// React's: Go writes it (internal/http/web/document.go).
type Result struct {
	// Body is the inner HTML of <div id="app">.
	Body string
}

// Renderer renders an Inertia page object, the JSON text
// {"component":…,"props":…,"url":…,"version":…}.
type Renderer interface {
	Render(ctx context.Context, page []byte) (Result, error)
}

var (
	// ErrBusy: every engine stayed busy for the whole wait.
	ErrBusy = errors.New("ssr: every engine is busy")
	// ErrTimeout: the render ran past its deadline and was interrupted.
	ErrTimeout = errors.New("ssr: render timed out")
	// ErrClosed: the pool was closed.
	ErrClosed = errors.New("ssr: renderer closed")
	// ErrDisabled: there is no server bundle (web/ was not built).
	ErrDisabled = errors.New("ssr: server rendering disabled (no server bundle)")
)

// Disabled is the Renderer to use without a server bundle: every page is
// served as the client-rendered shell.
type Disabled struct{}

// Render returns ErrDisabled.
func (Disabled) Render(context.Context, []byte) (Result, error) { return Result{}, ErrDisabled }

// AppHTML returns the app container and the page object, for the document's
// <body>:
//
//	<div id="app">{r.Body}</div><script type="application/json" id="page">{page}</script>
//
// page must be the same JSON text that was rendered; it is HTML-escaped
// (<, >, & as \u003c…), so it cannot end the script element. With a zero
// Result (rendering failed or is disabled) this is the client-rendered
// shell: the browser renders the page from the embedded page object.
func AppHTML(r Result, page []byte) template.HTML {
	var b bytes.Buffer
	b.Grow(len(r.Body) + len(page) + 96)
	b.WriteString(`<div id="app">`)
	b.WriteString(r.Body)
	b.WriteString(`</div><script type="application/json" id="page">`)
	json.HTMLEscape(&b, page)
	b.WriteString(`</script>`)
	return template.HTML(b.String())
}
