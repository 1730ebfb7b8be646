// Command slowbody measures what slow clients cost the server: it starts
// bin/immo on loopback, opens -conns connections that each send a POST's
// headers and then trickle its body a byte a second, and meanwhile asks
// /healthz from another loopback address every 200 ms and posts a form
// every second. It prints the server's resident memory (before, peak), how
// many slow connections the server kept open (at most at once, and at the
// end), how it answered the others, and how the other visitor was served.
// It stops after -duration, closing everything. The other visitor also
// posts a testimonial with a 300 KB file every two seconds.
//
// With -upload the slow clients post a testimonial with a picture
// (multipart, to /fr/temoignages/, which takes a file): each sends its
// fields, the file's header and -fast bytes of the file at once, then
// trickles the rest of its -length a byte a second — what makes the
// server's buffers for visitors' files grow; -fast sends that much of a
// form's body at once too. With -silent they send nothing at all: what a
// connection costs before its request's headers.
//
//	flock /tmp/immo-build.lock make build && go run ./bench/slowbody [-conns 10000] [-duration 20s] [-addresses 1] [-length 100000] [-upload] [-fast 3000000] [-silent]
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"immo/bench/internal/run"
)

func main() {
	bin := flag.String("bin", "bin/immo", "the immo binary")
	conns := flag.Int("conns", 10000, "slow connections (at most 15000: file descriptors)")
	addresses := flag.Int("addresses", 1, "loopback addresses the slow connections come from (127.0.1.x)")
	length := flag.Int("length", 100000, "the Content-Length the slow clients announce (a form's is at most 65536)")
	duration := flag.Duration("duration", 20*time.Second, "how long the slow clients trickle")
	uploads := flag.Bool("upload", false, "post a testimonial with a picture (multipart, to /fr/temoignages/) instead of a form")
	fast := flag.Int("fast", 0, "the bytes of the body (with -upload: of the file) sent at once, before the trickle")
	silent := flag.Bool("silent", false, "the slow clients send nothing, not even headers (what a connection costs before its request)")
	flag.Parse()
	*conns = min(*conns, 15000)
	*addresses = min(max(*addresses, 1), 250)
	ctx, cancel := context.WithTimeout(context.Background(), *duration+3*time.Minute)
	defer cancel()

	dir, err := os.MkdirTemp("", "immo-bench-slowbody-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	srv, err := run.Start(ctx, *bin, dir, filepath.Join(dir, "serve.log"))
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Stop()
	pid := srv.Cmd.Process.Pid
	run.WaitIdle(pid, 3*time.Second, 3*time.Minute)
	before := run.RSS(pid)
	host := srv.URL[len("http://"):]

	var peak atomic.Int64
	var open, refused, mostOpen atomic.Int64
	var answers sync.Map // status → *atomic.Int64: how the server ended slow connections
	done := make(chan struct{})
	var wg sync.WaitGroup
	// The other visitor.
	var asked, served atomic.Int64
	var worst atomic.Int64
	var posted, received atomic.Int64
	var sent, taken, slowestUpload atomic.Int64
	wg.Go(func() {
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}, Timeout: 5 * time.Second}
		client := &http.Client{Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}, Timeout: 5 * time.Second}
		for {
			select {
			case <-done:
				return
			case <-time.After(200 * time.Millisecond):
			}
			start := time.Now()
			asked.Add(1)
			if res, err := client.Get(srv.URL + "/healthz"); err == nil {
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					served.Add(1)
					if took := int64(time.Since(start)); took > worst.Load() {
						worst.Store(took)
					}
				}
			}
			if r := run.RSS(pid); r > peak.Load() {
				peak.Store(r)
			}
			if o := open.Load(); o > mostOpen.Load() {
				mostOpen.Store(o)
			}
			if asked.Load()%10 == 3 {
				// A testimonial with a 300 KB file (not a picture: only
				// whether the post and its file are received).
				sent.Add(1)
				start := time.Now()
				req, _ := http.NewRequest(http.MethodPost, srv.URL+"/fr/temoignages/", strings.NewReader(honestUpload))
				req.Header.Set("Content-Type", "multipart/form-data; boundary="+boundary)
				if res, err := client.Do(req); err == nil {
					res.Body.Close()
					if res.StatusCode != http.StatusServiceUnavailable {
						taken.Add(1)
						if took := int64(time.Since(start)); took > slowestUpload.Load() {
							slowestUpload.Store(took)
						}
					}
				}
			}
			if asked.Load()%5 == 0 {
				// A form post (invalid: only whether its body is received).
				posted.Add(1)
				if res, err := client.PostForm(srv.URL+"/en/contact/", map[string][]string{"form": {"site-contact"}}); err == nil {
					res.Body.Close()
					if res.StatusCode != http.StatusServiceUnavailable {
						received.Add(1)
					}
				}
			}
		}
	})
	// The slow clients.
	for i := range *conns {
		wg.Go(func() {
			d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 1, byte(1+i%*addresses))}, Timeout: 5 * time.Second}
			c, err := d.Dial("tcp", host)
			if err != nil {
				refused.Add(1)
				return
			}
			defer c.Close()
			if *silent {
				// Nothing sent: the server waits for the headers.
			} else if *uploads {
				_, err = fmt.Fprintf(c, "POST /fr/temoignages/ HTTP/1.1\r\nHost: %s\r\nContent-Type: multipart/form-data; boundary=%s\r\nContent-Length: %d\r\n\r\n%s",
					host, boundary, *length, uploadHead)
				if err == nil && *fast > 0 {
					c.SetWriteDeadline(time.Now().Add(time.Minute))
					_, err = c.Write(filler[:min(*fast, len(filler), *length-len(uploadHead))])
				}
			} else {
				_, err = fmt.Fprintf(c, "POST /en/contact/ HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n", host, *length)
				if err == nil && *fast > 0 {
					c.SetWriteDeadline(time.Now().Add(time.Minute))
					_, err = c.Write(filler[:min(*fast, len(filler), *length-1)])
				}
			}
			if err != nil {
				refused.Add(1)
				return
			}
			open.Add(1)
			defer open.Add(-1)
			// The server's answer, when it ends the connection.
			ended := make(chan struct{})
			go func() {
				defer close(ended)
				if res, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil {
					res.Body.Close()
					n, _ := answers.LoadOrStore(res.Status, new(atomic.Int64))
					n.(*atomic.Int64).Add(1)
				}
			}()
			for {
				select {
				case <-done:
					return
				case <-ended:
					return
				case <-time.After(time.Second):
				}
				if *silent {
					continue
				}
				c.SetWriteDeadline(time.Now().Add(time.Second))
				if _, err := c.Write([]byte("a")); err != nil {
					return // the server closed it
				}
			}
		})
		if i%500 == 499 {
			time.Sleep(50 * time.Millisecond) // not a SYN flood: the accept queue keeps up
		}
	}
	time.Sleep(*duration)
	stillOpen := open.Load()
	close(done)
	wg.Wait()
	what := "form"
	if *silent {
		what = "no"
	} else if *uploads {
		what = "upload"
	}
	if *fast > 0 {
		what += fmt.Sprintf(" (%d bytes at once)", *fast)
	}
	fmt.Printf("%s bodies of %d bytes: ", what, *length)
	fmt.Printf("%d slow connections from %d address(es): at most %d trickling at once, %d still after %s, %d refused at once\n",
		*conns, *addresses, mostOpen.Load(), stillOpen, *duration, refused.Load())
	var ends []string
	answers.Range(func(k, v any) bool {
		ends = append(ends, fmt.Sprintf("%d × %s", v.(*atomic.Int64).Load(), k))
		return true
	})
	sort.Strings(ends)
	fmt.Printf("the server's answers to them: %v (the rest closed without one)\n", ends)
	fmt.Printf("the other visitor: %d of %d /healthz answered, the slowest in %s; %d of %d form posts received (not 503); %d of %d uploads received, the slowest in %s\n",
		served.Load(), asked.Load(), time.Duration(worst.Load()).Round(time.Millisecond), received.Load(), posted.Load(),
		taken.Load(), sent.Load(), time.Duration(slowestUpload.Load()).Round(time.Millisecond))
	fmt.Printf("RSS before %s, peak %s\n", run.MB(before), run.MB(peak.Load()))
}

// The start of a slow testimonial post: its fields and the picture's part
// header; the picture's bytes follow (filler), then the trickle.
const boundary = "slowbodybench"

var (
	uploadHead = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"form\"\r\n\r\ntestimonial\r\n" +
		"--" + boundary + "\r\nContent-Disposition: form-data; name=\"firstName\"\r\n\r\nAnne\r\n" +
		"--" + boundary + "\r\nContent-Disposition: form-data; name=\"picture\"; filename=\"photo.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
	filler = make([]byte, 8<<20)
	// The other visitor's upload: a whole testimonial post.
	honestUpload = uploadHead + strings.Repeat("x", 300_000) + "\r\n--" + boundary + "--\r\n"
)
