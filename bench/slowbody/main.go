// Command slowbody measures what slow clients cost the server: it starts
// bin/immo on loopback, opens -conns connections that each send a POST's
// headers and then trickle its body a byte a second, and meanwhile asks
// /healthz from another loopback address every 200 ms. It prints the
// server's resident memory (before, peak), how many slow connections the
// server kept open, and how the other visitor was served. It stops after
// -duration, closing everything.
//
//	flock /tmp/immo-build.lock make build && go run ./bench/slowbody [-conns 10000] [-duration 20s] [-addresses 1]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"immo/bench/internal/run"
)

func main() {
	bin := flag.String("bin", "bin/immo", "the immo binary")
	conns := flag.Int("conns", 10000, "slow connections (at most 15000: file descriptors)")
	addresses := flag.Int("addresses", 1, "loopback addresses the slow connections come from (127.0.1.x)")
	duration := flag.Duration("duration", 20*time.Second, "how long the slow clients trickle")
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
	var open, refused atomic.Int64
	done := make(chan struct{})
	var wg sync.WaitGroup
	// The other visitor.
	var asked, served atomic.Int64
	var worst atomic.Int64
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
			_, err = fmt.Fprintf(c, "POST /en/contact/ HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n", host)
			if err != nil {
				refused.Add(1)
				return
			}
			open.Add(1)
			defer open.Add(-1)
			for {
				select {
				case <-done:
					return
				case <-time.After(time.Second):
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
	fmt.Printf("%d slow connections from %d address(es): %d still trickling after %s, %d refused at once\n",
		*conns, *addresses, stillOpen, *duration, refused.Load())
	fmt.Printf("the other visitor: %d of %d /healthz answered, the slowest in %s\n", served.Load(), asked.Load(), time.Duration(worst.Load()).Round(time.Millisecond))
	fmt.Printf("RSS before %s, peak %s\n", run.MB(before), run.MB(peak.Load()))
}
