// Command uploads measures what visitors' large pictures cost the server:
// it starts bin/immo on loopback (SQLite, a data directory of its own),
// posts -n testimonials at once, each with a picture of -mp megapixels,
// and prints the server's resident memory before, at its peak and after.
// It stops the server and itself when done (at most -timeout).
//
//	flock /tmp/immo-build.lock make build && go run ./bench/uploads [-n 16] [-mp 40] [-format png|jpeg]
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"log"
	"math"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"sync/atomic"
	"time"

	"immo/bench/internal/run"
)

func main() {
	bin := flag.String("bin", "bin/immo", "the immo binary")
	n := flag.Int("n", 16, "pictures posted at once")
	mp := flag.Float64("mp", 40, "megapixels of each picture")
	format := flag.String("format", "png", "png or jpeg")
	timeout := flag.Duration("timeout", 15*time.Minute, "stop after this long, whatever happens")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()

	picture, w, h := makePicture(*mp, *format)
	fmt.Printf("picture: %s %d×%d (%.1f MP), %d bytes\n", *format, w, h, float64(w*h)/1e6, len(picture))

	dir, err := os.MkdirTemp("", "immo-bench-uploads-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	logFile := filepath.Join(dir, "serve.log")
	srv, err := run.Start(ctx, *bin, dir, logFile)
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Stop()
	// The first start loads the demo and may make picture variants: the
	// figures start once the server is idle.
	run.WaitIdle(srv.Cmd.Process.Pid, 3*time.Second, 5*time.Minute)
	// The pages' renderers start with the first visits: -n of them at once,
	// twice, so the figures are the pictures' alone.
	for range 2 {
		var wg sync.WaitGroup
		for range *n {
			wg.Go(func() {
				if res, err := http.Get(srv.URL + "/fr/temoignages/"); err == nil {
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
			})
		}
		wg.Wait()
	}
	run.WaitIdle(srv.Cmd.Process.Pid, 2*time.Second, time.Minute)
	pid := srv.Cmd.Process.Pid
	before := run.RSS(pid)

	var peak atomic.Int64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if r := run.RSS(pid); r > peak.Load() {
				peak.Store(r)
			}
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	start := time.Now()
	codes := make([]int, *n)
	var wg sync.WaitGroup
	for i := range *n {
		wg.Go(func() { codes[i] = post(ctx, srv.URL, i, picture, *format) })
	}
	wg.Wait()
	took := time.Since(start)
	time.Sleep(5 * time.Second)
	after := run.RSS(pid)
	close(stop)
	<-sampled
	count := map[int]int{}
	for _, c := range codes {
		count[c]++
	}
	var why []string
	reasons.Range(func(k, _ any) bool { why = append(why, k.(string)); return true })
	fmt.Printf("%d posts in %s: statuses %v (refused: %v)\n", *n, took.Round(time.Millisecond), count, why)
	fmt.Printf("RSS before %s, peak %s, 5 s after %s\n", run.MB(before), run.MB(peak.Load()), run.MB(after))
}

// makePicture is a picture of about mp megapixels (3:2) with a pattern
// that compresses well enough to stay under the 5 MB upload limit.
func makePicture(mp float64, format string) ([]byte, int, int) {
	w := int(math.Sqrt(mp * 1e6 * 3 / 2))
	h := int(mp*1e6) / w
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, color.RGBA{uint8(x / 16), uint8(y / 16), uint8((x + y) / 64), 255})
		}
	}
	var b bytes.Buffer
	var err error
	if format == "jpeg" {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 80})
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img)
	}
	if err != nil {
		log.Fatal(err)
	}
	return b.Bytes(), w, h
}

var (
	errorKey = regexp.MustCompile(`forms\.error\.[a-zA-Z]+`)
	reasons  sync.Map
)

// post sends one testimonial with the picture, as a browser without
// JavaScript does, and returns the status.
func post(ctx context.Context, base string, i int, picture []byte, format string) int {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for k, v := range map[string]string{"form": "testimonial", "firstName": "Anne", "lastName": fmt.Sprint("Bench", i),
		"email": fmt.Sprintf("anne%d@example.be", i), "remark": "Une équipe à l'écoute.", "aboutYou": "seller", "website": ""} {
		mw.WriteField(k, v)
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="picture"; filename="photo.`+format+`"`)
	h.Set("Content-Type", "image/"+format)
	pw, _ := mw.CreatePart(h)
	pw.Write(picture)
	mw.Close()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/fr/temoignages/", &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		log.Printf("post %d: %v", i, err)
		return 0
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		// A refusal: its first error key (a visitor's limit of the hour).
		if m := errorKey.Find(body); m != nil {
			reasons.Store(string(m), true)
		}
	}
	return res.StatusCode
}
