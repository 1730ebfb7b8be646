// Package run starts a real immo server process for the bench commands
// (bench/...), on loopback, and reads its memory from /proc.
package run

import (
	"bufio"
	"context"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Server is a started `immo serve`.
type Server struct {
	URL string // http://127.0.0.1:PORT
	Cmd *exec.Cmd
}

// FreeAddr is a loopback address no one listens on.
func FreeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// Start runs bin serve on dataDir with env added (KEY=VALUE) and waits for
// /readyz; its output goes to logFile.
func Start(ctx context.Context, bin, dataDir, logFile string, env ...string) (*Server, error) {
	addr, err := FreeAddr()
	if err != nil {
		return nil, err
	}
	out, err := os.OpenFile(logFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve", "--addr", addr, "--data-dir", dataDir)
	cmd.Env = append(os.Environ(), "IMMO_MAP_TILES=none", "DATABASE_URL=")
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdout, cmd.Stderr = out, out
	// The server dies with the bench command, however that ends (a
	// log.Fatal, Ctrl-C, a kill): it is never left serving.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &Server{URL: "http://" + addr, Cmd: cmd}
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Get(s.URL + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		if ctx.Err() != nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	s.Kill()
	return nil, fmt.Errorf("%s did not get ready (see %s)", bin, logFile)
}

// Kill ends the server with SIGKILL and waits for it.
func (s *Server) Kill() {
	s.Cmd.Process.Signal(syscall.SIGKILL)
	s.Cmd.Wait()
}

// Stop ends the server with SIGTERM (its clean shutdown) and waits.
func (s *Server) Stop() {
	s.Cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { s.Cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		s.Kill()
	}
}

// RSS is the resident memory of process pid, in bytes (VmRSS).
func RSS(pid int) int64 {
	return status(pid, "VmRSS:")
}

// Peak is the highest resident memory of process pid so far (VmHWM).
func Peak(pid int) int64 {
	return status(pid, "VmHWM:")
}

func status(pid int, key string) int64 {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), key); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// MB writes n bytes in MB.
func MB(n int64) string { return strconv.FormatInt(n>>20, 10) + " MB" }

// WaitIdle waits until process pid is idle (its start's background work
// done): within the last quiet, at most one clock tick of CPU a second —
// the watchers' polls of the database every 2 s (catalog, configuration)
// cost a tick now and then, and never end. At most limit.
func WaitIdle(pid int, quiet, limit time.Duration) {
	const every = 200 * time.Millisecond
	deadline := time.Now().Add(limit)
	window := int(quiet / every)
	allowed := int64(quiet / time.Second)
	samples := []int64{cpu(pid)}
	for time.Now().Before(deadline) {
		time.Sleep(every)
		samples = append(samples, cpu(pid))
		if n := len(samples); n > window {
			if samples[n-1]-samples[n-1-window] <= allowed {
				return
			}
			samples = samples[n-1-window:]
		}
	}
}

// cpu is the clock ticks process pid ran (user and system).
func cpu(pid int) int64 {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return -1
	}
	s := string(data)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		s = s[i+1:]
	}
	f := strings.Fields(s) // state is f[0]; utime and stime are fields 14 and 15 of the line
	if len(f) < 13 {
		return -1
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return u + st
}

// StartDemo runs bin serve on the demo agency in a folder of its own,
// without the background pre-render (its renders would share the cores
// with the load measured); stop stops it and removes the folder. It exits
// on failure: the bench commands have nothing to measure without it.
func StartDemo(bin string) (s *Server, dir string, stop func()) {
	dir, err := os.MkdirTemp("", "immo-bench-")
	if err != nil {
		log.Fatal(err)
	}
	s, err = Start(context.Background(), bin, dir, filepath.Join(dir, "server.log"), "IMMO_PRERENDER=off")
	if err != nil {
		os.RemoveAll(dir)
		log.Fatal(err)
	}
	return s, dir, func() { s.Stop(); os.RemoveAll(dir) }
}
