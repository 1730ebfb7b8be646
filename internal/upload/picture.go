package upload

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	_ "image/png" // a visitor's PNG

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // a visitor's WebP (lossy or lossless)
)

// PictureSide is the longest side, in pixels, of a visitor's picture once
// shrunk (Shrink): a testimonial shows it far smaller.
const PictureSide = 800

// maxPixels bounds the pictures Shrink decodes: 40 megapixels take 160 MB
// once decoded; a 5 MB file claiming more is a decompression bomb.
const maxPixels = 40_000_000

// ErrPicture says data is not a picture Shrink reads (JPEG, PNG, WebP) or
// is too large once decoded.
var ErrPicture = errors.New("upload: not a picture that can be shrunk")

// Shrink re-encodes a visitor's JPEG, PNG or WebP picture as a JPEG whose
// longest side is at most maxSide pixels (PictureSide for a testimonial),
// never enlarged. Re-encoding drops every metadata the original carried
// (EXIF, GPS position, comments); the EXIF orientation of a phone's photo
// is applied first, so the picture stands as it was taken. Transparent
// parts become white.
func Shrink(data []byte, maxSide int) ([]byte, error) {
	if maxSide <= 0 {
		return nil, fmt.Errorf("upload: Shrink to %d pixels", maxSide)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPicture, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > maxPixels {
		return nil, fmt.Errorf("%w: %d×%d pixels", ErrPicture, cfg.Width, cfg.Height)
	}
	src, format, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPicture, err)
	}
	orient := 1
	if format == "jpeg" {
		orient = exifOrientation(data)
	}
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	if orient >= 5 { // turned a quarter: the sides swap
		w, h = h, w
	}
	if w > maxSide || h > maxSide {
		if w >= h {
			w, h = maxSide, max(1, h*maxSide/w)
		} else {
			w, h = max(1, w*maxSide/h), maxSide
		}
	}
	// Scale in the stored orientation, then turn.
	sw, sh := w, h
	if orient >= 5 {
		sw, sh = h, w
	}
	scaled := image.NewRGBA(image.Rect(0, 0, sw, sh))
	draw.Draw(scaled, scaled.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.BiLinear.Scale(scaled, scaled.Bounds(), src, b, draw.Over, nil)
	out := orientImage(scaled, orient)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: 85}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// orientImage turns m as EXIF orientation o asks (1: as stored).
func orientImage(m *image.RGBA, o int) image.Image {
	if o < 2 || o > 8 {
		return m
	}
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range h {
		for x := range w {
			var dx, dy int
			switch o {
			case 2: // mirrored
				dx, dy = w-1-x, y
			case 3: // upside down
				dx, dy = w-1-x, h-1-y
			case 4: // mirrored upside down
				dx, dy = x, h-1-y
			case 5: // mirrored, turned
				dx, dy = y, x
			case 6: // turned clockwise to stand
				dx, dy = h-1-y, x
			case 7:
				dx, dy = h-1-y, w-1-x
			case 8: // turned anticlockwise to stand
				dx, dy = y, w-1-x
			}
			i, j := m.PixOffset(x, y), dst.PixOffset(dx, dy)
			copy(dst.Pix[j:j+4], m.Pix[i:i+4])
		}
	}
	return dst
}

// exifOrientation reads the Orientation tag (0x0112) of a JPEG's EXIF
// block: 1 (as stored) when there is none or it does not parse.
func exifOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 1
	}
	i := 2
	for i+4 <= len(data) {
		if data[i] != 0xFF {
			return 1
		}
		marker := data[i+1]
		if marker == 0xDA || marker == 0xD9 { // the picture's data: no EXIF before it
			return 1
		}
		n := int(data[i+2])<<8 | int(data[i+3])
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) >= 14 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var u16 func([]byte) int
	var u32 func([]byte) int
	switch string(t[:2]) {
	case "II":
		u16 = func(b []byte) int { return int(b[0]) | int(b[1])<<8 }
		u32 = func(b []byte) int { return int(b[0]) | int(b[1])<<8 | int(b[2])<<16 | int(b[3])<<24 }
	case "MM":
		u16 = func(b []byte) int { return int(b[1]) | int(b[0])<<8 }
		u32 = func(b []byte) int { return int(b[3]) | int(b[2])<<8 | int(b[1])<<16 | int(b[0])<<24 }
	default:
		return 1
	}
	off := u32(t[4:8])
	if off < 8 || off+2 > len(t) {
		return 1
	}
	count := u16(t[off:])
	for k := range count {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if u16(t[e:]) == 0x0112 {
			if o := u16(t[e+8:]); o >= 1 && o <= 8 {
				return o
			}
			return 1
		}
	}
	return 1
}
