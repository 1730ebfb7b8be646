package upload

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"immo/internal/domain/field"
)

// Samples of real files, as small as they come.

func samplePDF() []byte {
	return []byte("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
}

func sampleDOCX(t testing.TB) []byte {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	// A writer may put a large thumbnail first: word/ comes far past the first 4 KiB.
	thumb, err := z.CreateHeader(&zip.FileHeader{Name: "docProps/thumbnail.jpeg", Method: zip.Store})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20_000 {
		thumb.Write([]byte{byte(i * 31)})
	}
	for _, name := range []string{"[Content_Types].xml", "_rels/.rels", "word/document.xml"} {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(`<?xml version="1.0"?><x/>`))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func picture(w, h int) image.Image {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			m.Set(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: 90, A: 255})
		}
	}
	return m
}

func samplePNG(t testing.TB, w, h int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, picture(w, h)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func sampleJPEG(t testing.TB, w, h int) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, picture(w, h), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A lossless 1×1 WebP (the smallest valid VP8L file).
var sampleWebP = []byte{'R', 'I', 'F', 'F', 0x1a, 0, 0, 0, 'W', 'E', 'B', 'P', 'V', 'P', '8', 'L',
	0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0}

func TestCheck(t *testing.T) {
	pdf, docx, pngData, jpg := samplePDF(), sampleDOCX(t), samplePNG(t, 4, 3), sampleJPEG(t, 4, 3)
	big := append(samplePDF(), bytes.Repeat([]byte{' '}, MaxSize)...)
	for _, tc := range []struct {
		name     string
		set      Set
		file     string
		data     []byte
		mimeType string
		key      string
	}{
		{"a PDF CV", CV, "cv.pdf", pdf, "application/pdf", ""},
		{"a PDF CV, upper-case extension", CV, "CV.PDF", pdf, "application/pdf", ""},
		{"a PDF CV without extension", CV, "cv", pdf, "application/pdf", ""},
		{"a PDF CV, dotted name", CV, "Jan.Peeters", pdf, "application/pdf", ""},
		{"a DOCX CV", CV, "cv.docx", docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ""},
		{"a text file calling itself a PDF", CV, "cv.pdf", []byte("I am not a PDF, honest.\n"), "text/plain", field.KeyFileType},
		{"a PNG calling itself a PDF", CV, "cv.pdf", pngData, "image/png", field.KeyFileType},
		{"a PDF calling itself a DOCX", CV, "cv.docx", pdf, "application/pdf", field.KeyFileType},
		{"a bare ZIP is no DOCX", CV, "cv.docx", func() []byte {
			var b bytes.Buffer
			z := zip.NewWriter(&b)
			w, _ := z.Create("a.txt")
			w.Write([]byte("x"))
			z.Close()
			return b.Bytes()
		}(), "application/zip", field.KeyFileType},
		{"an HTML page calling itself a PDF", CV, "cv.pdf", []byte("<html><script>alert(1)</script></html>"), "text/html", field.KeyFileType},
		{"a PDF CV one byte too big", CV, "cv.pdf", big[:MaxSize+1], "", field.KeyFileSize},
		{"a PDF CV of exactly 5 MB", CV, "cv.pdf", big[:MaxSize], "application/pdf", ""},
		{"an empty file", CV, "cv.pdf", nil, "", field.KeyRequired},
		{"a PNG picture", Picture, "me.png", pngData, "image/png", ""},
		{"a JPEG picture named .jpeg", Picture, "me.jpeg", jpg, "image/jpeg", ""},
		{"a JPEG picture named .JPG", Picture, "me.JPG", jpg, "image/jpeg", ""},
		{"a WebP picture", Picture, "me.webp", sampleWebP, "image/webp", ""},
		{"a JPEG calling itself a PNG", Picture, "me.png", jpg, "image/jpeg", field.KeyFileType},
		{"a PDF is no picture", Picture, "me.jpg", pdf, "application/pdf", field.KeyFileType},
		{"an SVG is no picture here", Picture, "me.png", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), "image/svg+xml", field.KeyFileType},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mimeType, key := tc.set.Check(tc.file, tc.data)
			if mimeType != tc.mimeType || key != tc.key {
				t.Fatalf("Check = %q, %q; want %q, %q", mimeType, key, tc.mimeType, tc.key)
			}
		})
	}
}

func TestCleanName(t *testing.T) {
	long := strings.Repeat("é", 150) + ".pdf"
	for in, want := range map[string]string{
		"cv.pdf":                            "cv.pdf",
		`C:\Users\ann\Mijn CV.pdf`:          "Mijn CV.pdf",
		"../../etc/passwd":                  "passwd",
		"..hidden.pdf":                      "hidden.pdf",
		"cv\r\nBcc: x@example.be.pdf":       "cvBcc_ x_example.be.pdf",
		`"quoted"; name=evil.pdf`:           "_quoted__ name_evil.pdf",
		"Zoë Dupont — CV (2026).docx":       "Zoë Dupont _ CV (2026).docx",
		"  spaced   out  .pdf ":             "spaced out .pdf",
		"":                                  "file",
		"...":                               "file",
		"<script>.pdf":                      "_script_.pdf",
		"cv\x00.pdf":                        "cv.pdf",
		long:                                strings.Repeat("é", 96) + ".pdf",
		"cv.pdf\u202Egnp.exe":               "cv.pdf_gnp.exe", // a right-to-left override is no letter
		"résumé.pdf":                        "résumé.pdf",
		"Лариса.pdf":                        "Лариса.pdf",
		"a/b\\c.pdf":                        "c.pdf",
		"pic.JPG":                           "pic.JPG",
		"x" + string([]byte{0xff}) + ".pdf": "x.pdf",
	} {
		if got := CleanName(in); got != want {
			t.Errorf("CleanName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFileName(t *testing.T) {
	for _, tc := range []struct {
		set            Set
		in, mime, want string
	}{
		{CV, "cv", "application/pdf", "cv.pdf"},
		{CV, "Jan.Peeters", "application/pdf", "Jan.Peeters.pdf"},
		{CV, "cv.PDF", "application/pdf", "cv.PDF"},
		{Picture, "", "image/jpeg", "file.jpg"},
	} {
		if got := tc.set.FileName(tc.in, tc.mime); got != tc.want {
			t.Errorf("FileName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestShrink(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		side int
		w, h int
	}{
		{"a large landscape JPEG", sampleJPEG(t, 1600, 1000), 800, 800, 500},
		{"a tall PNG", samplePNG(t, 300, 1200), 800, 200, 800},
		{"a small picture is not enlarged", samplePNG(t, 120, 80), 800, 120, 80},
		{"a WebP", sampleWebP, 800, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Shrink(tc.data, tc.side)
			if err != nil {
				t.Fatal(err)
			}
			m, format, err := image.Decode(bytes.NewReader(out))
			if err != nil || format != "jpeg" {
				t.Fatalf("%s, %v", format, err)
			}
			if b := m.Bounds(); b.Dx() != tc.w || b.Dy() != tc.h {
				t.Fatalf("%d×%d, want %d×%d", b.Dx(), b.Dy(), tc.w, tc.h)
			}
		})
	}
	for name, data := range map[string][]byte{
		"a PDF":           samplePDF(),
		"nothing":         nil,
		"a truncated PNG": samplePNG(t, 50, 50)[:60],
		// A PNG header claiming 20000×20000 pixels: refused before decoding.
		"a bomb": pngClaiming(t, 20000, 20000),
	} {
		if _, err := Shrink(data, 800); err == nil {
			t.Errorf("%s: shrunk", name)
		}
	}
}

// pngClaiming is a 1×1 PNG whose header (its CRC right) claims w×h pixels.
func pngClaiming(t testing.TB, w, h uint32) []byte {
	b := samplePNG(t, 1, 1)
	binary.BigEndian.PutUint32(b[16:], w)
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// A picture set's files are measured from their header (Check) and
// decoded only by Prepare: one over the bounds or one that does not
// decode is refused with its own key; a good one comes back as a JPEG of
// at most Side pixels, named .jpg.
func TestPicturePrepare(t *testing.T) {
	gray16 := func(w, h int) []byte {
		var b bytes.Buffer
		if err := png.Encode(&b, image.NewRGBA64(image.Rect(0, 0, w, h))); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	for _, tc := range []struct {
		name      string
		data      []byte
		checkKey  string
		key       string
		w, h      int
		wantBytes bool
	}{
		{"20000×20000", pngClaiming(t, 20000, 20000), field.KeyPictureSize, field.KeyPictureSize, 0, 0, false},
		{"a side over MaxSide", pngClaiming(t, MaxSide+1, 10), field.KeyPictureSize, field.KeyPictureSize, 0, 0, false},
		{"over MaxPixels within the sides", pngClaiming(t, 10000, 5001), field.KeyPictureSize, field.KeyPictureSize, 0, 0, false},
		{"a header of zero pixels", pngClaiming(t, 0, 10), field.KeyPictureBroken, field.KeyPictureBroken, 0, 0, false},
		{"a truncated PNG", samplePNG(t, 300, 200)[:300], "", field.KeyPictureBroken, 0, 0, false},
		{"a truncated JPEG", sampleJPEG(t, 300, 200)[:700], "", field.KeyPictureBroken, 0, 0, false},
		{"a PNG header and nothing else", samplePNG(t, 300, 200)[:33], "", field.KeyPictureBroken, 0, 0, false},
		{"a 16-bit PNG is measured at 8 bytes a pixel", gray16(1, 1), "", "", 1, 1, true},
		{"a large JPEG", sampleJPEG(t, 2000, 1000), "", "", AgencySide, 800, true},
		{"a small PNG, kept its size", samplePNG(t, 30, 20), "", "", 30, 20, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, key := Picture.Check("IMG 1", tc.data); key != tc.checkKey {
				t.Errorf("Check: %q, want %q", key, tc.checkKey)
			}
			name, mimeType, out, key := Picture.Prepare("IMG 1", tc.data)
			if key != tc.key {
				t.Fatalf("Prepare: %q, want %q", key, tc.key)
			}
			if !tc.wantBytes || key != "" {
				return
			}
			cfg, format, err := image.DecodeConfig(bytes.NewReader(out))
			if err != nil || format != "jpeg" || mimeType != "image/jpeg" || name != "IMG 1.jpg" || cfg.Width != tc.w || cfg.Height != tc.h {
				t.Fatalf("%s %s %s %dx%d %v", name, mimeType, format, cfg.Width, cfg.Height, err)
			}
		})
	}
	// 16 bits a pixel: 30 megapixels are 240 MB once decoded, over maxDecoded.
	if _, err := Measure(func() []byte {
		b := gray16(1, 1)
		binary.BigEndian.PutUint32(b[16:], 6000)
		binary.BigEndian.PutUint32(b[20:], 5000)
		binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
		return b
	}()); !errors.Is(err, ErrPictureMemory) || PictureKey(err) != field.KeyPictureMemory {
		t.Errorf("a 30-megapixel 16-bit PNG: %v, want too much memory (not too many pixels: it has fewer than the bound)", err)
	}
	// A CV is no picture set: kept as sent.
	pdf := samplePDF()
	if name, _, out, key := CV.Prepare("cv.pdf", pdf); key != "" || name != "cv.pdf" || !bytes.Equal(out, pdf) {
		t.Errorf("a CV: %q %q", name, key)
	}
}

// Shrink drops the EXIF block (a phone's GPS position) and applies its
// orientation: a picture stored sideways with orientation 6 comes out
// standing, its metadata gone.
func TestShrinkExif(t *testing.T) {
	stored := sampleJPEG(t, 400, 200)           // stored 400×200, to be shown turned clockwise: 200×400
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, // big-endian, IFD at 8
		0, 2, // two entries
		0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, // Orientation = 6
		0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 0, // a GPS IFD pointer
		0, 0, 0, 0}
	seg := append([]byte("Exif\x00\x00"), tiff...)
	n := len(seg) + 2
	withExif := append([]byte{0xFF, 0xD8, 0xFF, 0xE1, byte(n >> 8), byte(n)}, seg...)
	withExif = append(withExif, stored[2:]...)
	if got := exifOrientation(withExif); got != 6 {
		t.Fatalf("orientation %d, want 6", got)
	}
	out, err := Shrink(withExif, 800)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out, []byte("Exif")) {
		t.Fatal("the EXIF block is kept")
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(out))
	if err != nil || cfg.Width != 200 || cfg.Height != 400 {
		t.Fatalf("%d×%d, %v; want 200×400", cfg.Width, cfg.Height, err)
	}
	// The first stored row (red = x mod 256 at y = 0) is now the last column, top to bottom.
	m, _, _ := image.Decode(bytes.NewReader(out))
	for _, c := range []struct{ y, red int }{{10, 10}, {100, 100}, {390, 134}} {
		r, _, _, _ := m.At(199, c.y).RGBA()
		if d := int(r>>8) - c.red; d < -20 || d > 20 {
			t.Errorf("(199, %d): red %d, want about %d", c.y, r>>8, c.red)
		}
	}
}

// reduce averages each k×k block.
func TestReduce(t *testing.T) {
	m := image.NewRGBA(image.Rect(0, 0, 4, 3)) // the last row and column beyond a whole block are left out
	for i, v := range []uint8{10, 30, 100, 200, 0, 20, 40, 60, 255, 255, 255, 255} {
		x, y := i%4, i/4
		m.SetRGBA(x, y, color.RGBA{v, v, v, 255})
	}
	got := reduce(m, 2)
	if b := got.Bounds(); b.Dx() != 2 || b.Dy() != 1 {
		t.Fatalf("%v", b)
	}
	for x, want := range []uint8{(10 + 30 + 0 + 20) / 4, (100 + 200 + 40 + 60) / 4} {
		if c := got.RGBAAt(x, 0); c.R != want || c.A != 255 {
			t.Errorf("(%d, 0) = %v, want %d", x, c, want)
		}
	}
}
