// Command scale measures the memory of a server with many listings: it
// writes a catalog of N properties (the demo's, copied under new IDs, with
// their prices and cities varied), imports it into a fresh data folder with
// `immo import`, starts `immo serve` on it and prints its resident memory
// once ready and idle, then after a walk of pages (lists, property pages in
// four languages, the sitemap) has filled its caches, and once settled: after
// -settle idle (the server hands back what the walk freed: Go's heap
// slowly, the C allocator's regions once a minute). With -heap FILE it
// also saves the server's heap profile (IMMO_DEBUG_ADDR's pprof).
//
//	go run ./bench/scale -bin bin/immo -n 10000,100000
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"immo/bench/internal/run"
	"immo/internal/adapter/demo"
)

func main() {
	bin := flag.String("bin", "bin/immo", "the immo binary")
	sizes := flag.String("n", "10000,100000", "catalog sizes")
	heap := flag.String("heap", "", "save the heap profile of the last size here")
	settle := flag.Duration("settle", 150*time.Second, "how long the server idles after the walk before the settled figure")
	prerender := flag.Bool("prerender", false, "let the server pre-render its sitemap (40 000 pages at 10 000 listings: many minutes)")
	flag.Parse()
	fmt.Printf("%-9s %12s %12s %12s %12s %12s\n", "listings", "import", "ready RSS", "walked RSS", "settled RSS", "peak RSS")
	for _, f := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			log.Fatal(err)
		}
		measure(*bin, n, *heap, *prerender, *settle)
	}
}

func measure(bin string, n int, heapFile string, prerender bool, settle time.Duration) {
	dir, err := os.MkdirTemp("", "immo-scale-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "catalog.json")
	writeCatalog(file, n)
	data := filepath.Join(dir, "data")
	start := time.Now()
	imp := exec.Command(bin, "import", "--data-dir", data, file)
	imp.Env = append(os.Environ(), "DATABASE_URL=")
	if out, err := imp.CombinedOutput(); err != nil {
		log.Fatalf("import: %v\n%s", err, out)
	}
	took := time.Since(start)
	debug, _ := run.FreeAddr()
	env := []string{"IMMO_DEBUG_ADDR=" + debug}
	if !prerender {
		env = append(env, "IMMO_PRERENDER=off")
	}
	srv, err := run.Start(context.Background(), bin, data, filepath.Join(dir, "serve.log"), env...)
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Stop()
	pid := srv.Cmd.Process.Pid
	run.WaitIdle(pid, 3*time.Second, 5*time.Minute) // the index built (and a pre-render pass)
	ready := run.RSS(pid)
	walk(srv.URL, n)
	walked := run.RSS(pid)
	time.Sleep(settle)
	settled := run.RSS(pid)
	if heapFile != "" {
		save(heapFile, "http://"+debug+"/debug/pprof/heap?gc=1")
	}
	fmt.Printf("%-9d %12s %12s %12s %12s %12s\n", n, took.Round(time.Second), run.MB(ready), run.MB(walked), run.MB(settled), run.MB(run.Peak(pid)))
}

// writeCatalog writes n properties: the demo's, copied under new IDs.
func writeCatalog(file string, n int) {
	c, err := demo.Catalog()
	if err != nil {
		log.Fatal(err)
	}
	raw, _ := json.Marshal(c.Properties)
	var docs []map[string]any
	for len(docs) < n {
		var batch []map[string]any
		json.Unmarshal(raw, &batch)
		for _, d := range batch {
			k := len(docs)
			d["ID"] = 6_000_000 + k
			if p, ok := d["Price"].(float64); ok && p > 0 {
				d["Price"] = p + float64(k%97*1000)
			}
			docs = append(docs, d)
			if len(docs) == n {
				break
			}
		}
	}
	out := map[string]any{"types": c.Types, "projects": c.Projects, "properties": docs}
	b, _ := json.Marshal(out)
	if err := os.WriteFile(file, b, 0o644); err != nil {
		log.Fatal(err)
	}
}

// walk asks for pages as visitors and crawlers would: lists and their
// pages, property pages in every language, the sitemap.
func walk(base string, n int) {
	get := func(path string) {
		resp, err := http.Get(base + path)
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	get("/sitemap.xml")
	for _, lang := range []string{"fr", "nl", "en", "de"} {
		get("/" + lang + "/")
	}
	for p := 1; p <= 20; p++ {
		get("/fr/a-vendre/?page=" + strconv.Itoa(p))
	}
	for i := 0; i < min(n, 400); i++ {
		lang := []string{"fr", "nl", "en", "de"}[i%4]
		get("/" + lang + "/property/" + strconv.Itoa(6_000_000+i*(n/min(n, 400))) + "/")
	}
}

func save(file, url string) {
	resp, err := http.Get(url)
	if err != nil {
		log.Print(err)
		return
	}
	defer resp.Body.Close()
	f, _ := os.Create(file)
	io.Copy(f, resp.Body)
	f.Close()
}
