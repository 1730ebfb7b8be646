// Command abuse measures what strangers can do to the forms of a real
// server (issue 17's abuse findings), on loopback, bounded in count and
// time: go run ./bench/abuse [-bin bin/immo]
//
//   - flood: many addresses post forms without a proof of work (no
//     JavaScript) as fast as they can; then a new visitor's form and the
//     footer's newsletter sign-up, without JavaScript, must still be kept.
//   - agenda: one sender with 8 addresses, then 8 senders with an address
//     each, try to book the week's visit slots; most must stay free.
//   - inbox: visitors type one inbox spelled 15 ways (victim+N@, case);
//     the inbox gets at most the per-address limit of confirmations.
//
// The server trusts 127.0.0.1 as its proxy (IMMO_TRUSTED_PROXIES), so each
// request's X-Forwarded-For is its sender. Mails wait in the queue (no
// SMTP): `immo mail` lists them. The pages are read at their canonical
// address (a property's /nl/property/ID/ redirects to it). Whatever ends
// the run — a failure, Ctrl-C — the server is stopped and its folder
// removed.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"immo/bench/internal/run"
	"immo/internal/domain/altcha"
)

func main() {
	bin := flag.String("bin", "bin/immo", "the immo binary (make build)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := bench(ctx, *bin); err != nil {
		stop()
		log.Fatal(err)
	}
}

// failure is a step's fatal error (fatalf), ending bench after its
// server is stopped.
type failure struct{ err error }

// fatalf ends the run: bench recovers it, stops the server and returns
// the error.
func fatalf(format string, a ...any) { panic(failure{fmt.Errorf(format, a...)}) }

// bench runs the three measures on a server of bin's it starts and stops,
// whatever happens: a step's failure (fatalf) or ctx's end (Ctrl-C).
func bench(ctx context.Context, bin string) (err error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	dir, err := os.MkdirTemp("", "immo-abuse-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	srv, err := run.Start(ctx, bin, filepath.Join(dir, "data"), filepath.Join(dir, "serve.log"), "IMMO_TRUSTED_PROXIES=127.0.0.1/32")
	if err != nil {
		return err
	}
	defer srv.Stop()
	done := make(chan struct{})
	defer close(done)
	go func() { // Ctrl-C: stop the server, which ends the step's requests
		select {
		case <-ctx.Done():
			srv.Stop()
		case <-done:
		}
	}()
	defer func() { // after the steps, before the server stops
		if r := recover(); r != nil {
			f, ok := r.(failure)
			if !ok {
				panic(r)
			}
			err = f.err
		}
		if err == nil && ctx.Err() != nil {
			err = fmt.Errorf("abuse: %w", context.Cause(ctx))
		}
	}()
	c := client{base: srv.URL, http: &http.Client{Timeout: 20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}

	flood(c)
	agenda(&c)
	inbox(c, bin, filepath.Join(dir, "data"))
	return nil
}

type client struct {
	base    string
	http    *http.Client
	version string // the page protocol's asset version, read from a page once
}

var versionRE = regexp.MustCompile(`"version":"([^"]+)"`)

// assetVersion reads the page protocol's version from the home page.
func (c *client) assetVersion() string {
	if c.version == "" {
		res, err := c.http.Get(c.base + "/nl/")
		if err != nil {
			fatalf("%v", err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		m := versionRE.FindSubmatch(body)
		if m == nil {
			fatalf("no page version on the home page")
		}
		c.version = string(m[1])
	}
	return c.version
}

// post sends form to path from sender (X-Forwarded-For), as a browser
// without JavaScript, and returns the status. A redirect to another address
// (301, 308) is a failure: path is not the form's page, and nothing would
// be measured.
func (c client) post(path, sender string, form url.Values) int {
	req, _ := http.NewRequest(http.MethodPost, c.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-For", sender)
	res, err := c.http.Do(req)
	if err != nil {
		fatalf("%v", err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode == http.StatusMovedPermanently || res.StatusCode == http.StatusPermanentRedirect {
		fatalf("POST %s: %d to %s: post to the form's own page", path, res.StatusCode, res.Header.Get("Location"))
	}
	return res.StatusCode
}

// canonical is the address path redirects to (itself when it does not):
// the page a visitor's browser ends on, where its forms post.
func (c client) canonical(path string) string {
	for range 5 {
		res, err := c.http.Get(c.base + path)
		if err != nil {
			fatalf("%v", err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		switch res.StatusCode {
		case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
			to, err := res.Location()
			if err != nil {
				fatalf("GET %s: %d without a location", path, res.StatusCode)
			}
			path = to.RequestURI()
		case http.StatusOK:
			return path
		default:
			fatalf("GET %s: %d", path, res.StatusCode)
		}
	}
	fatalf("GET %s: too many redirects", path)
	return ""
}

func contact(email, remark string) url.Values {
	return url.Values{"form": {"site-contact"}, "title": {"ms"}, "firstName": {"Anne"}, "lastName": {"Lambert"},
		"email": {email}, "phone": {"0471 23 45 67"}, "remark": {remark}, "website2": {""}}
}

func flood(c client) {
	start := time.Now()
	kept, sent := 0, 0
	for a := range 100 {
		sender := "198.51.100." + strconv.Itoa(a+1)
		for i := range 4 { // one over the hour's 3 without a proof
			sent++
			if c.post("/fr/contact/", sender, contact(fmt.Sprintf("flood%d@example.be", a), fmt.Sprintf("flood %d.%d", a, i))) == http.StatusSeeOther {
				kept++
			}
		}
	}
	took := time.Since(start)
	visitor := c.post("/fr/contact/", "203.0.113.200", contact("anne.new@example.be", "Une vraie question."))
	news := c.post("/fr/", "203.0.113.201", url.Values{"form": {"sign-newsletter"}, "email": {"new.reader@example.be"}, "website2": {""}})
	fmt.Printf("flood: 100 addresses sent %d posts without a proof in %v: %d kept (3 an hour each), the rest refused with \"try again in an hour\"\n",
		sent, took.Round(time.Millisecond), kept)
	fmt.Printf("flood: then a new visitor's form without JavaScript: %d, the footer's newsletter sign-up: %d (303: kept; their mails paced past 100 an hour)\n", visitor, news)
}

// proof solves a proof of work from /api/altcha, as the widget does.
func (c client) proof() string {
	res, err := c.http.Get(c.base + "/api/altcha")
	if err != nil {
		fatalf("%v", err)
	}
	defer res.Body.Close()
	var ch altcha.Challenge
	if err := json.NewDecoder(res.Body).Decode(&ch); err != nil {
		fatalf("%v", err)
	}
	p, err := altcha.Solve(ch)
	if err != nil {
		fatalf("%v", err)
	}
	return p
}

// slots are the visit slots a property page offers.
func (c *client) slots(path string) []string {
	req, _ := http.NewRequest(http.MethodGet, c.base+path, nil)
	req.Header.Set("X-Inertia", "true")
	req.Header.Set("X-Inertia-Version", c.assetVersion())
	res, err := c.http.Do(req)
	if err != nil {
		fatalf("%v", err)
	}
	defer res.Body.Close()
	if v := res.Header.Get("X-Inertia-Location"); v != "" || res.StatusCode == http.StatusConflict {
		fatalf("%s: the page protocol's version: %s", path, v)
	}
	if res.StatusCode != http.StatusOK {
		fatalf("%s: %d (Location %q)", path, res.StatusCode, res.Header.Get("Location"))
	}
	var page struct {
		Props struct {
			Visit *struct {
				Days []struct {
					Slots []struct{ Value string }
				}
			}
		}
	}
	if err := json.NewDecoder(res.Body).Decode(&page); err != nil {
		fatalf("%s: %v", path, err)
	}
	var out []string
	if page.Props.Visit != nil {
		for _, d := range page.Props.Visit.Days {
			for _, s := range d.Slots {
				out = append(out, s.Value)
			}
		}
	}
	return out
}

func agenda(c *client) {
	properties := []string{"/nl/property/4100002/", "/nl/property/4100003/", "/nl/property/4100005/", "/nl/property/4100006/"}
	for i, p := range properties {
		properties[i] = c.canonical(p)
	}
	week := c.slots(properties[0])
	places := len(week) * 3 // the demo's capacity across the agency
	attack := func(senderOf func(i int) string) int {
		booked := 0
		for i := range 8 {
			email := fmt.Sprintf("booker%d@example.be", i)
			for j := range 10 {
				page := properties[(i+j)%len(properties)]
				free := c.slots(page)
				if len(free) == 0 {
					continue
				}
				form := url.Values{"form": {"contact-appointment"}, "title": {"mr"}, "firstName": {"Bo"}, "lastName": {"Oker"},
					"email": {email}, "phone": {"0471 23 45 67"}, "slot": {free[(i*10+j)%len(free)]}, "website2": {""}, "altcha": {c.proof()}}
				if c.post(page, senderOf(i), form) == http.StatusSeeOther {
					booked++
				}
			}
		}
		return booked
	}
	one := attack(func(int) string { return "192.0.2.66" })
	many := attack(func(i int) string { return "192.0.2." + strconv.Itoa(100+i) })
	fmt.Printf("agenda: the week's %d places; one sender with 8 addresses booked %d, eight senders with an address each %d; %d places left free for visitors\n",
		places, one, many, places-one-many)
}

func inbox(c client, bin, dataDir string) {
	kept := 0
	for i := range 15 {
		email := fmt.Sprintf("victim+%d@example.be", i)
		if i%3 == 1 {
			email = fmt.Sprintf("Victim+%d@Example.be", i)
		}
		if c.post("/nl/contact/", "203.0.113."+strconv.Itoa(10+i), contact(email, fmt.Sprintf("Vraag %d", i))) == http.StatusSeeOther {
			kept++
		}
	}
	out, err := exec.Command(bin, "mail", "--data-dir", dataDir, "--limit", "2000").Output()
	if err != nil {
		fatalf("immo mail: %v", err)
	}
	mailed := 0
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(strings.ToLower(line), "victim") {
			mailed++
		}
	}
	fmt.Printf("inbox: 15 requests typing one inbox 15 ways (victim+N@, case): %d kept (the agency told of each), %d mails to the inbox (at most 10 a day)\n", kept, mailed)
}
