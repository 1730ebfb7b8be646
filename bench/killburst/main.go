// Command killburst checks what a SIGKILL during a burst of posts does to
// the requests and their mails. It builds immo from this tree (or takes
// -bin), gives it an SMTP server of its own (in this process, on
// loopback, answering each message after -smtp-delay, like a real one),
// posts -posts valid site-contact forms from -workers visitors at once
// (each post a challenge solved as the widget does and a visitor address
// of its own through X-Forwarded-For, IMMO_TRUSTED_PROXIES=127.0.0.1/32),
// kills a server with SIGKILL once -kill-at posts were accepted, starts it
// again, finishes the burst, waits until the queue is empty (at most
// -drain), and prints:
//
//   - posts accepted (303), answered otherwise, or with no answer (the kill);
//   - requests stored, and lost: accepted but not stored;
//   - mails queued (the mail jobs), delivered (distinct Message-IDs),
//     missing, duplicated (deliveries past the first of a Message-ID), and
//     the sends in flight at the kill (the jobs the killed server left
//     running), with how many of them the SMTP server had already
//     accepted: those are sent again after the restart, the duplicates;
//   - late: mails first delivered more than 30 s after the restart.
//
// -db sqlite: one server on SQLite. -db postgres: two servers on one
// PostgreSQL database (a schema of its own, dropped at the end; -pg), the
// posts alternating between them; the first is killed and restarted. -db
// both: one after the other. Loopback only; it stops by itself.
//
//	go run ./bench/killburst [-db both] [-posts 300] [-kill-at 120] [-drain 7m]
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/mail"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-smtp"
	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"

	"immo/bench/internal/run"
	"immo/internal/domain/altcha"
)

// lateAfter: a mail first delivered this long after the restart is late.
const lateAfter = 30 * time.Second

func main() {
	bin := flag.String("bin", "", "the immo binary (default: built from this tree into a temporary directory)")
	db := flag.String("db", "both", "sqlite, postgres (two servers) or both")
	pg := flag.String("pg", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "the PostgreSQL database (a schema is made in it and dropped)")
	posts := flag.Int("posts", 300, "posts in the burst (at most 2000)")
	workers := flag.Int("workers", 8, "visitors posting at once")
	killAt := flag.Int("kill-at", 0, "kill once this many posts were accepted (default: posts × 2/5)")
	delay := flag.Duration("smtp-delay", 50*time.Millisecond, "how long the SMTP server takes to accept a message")
	drain := flag.Duration("drain", 7*time.Minute, "how long to wait for the queue to empty after the burst (PostgreSQL's rescuer takes 5 minutes)")
	flag.Parse()
	*posts = min(max(*posts, 10), 2000)
	*workers = min(max(*workers, 1), 32)
	if *killAt <= 0 || *killAt >= *posts {
		*killAt = *posts * 2 / 5
	}

	dir, err := os.MkdirTemp("", "immo-bench-killburst-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if *bin == "" {
		*bin = filepath.Join(dir, "immo")
		fmt.Println("building immo …")
		build := exec.Command("go", "build", "-tags", "nodynamic", "-o", *bin, "./cmd/immo")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			log.Fatalf("go build (run from the repository's root): %v", err)
		}
	}
	o := options{bin: *bin, posts: *posts, workers: *workers, killAt: *killAt, delay: *delay, drain: *drain}
	var runs []string
	switch *db {
	case "sqlite", "postgres":
		runs = []string{*db}
	case "both":
		runs = []string{"sqlite", "postgres"}
	default:
		log.Fatalf("-db: sqlite, postgres or both, not %q", *db)
	}
	failed := false
	for _, name := range runs {
		sub := filepath.Join(dir, name)
		if err := os.Mkdir(sub, 0o755); err != nil {
			log.Fatal(err)
		}
		var r *result
		if name == "sqlite" {
			r, err = burst(o, sub, "", 1)
		} else {
			r, err = burstPostgres(o, sub, *pg)
		}
		if err != nil {
			log.Printf("%s: %v", name, err)
			failed = true
			continue
		}
		r.print(name)
	}
	if failed {
		os.Exit(1)
	}
}

type options struct {
	bin                    string
	posts, workers, killAt int
	delay, drain           time.Duration
}

// burstPostgres runs the burst on two servers sharing a fresh schema.
func burstPostgres(o options, dir, base string) (*result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return nil, err
	}
	defer admin.Close()
	var b [6]byte
	rand.Read(b[:])
	schema := "immo_killburst_" + hex.EncodeToString(b[:])
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		return nil, fmt.Errorf("PostgreSQL at %s: %w", base, err)
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			log.Printf("dropping schema %s: %v", schema, err)
		}
	}()
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return burst(o, dir, u.String(), 2)
}

// server is one immo process of the burst, restarted after its kill.
type server struct {
	name string
	env  []string
	dir  string
	sink *sink
	mu   sync.Mutex
	srv  *run.Server // nil while down
}

func (s *server) url() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv == nil {
		return ""
	}
	return s.srv.URL
}

func (s *server) start(bin string) error {
	srv, err := run.Start(context.Background(), bin, s.dir, filepath.Join(s.dir, s.name+".log"), s.env...)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.srv = srv
	s.mu.Unlock()
	return nil
}

func (s *server) kill() {
	s.mu.Lock()
	srv := s.srv
	s.srv = nil
	s.mu.Unlock()
	if srv != nil {
		srv.Kill()
	}
}

func (s *server) stop() {
	s.mu.Lock()
	srv := s.srv
	s.srv = nil
	s.mu.Unlock()
	if srv != nil {
		srv.Stop()
	}
}

// result is what one burst found.
type result struct {
	servers                        int
	posts, accepted, other, noAnsw int
	stored, storedUnanswered, lost int
	queued                         int
	states                         map[string]int
	delivered, duplicated, missing int
	late                           int
	lateFirst, lateLast            time.Duration
	inFlight, inFlightAccepted     int
	killedAfter                    int
	restartTook                    time.Duration
	drained                        bool
	took                           time.Duration
}

func (r *result) print(name string) {
	what := "SQLite, one server"
	if r.servers == 2 {
		what = "PostgreSQL, two servers (the first killed)"
	}
	fmt.Printf("\n== %s: %d posts, SIGKILL after %d accepted, restarted in %s; %s in all\n", what, r.posts, r.killedAfter,
		r.restartTook.Round(100*time.Millisecond), r.took.Round(time.Second))
	fmt.Printf("posts:    %d accepted (303), %d answered otherwise, %d with no answer (cut by the kill or refused while down)\n", r.accepted, r.other, r.noAnsw)
	fmt.Printf("requests: %d stored (%d of them without a 303: cut by the kill after their commit), %d lost (accepted, not stored)\n", r.stored, r.storedUnanswered, r.lost)
	fmt.Printf("mails:    %d queued, %d delivered, %d missing, %d duplicated; in flight at the kill: %d (jobs left sending), %d of them already accepted by the SMTP server\n",
		r.queued, r.delivered, r.missing, r.duplicated, r.inFlight, r.inFlightAccepted)
	if r.late > 0 {
		fmt.Printf("late:     %d delivered more than %s after the restart (%s–%s after it)\n", r.late, lateAfter, r.lateFirst.Round(time.Second), r.lateLast.Round(time.Second))
	} else {
		fmt.Printf("late:     0 delivered more than %s after the restart\n", lateAfter)
	}
	keys := make([]string, 0, len(r.states))
	for k := range r.states {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Print("jobs at the end:")
	for _, k := range keys {
		fmt.Printf(" %s %d", k, r.states[k])
	}
	if !r.drained {
		fmt.Print(" (the queue did not empty within -drain)")
	}
	fmt.Println()
}

// burst runs one burst on n servers (1: SQLite in dir; 2: PostgreSQL at
// dbURL, each with a data directory of its own).
func burst(o options, dir, dbURL string, n int) (*result, error) {
	began := time.Now()
	var servers []*server
	defer func() {
		for _, s := range servers {
			s.stop()
		}
	}()
	for i := range n {
		sk, err := startSink(o.delay)
		if err != nil {
			return nil, err
		}
		defer sk.close()
		sdir := filepath.Join(dir, fmt.Sprintf("server%d", i+1))
		if err := os.Mkdir(sdir, 0o755); err != nil {
			return nil, err
		}
		s := &server{name: fmt.Sprintf("server%d", i+1), dir: sdir, sink: sk, env: []string{
			"DATABASE_URL=" + dbURL, "IMMO_SMTP_URL=smtp://" + sk.addr + "?tls=none",
			"IMMO_TRUSTED_PROXIES=127.0.0.1/32", "IMMO_SECRET=killburst-secret-killburst-secret-0123456789",
		}}
		if err := s.start(o.bin); err != nil {
			return nil, err
		}
		servers = append(servers, s)
	}
	victim := servers[0]
	dbase := dbURL
	driver := "pgx"
	if dbURL == "" {
		driver, dbase = "sqlite", filepath.Join(servers[0].dir, "immo.db")+"?_pragma=busy_timeout(10000)"
	}
	dbh, err := sql.Open(driver, dbase)
	if err != nil {
		return nil, err
	}
	defer dbh.Close()

	var (
		next                   atomic.Int64 // the next post's number
		accepted, other, noAns atomic.Int64
		mu                     sync.Mutex
		acceptedEmails         = map[string]bool{}
		killOnce               sync.Once
		restarted              = make(chan struct{})
		killedAfter            int
		killAt, deadAt         time.Time
		inFlight               []int64 // the IDs of the mail jobs left running by the kill
		inFlightErr            error
		counted                = make(chan struct{})
		restartAt              time.Time
		restartErr             error
	)
	// kill ends the victim, then starts it again in the background.
	kill := func() {
		killOnce.Do(func() {
			killedAfter = int(accepted.Load())
			killAt = time.Now()
			victim.kill()
			deadAt = time.Now()
			go func() {
				// On SQLite the jobs left running are the killed server's:
				// counted before the restart makes them available. On
				// PostgreSQL the other server's sends end within a second;
				// those still running 2 s on, taken before the kill, are
				// the killed one's (its restart does not touch them).
				if n == 1 {
					inFlight, inFlightErr = runningJobs(dbh, killAt, n)
				} else {
					go func() {
						time.Sleep(2 * time.Second)
						inFlight, inFlightErr = runningJobs(dbh, killAt, n)
						close(counted)
					}()
				}
				restartErr = victim.start(o.bin)
				restartAt = time.Now()
				if n == 1 {
					close(counted)
				}
				close(restarted)
			}()
		})
	}
	client := &http.Client{
		Transport:     &http.Transport{DisableKeepAlives: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       30 * time.Second,
	}
	var wg sync.WaitGroup
	for range o.workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= o.posts {
					return
				}
				// Alternate between the servers; a server down is skipped
				// (a load balancer's health check), or waited for when it
				// is the only one.
				var base string
				for base == "" {
					base = servers[i%n].url()
					if base == "" && n > 1 {
						base = servers[(i+1)%n].url()
					}
					if base == "" {
						<-restarted
						if restartErr != nil {
							return
						}
					}
				}
				email := fmt.Sprintf("killburst-%d@example.org", i)
				switch code := post(client, base, i, email); code {
				case http.StatusSeeOther:
					mu.Lock()
					acceptedEmails[email] = true
					mu.Unlock()
					if accepted.Add(1) == int64(o.killAt) {
						kill()
					}
				case 0:
					noAns.Add(1)
				default:
					other.Add(1)
					log.Printf("post %d: status %d", i, code)
				}
			}
		})
	}
	wg.Wait()
	kill() // a burst too short to reach -kill-at still has its kill
	<-restarted
	if restartErr != nil {
		return nil, fmt.Errorf("restart: %w", restartErr)
	}

	// The queue drains: every mail job finished, and the SMTP servers quiet
	// for 5 s (a duplicate would come then).
	<-counted
	if inFlightErr != nil {
		return nil, fmt.Errorf("the jobs running at the kill: %w", inFlightErr)
	}
	drained := false
	deadline := time.Now().Add(o.drain)
	for time.Now().Before(deadline) {
		time.Sleep(time.Second)
		var left int
		err := dbh.QueryRow(`SELECT count(*) FROM river_job WHERE kind = 'mail' AND state NOT IN ('completed', 'cancelled', 'discarded')`).Scan(&left)
		if err != nil {
			return nil, err
		}
		if left == 0 && quietFor(servers, 5*time.Second) {
			drained = true
			break
		}
	}
	for _, s := range servers {
		s.stop()
	}

	r := &result{servers: n, posts: o.posts, accepted: int(accepted.Load()), other: int(other.Load()), noAnsw: int(noAns.Load()),
		killedAfter: killedAfter, restartTook: restartAt.Sub(killAt), drained: drained, states: map[string]int{}}
	// Requests stored, by the address each post typed.
	rows, err := dbh.Query(`SELECT CAST(data AS TEXT) FROM requests`)
	if err != nil {
		return nil, err
	}
	stored := map[string]bool{}
	for rows.Next() {
		var data string
		if err := rows.Scan(&data); err != nil {
			return nil, err
		}
		if m := burstAddress.FindString(data); m != "" {
			stored[m] = true
		}
		r.stored++
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for e := range acceptedEmails {
		if !stored[e] {
			r.lost++
		}
	}
	for e := range stored {
		if !acceptedEmails[e] {
			r.storedUnanswered++
		}
	}
	rows, err = dbh.Query(`SELECT state, count(*) FROM river_job WHERE kind = 'mail' GROUP BY state`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var state string
		var c int
		if err := rows.Scan(&state, &c); err != nil {
			return nil, err
		}
		r.states[state] = c
		r.queued += c
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}

	// Deliveries, by Message-ID, over every server's SMTP server.
	first := map[string]time.Time{}
	for _, s := range servers {
		for _, m := range s.sink.messages() {
			if t, ok := first[m.id]; ok {
				r.duplicated++
				if m.at.Before(t) {
					first[m.id] = m.at
				}
				continue
			}
			first[m.id] = m.at
		}
	}
	r.delivered = len(first)
	r.missing = max(r.queued-r.delivered, 0)
	for _, t := range first {
		if d := t.Sub(restartAt); d > lateAfter {
			r.late++
			if r.lateFirst == 0 || d < r.lateFirst {
				r.lateFirst = d
			}
			r.lateLast = max(r.lateLast, d)
		}
	}
	// Of the jobs left running, those whose message the SMTP server
	// accepted in a session the killed process had begun: sent, not yet
	// marked sent.
	r.inFlight = len(inFlight)
	sentByKilled := map[int64]bool{}
	for _, m := range victim.sink.messages() {
		if m.session.Before(deadAt) {
			sentByKilled[jobOf(m.id)] = true
		}
	}
	for _, id := range inFlight {
		if sentByKilled[id] {
			r.inFlightAccepted++
		}
	}
	r.took = time.Since(began)
	return r, nil
}

var (
	burstAddress = regexp.MustCompile(`killburst-\d+@example\.org`)
	jobMessageID = regexp.MustCompile(`immo\.mail\.(\d+)\.`)
)

// jobOf is the mail job a Message-ID was made from (mailqueue's
// immo.mail.JOB.CREATED), 0 for another.
func jobOf(messageID string) int64 {
	m := jobMessageID.FindStringSubmatch(messageID)
	if m == nil {
		return 0
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	return id
}

// runningJobs lists the mail jobs running (being sent), on PostgreSQL
// (servers > 1) only those taken before t.
func runningJobs(db *sql.DB, t time.Time, servers int) ([]int64, error) {
	q, args := `SELECT id FROM river_job WHERE kind = 'mail' AND state = 'running'`, []any{}
	if servers > 1 {
		q, args = q+` AND attempted_at < $1`, []any{t}
	}
	rows, err := db.Query(q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func quietFor(servers []*server, d time.Duration) bool {
	for _, s := range servers {
		if time.Since(s.sink.last()) < d {
			return false
		}
	}
	return true
}

// post sends post i as the site's contact form with a solved challenge,
// from a visitor address of its own (X-Forwarded-For), and returns the
// status (0: no answer).
func post(client *http.Client, base string, i int, email string) int {
	res, err := client.Get(base + "/api/altcha")
	if err != nil {
		return 0
	}
	var c altcha.Challenge
	err = json.NewDecoder(res.Body).Decode(&c)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK {
		return 0
	}
	payload, err := altcha.Solve(c)
	if err != nil {
		return 0
	}
	form := url.Values{"form": {"site-contact"}, "title": {"ms"}, "firstName": {"Ana"}, "lastName": {fmt.Sprintf("Burst %d", i)},
		"email": {email}, "phone": {"+32 470 12 34 56"}, "remark": {fmt.Sprintf("Kill during a burst, post %d", i)},
		"altcha": {payload}}
	req, _ := http.NewRequest(http.MethodPost, base+"/en/contact/", bytes.NewBufferString(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", 1+i/62500, i/250%250, 1+i%250))
	res, err = client.Do(req)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

// sink is an SMTP server that records every message it accepts with its
// Message-ID and the time, and every session's span.
type sink struct {
	addr  string
	srv   *smtp.Server
	delay time.Duration

	mu     sync.Mutex
	msgs   []delivery
	lastAt time.Time
}

type delivery struct {
	id      string
	at      time.Time
	session time.Time // when its SMTP session began
}

func startSink(delay time.Duration) (*sink, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &sink{addr: ln.Addr().String(), delay: delay}
	srv := smtp.NewServer(s)
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 30*time.Second, 30*time.Second
	srv.MaxMessageBytes = 32 << 20
	srv.ErrorLog = log.New(io.Discard, "", 0)
	s.srv = srv
	go srv.Serve(ln) //nolint:errcheck // ends with close
	return s, nil
}

func (s *sink) close() { s.srv.Close() }

func (s *sink) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &session{s: s, begin: time.Now()}, nil
}

func (s *sink) last() time.Time { s.mu.Lock(); defer s.mu.Unlock(); return s.lastAt }

func (s *sink) messages() []delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]delivery(nil), s.msgs...)
}

type session struct {
	s     *sink
	begin time.Time
}

func (c *session) Mail(string, *smtp.MailOptions) error { return nil }
func (c *session) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (c *session) Reset()                               {}

func (c *session) Logout() error { return nil }

// Data reads the message, waits as a real server does before it answers,
// and records it: a message read is delivered, whether or not the client
// still hears the answer.
func (c *session) Data(r io.Reader) error {
	m, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	io.Copy(io.Discard, m.Body)
	id := m.Header.Get("Message-Id")
	if id == "" {
		return errors.New("killburst: a message without a Message-ID")
	}
	time.Sleep(c.s.delay)
	now := time.Now()
	c.s.mu.Lock()
	c.s.msgs = append(c.s.msgs, delivery{id: id, at: now, session: c.begin})
	c.s.lastAt = now
	c.s.mu.Unlock()
	return nil
}
