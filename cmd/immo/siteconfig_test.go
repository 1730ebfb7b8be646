package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"immo/internal/adapter/demo"
)

// TestSiteConfigTwoServers: two servers on one database serve the demo
// agency; `immo config import` publishes a change, and both serve it with
// no restart (the design target is two seconds; the wait here is bounded
// for a busy machine). Then the command's other answers: the same file
// again publishes nothing, export gives the bytes back, a broken file is
// refused with its name and changes nothing.
func TestSiteConfigTwoServers(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	t.Setenv("IMMO_PRERENDER", "off")
	dir := t.TempDir()
	out := &syncBuffer{}
	oldOut, oldLog := stdout, logOutput
	stdout, logOutput = out, io.Discard
	t.Cleanup(func() { stdout, logOutput = oldOut, oldLog })

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 2)
	started := 0
	t.Cleanup(func() {
		cancel()
		for range started {
			if err := <-done; err != nil {
				t.Error(err)
			}
		}
	})
	// One after the other: the first creates the database (two migrating a
	// new SQLite file at once would race), the second joins it.
	serving := regexp.MustCompile(`immo is serving on (http://\S+)`)
	var urls []string
	for n := 1; n <= 2; n++ {
		go func() { done <- run(ctx, []string{"serve", "--data-dir", dir, "--addr", "127.0.0.1:0"}) }()
		started++
		for deadline := time.Now().Add(60 * time.Second); len(urls) < n; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("server %d did not start:\n%s", n, out)
			}
			urls = nil
			for _, m := range serving.FindAllStringSubmatch(out.String(), -1) {
				urls = append(urls, m[1])
			}
		}
	}
	home := func(base string) string {
		res, err := http.Get(base + "/fr/")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	for _, u := range urls {
		if page := home(u); !strings.Contains(page, "Immo Arlon") || strings.Contains(page, "Immo Arlon-Virton") {
			t.Fatalf("%s does not serve the demo agency", u)
		}
	}

	changed := filepath.Join(t.TempDir(), "site.json")
	body := strings.ReplaceAll(string(demo.SiteJSON()), `"name": "Immo Arlon"`, `"name": "Immo Arlon-Virton"`)
	if err := os.WriteFile(changed, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"config", "import", "--data-dir", dir, "--note", "new name", changed}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "version 2 published") {
		t.Fatalf("import said:\n%s", out)
	}
	start := time.Now()
	for _, u := range urls {
		for deadline := time.Now().Add(60 * time.Second); !strings.Contains(home(u), "Immo Arlon-Virton"); time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s still serves the old configuration a minute after it was published", u)
			}
		}
	}
	t.Logf("both servers serve the new version %v after it was published", time.Since(start).Round(10*time.Millisecond))

	// The same file again: nothing published.
	if err := run(context.Background(), []string{"config", "import", "--data-dir", dir, changed}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "is the version served, 2") {
		t.Errorf("the same file again:\n%s", out)
	}
	// Export gives the published bytes back.
	exported := filepath.Join(t.TempDir(), "out.json")
	if err := run(context.Background(), []string{"config", "export", "--data-dir", dir, exported}); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(exported); err != nil || string(b) != body {
		t.Errorf("export: %d bytes, %v; want the file published", len(b), err)
	}
	// A file that breaks a rule: refused, its name in the message, nothing published.
	broken := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(broken, []byte(strings.Replace(body, `"default": "fr"`, `"default": "xx"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"config", "import", "--data-dir", dir, broken}); err == nil || !strings.Contains(err.Error(), "broken.json") {
		t.Errorf("a broken file: %v, want refused with its name", err)
	}
	// A draft: kept, refused when broken, and nothing published.
	if err := run(context.Background(), []string{"config", "draft", "--data-dir", dir, changed}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "draft 1 saved") || !strings.Contains(out.String(), "/admin/preview/1/") {
		t.Errorf("draft said:\n%s", out)
	}
	if err := run(context.Background(), []string{"config", "draft", "--data-dir", dir, "--draft", "1", broken}); err == nil || !strings.Contains(err.Error(), "broken.json") {
		t.Errorf("a broken draft: %v, want refused with its name", err)
	}
	if err := run(context.Background(), []string{"config", "list", "--data-dir", dir}); err != nil {
		t.Fatal(err)
	}
	list := out.String()[strings.LastIndex(out.String(), "VERSION"):]
	if !strings.Contains(list, "new name") || !strings.Contains(list, "file demo/site.json") || strings.Count(list, "\n") != 3 {
		t.Errorf("list:\n%s\nwant the demo's version and the new one", list)
	}
	// Going back: the first version's file, exported and imported again, is
	// published anew and served.
	first := filepath.Join(t.TempDir(), "first.json")
	if err := run(context.Background(), []string{"config", "export", "--data-dir", dir, "--version", "1", first}); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"config", "import", "--data-dir", dir, "--note", "back", first}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "version 3 published") {
		t.Fatalf("importing the first version's file again:\n%s", out)
	}
	for _, u := range urls {
		for deadline := time.Now().Add(60 * time.Second); strings.Contains(home(u), "Immo Arlon-Virton"); time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s still serves version 2 a minute after the first came back", u)
			}
		}
	}
}
