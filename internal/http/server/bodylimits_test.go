package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"immo/internal/http/web"
)

// A body that does not arrive within its time gets 408 and its connection
// closed, the handler never called for a form; a body sent at once passes
// with the same short time, and once it is in, the handler may take
// longer than that time without its request being cut off. A large body
// (an upload) is read by the handler within the same bound.
func TestBodyDeadline(t *testing.T) {
	bt := BodyLimits{Base: time.Second, PerMB: 0, Max: time.Second, Slots: 10}
	var called atomic.Int64
	h := LimitBodies(bt, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		called.Add(1)
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "reading: "+err.Error(), http.StatusBadRequest)
			return
		}
		if r.URL.Query().Has("linger") {
			// Past the body's time: the deadline was lifted, so the
			// connection's background read does not cancel the request.
			time.Sleep(bt.Max + 500*time.Millisecond)
			if err := r.Context().Err(); err != nil {
				http.Error(w, "cut off: "+err.Error(), http.StatusInternalServerError)
				return
			}
		}
		fmt.Fprintf(w, "got %d bytes", len(body))
	}))
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close) // after the stalled clients' Close (cleanups run last first)

	t.Run("a form sent at once", func(t *testing.T) {
		for _, path := range []string{"/", "/?linger"} {
			res, err := http.PostForm(srv.URL+path, url.Values{"name": {"Ana"}})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK || string(b) != "got 8 bytes" {
				t.Errorf("%s: %d %q, want 200 %q", path, res.StatusCode, b, "got 8 bytes")
			}
		}
	})

	t.Run("an upload sent at once", func(t *testing.T) {
		n := web.MaxFormBytes + 1000
		res, err := http.Post(srv.URL+"/?linger", "application/octet-stream", strings.NewReader(strings.Repeat("a", n)))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if want := fmt.Sprintf("got %d bytes", n); res.StatusCode != http.StatusOK || string(b) != want {
			t.Errorf("%d %q, want 200 %q", res.StatusCode, b, want)
		}
	})

	stall := func(t *testing.T, length int, first string) (string, bool) {
		return answer(t, stalled(t, srv.Listener.Addr().String(), length, first))
	}

	t.Run("a form that stalls", func(t *testing.T) {
		before := called.Load()
		status, closed := stall(t, 100, "name=A")
		if !strings.HasPrefix(status, "408") || !closed {
			t.Errorf("answer %q, closed %v; want 408 and the connection closed", status, closed)
		}
		if called.Load() != before {
			t.Error("the handler ran for a body that never arrived")
		}
	})

	t.Run("an upload that stalls", func(t *testing.T) {
		status, closed := stall(t, web.MaxFormBytes+1000, strings.Repeat("a", 1000))
		if !strings.HasPrefix(status, "400") || !closed {
			t.Errorf("answer %q, closed %v; want the handler's 400 and the connection closed", status, closed)
		}
	})
}

// stalled sends the headers and the first bytes of a body announced
// longer, then nothing.
func stalled(t *testing.T, addr string, length int, first string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n%s", length, first)
	return c
}

// answer reads the answer on c: its status line, and whether the server
// then closed the connection.
func answer(t *testing.T, c net.Conn) (string, bool) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(30 * time.Second)) // the test's own bound, far above the server's
	br := bufio.NewReader(c)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	_, err = br.ReadByte()
	return res.Status, err == io.EOF
}

// While every slot holds a body being received, a post gets 503 at once
// and its connection is closed; a request without a body is served; once
// a slot is free (its client gone), posts are received again.
func TestBodySlots(t *testing.T) {
	h := LimitBodies(BodyLimits{Base: time.Minute, Max: time.Minute, Slots: 2}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		io.WriteString(w, "ok")
	}))
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close) // after the stalled clients' Close (cleanups run last first)
	addr := srv.Listener.Addr().String()
	post := func() int {
		res, err := http.PostForm(srv.URL, url.Values{"name": {"Ana"}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if got := post(); got != http.StatusOK {
		t.Fatalf("post with free slots: %d", got)
	}
	form := stalled(t, addr, 100, "name=A")
	stalled(t, addr, web.MaxFormBytes+1000, "a") // an upload holds its slot while its handler reads
	// The two stalled bodies take their slots as their requests arrive:
	// until then a post may still pass.
	deadline := time.Now().Add(20 * time.Second)
	for post() != http.StatusServiceUnavailable {
		if time.Now().After(deadline) {
			t.Fatal("posts still received with every slot taken")
		}
		time.Sleep(20 * time.Millisecond)
	}
	c := stalled(t, addr, 10, "")
	if status, closed := answer(t, c); !strings.HasPrefix(status, "503") || !closed {
		t.Errorf("answer %q, closed %v; want 503 and the connection closed", status, closed)
	}
	if res, err := http.Get(srv.URL); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("a GET while the slots are taken: %v %v", res, err)
	}
	form.Close()
	for post() != http.StatusOK {
		if time.Now().After(deadline) {
			t.Fatal("the slot of a client gone was not given back")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestBodyLimitsLimit(t *testing.T) {
	bt := DefaultBodyLimits
	for _, tc := range []struct {
		n    int64
		want time.Duration
	}{
		{-1, 10 * time.Second},
		{1000, 10*time.Second + 3814697},
		{5 << 20, 30 * time.Second},
		{25 << 20, 30 * time.Second},
	} {
		if got := bt.limit(tc.n); got != tc.want {
			t.Errorf("limit(%d) = %v, want %v", tc.n, got, tc.want)
		}
	}
}

// One address holds at most PerAddress of the slots: a few strangers
// cannot take them all and leave the others' posts answered 503.
func TestBodySlotsPerAddress(t *testing.T) {
	h := LimitBodies(BodyLimits{Base: time.Minute, Max: time.Minute, Slots: 100, PerAddress: 1}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		io.WriteString(w, "ok")
	}))
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	post := func() int {
		res, err := http.PostForm(srv.URL, url.Values{"name": {"Ana"}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	stalled(t, srv.Listener.Addr().String(), 100, "name=A")
	deadline := time.Now().Add(20 * time.Second)
	for post() != http.StatusServiceUnavailable {
		if time.Now().After(deadline) {
			t.Fatal("an address holding its one slot still had a post received, with 99 slots free")
		}
		time.Sleep(20 * time.Millisecond)
	}

	p := perAddress{max: 2, n: map[netip.Addr]int{}}
	a1, ok1 := p.take("[2001:db8::1]:1000")
	_, ok2 := p.take("[2001:db8::2]:1000") // the same /64
	_, ok3 := p.take("[2001:db8::3]:1000")
	_, ok4 := p.take("203.0.113.5:80")
	if !ok1 || !ok2 || ok3 || !ok4 {
		t.Errorf("takes %v %v %v %v, want the /64 bounded at 2 and another address free", ok1, ok2, ok3, ok4)
	}
	p.give(a1)
	if _, ok := p.take("[2001:db8::9]:1000"); !ok {
		t.Error("a slot given back is not taken again")
	}
}
