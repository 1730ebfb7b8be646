package pgtest

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// outcome records how URL ended a test: Skip and Fatal end the goroutine.
type outcome struct {
	testing.TB
	skipped, failed string
}

func (o *outcome) Helper()                   {}
func (o *outcome) Skip(a ...any)             { o.skipped = fmt.Sprint(a...); runtime.Goexit() }
func (o *outcome) Fatal(a ...any)            { o.failed = fmt.Sprint(a...); runtime.Goexit() }
func (o *outcome) Fatalf(f string, a ...any) { o.Fatal(fmt.Sprintf(f, a...)) }

func run(t *testing.T) *outcome {
	o := &outcome{TB: t}
	var wg sync.WaitGroup
	wg.Go(func() { URL(o) })
	wg.Wait()
	return o
}

type closer struct{ io.Writer }

func (closer) Close() error { return nil }

// Without PostgreSQL a test is skipped saying why and how to get it (once
// on the terminal too, since go test hides a passing package's skips); in CI
// it fails.
func TestUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	t.Setenv("IMMO_TEST_POSTGRES_URL", "postgres://someone:secret@"+addr+"/test")
	var tty bytes.Buffer
	defer func(open func() (io.WriteCloser, error)) { terminal = open }(terminal)
	terminal = func() (io.WriteCloser, error) { return closer{&tty}, nil }
	explained.Store(false)
	noticed.Store(false)

	t.Setenv("CI", "")
	first, second := run(t), run(t)
	if first.failed != "" || !strings.Contains(first.skipped, addr) || !strings.Contains(first.skipped, "SKIPPED") ||
		!strings.Contains(first.skipped, "createdb") || !strings.Contains(first.skipped, "docker run") ||
		strings.Contains(first.skipped, "secret") {
		t.Errorf("first skip: failed %q, skipped %q", first.failed, first.skipped)
	}
	if second.failed != "" || !strings.Contains(second.skipped, "SKIPPED") {
		t.Errorf("second skip: failed %q, skipped %q", second.failed, second.skipped)
	}
	if n := strings.Count(tty.String(), "SKIPPED"); n != 1 || !strings.Contains(tty.String(), "go doc immo/internal/adapter/storage/postgres/pgtest") {
		t.Errorf("terminal notices: %d\n%s", n, tty.String())
	}

	t.Setenv("CI", "true")
	if ci := run(t); ci.skipped != "" || !strings.Contains(ci.failed, "CI=true") || !strings.Contains(ci.failed, addr) {
		t.Errorf("CI: failed %q, skipped %q", ci.failed, ci.skipped)
	}
}
