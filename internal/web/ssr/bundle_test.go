package ssr_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"immo/internal/web/assets"
	"immo/internal/web/ssr"
)

// These tests run the real server bundle, built by `npm run build` in web/.
func bundle(tb testing.TB) []byte {
	tb.Helper()
	b, ok := assets.ServerBundle()
	if !ok {
		tb.Skip("no internal/web/assets/dist/server/ssr.js: run `npm ci && npm run build` in web/")
	}
	return b
}

type item struct {
	ID    int    `json:"id"`
	Name  string `json:"name"`
	Price int    `json:"price"`
	URL   string `json:"url,omitempty"`
}

func homePage(n int) []byte {
	items := make([]item, n)
	for i := range items {
		items[i] = item{ID: i + 1, Name: fmt.Sprintf("Villa %d <b>", i+1), Price: 250000 + 1000*i, URL: fmt.Sprintf("/property/%d/", i+1)}
	}
	b, err := json.Marshal(map[string]any{
		"component": "Home",
		"props":     map[string]any{"title": "Latest offers", "items": items, "lang": "nl"},
		"url":       "/",
		"version":   "abc",
	})
	if err != nil {
		panic(err)
	}
	return b
}

func TestRenderHome(t *testing.T) {
	p, err := ssr.NewPool(bundle(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	res, err := p.Render(context.Background(), homePage(3))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<h1>Latest offers</h1>`,
		`Villa 1 &lt;b&gt;`,
		`€ 250.000`,
		`€ 252.000`,
		`href="/property/3/"`,
		`<a href="/for-sale/">For sale</a>`,
		`aria-current="page"`,
	} {
		if !strings.Contains(res.Body, want) {
			t.Errorf("body lacks %q:\n%s", want, res.Body)
		}
	}
	head := strings.Join(res.Head, "")
	if !strings.Contains(head, `<title data-head="ssr">Latest offers</title>`) || !strings.Contains(head, `<meta name="description" content="Latest offers" data-head="ssr">`) {
		t.Errorf("head: %s", head)
	}
}

func TestRenderNotFoundAndUnknown(t *testing.T) {
	p, err := ssr.NewPool(bundle(t), 1, ssr.WithWait(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	res, err := p.Render(context.Background(), []byte(`{"component":"NotFound","props":{},"url":"/nope/","version":"abc"}`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Body, "Page not found") || !strings.Contains(strings.Join(res.Head, ""), "noindex") {
		t.Fatalf("%+v", res)
	}
	_, err = p.Render(context.Background(), []byte(`{"component":"Nope","props":{},"url":"/","version":"abc"}`))
	if err == nil || !strings.Contains(err.Error(), `unknown view "Nope"`) {
		t.Fatalf("err = %v, want unknown view", err)
	}
	// The engine that failed was replaced; the pool still renders.
	if _, err := p.Render(context.Background(), homePage(1)); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkRender(b *testing.B) {
	p, err := ssr.NewPool(bundle(b), 1)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	pg := homePage(24)
	b.ResetTimer()
	for b.Loop() {
		if _, err := p.Render(context.Background(), pg); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRenderParallel(b *testing.B) {
	p, err := ssr.NewPool(bundle(b), 0, ssr.WithWait(10*time.Second))
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	pg := homePage(24)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := p.Render(context.Background(), pg); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func BenchmarkNewPool(b *testing.B) {
	src := bundle(b)
	for b.Loop() {
		p, err := ssr.NewPool(src, 1)
		if err != nil {
			b.Fatal(err)
		}
		p.Close()
	}
}
