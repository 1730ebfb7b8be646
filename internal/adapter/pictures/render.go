package pictures

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	_ "image/png" // DecodeConfig of any picture a source may hold

	"github.com/gen2brain/webp"
	"golang.org/x/image/draw"
)

// MaxPixels bounds the originals the worker decodes: a 50-megapixel picture
// takes 200 MB once decoded. Larger ones are served as they are.
const MaxPixels = 50_000_000

// Size returns the pixel size of the picture in data from its header alone.
func Size(data []byte) (width, height int, format string, err error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return 0, 0, "", err
	}
	return cfg.Width, cfg.Height, format, nil
}

// decodeRGBA decodes a JPEG into RGBA, the layout the scaler and both
// encoders have fast paths for.
func decodeRGBA(data []byte) (*image.RGBA, error) {
	img, err := jpeg.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
	return rgba, nil
}

// resize scales src to width pixels wide, height=auto, with Catmull-Rom (a
// sharp cubic filter; x/image/draw scales down without aliasing). src is
// returned as is at its own width: a variant is never upscaled.
func resize(src *image.RGBA, width int) *image.RGBA {
	b := src.Bounds()
	if width >= b.Dx() {
		return src
	}
	dst := image.NewRGBA(image.Rect(0, 0, width, HeightFor(width, b.Dx(), b.Dy())))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
	return dst
}

// encode writes img in format at Quality.
func encode(img image.Image, format string) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	switch format {
	case JPEG:
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: Quality})
	case WebP:
		err = webp.Encode(&buf, img, webp.Options{Quality: Quality, Method: WebPMethod})
	default:
		err = fmt.Errorf("unknown format %q", format)
	}
	return buf.Bytes(), err
}

// Want is one variant to make.
type Want struct {
	Width  int
	Format string
}

// Render makes the wanted variants of the JPEG picture in data, widest
// first. It stops at the first error or when ctx ends. The variants' Source
// and Created are left for the caller.
func Render(ctx context.Context, data []byte, want []Want) ([]Variant, error) {
	src, err := decodeRGBA(data)
	if err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	original := Fingerprint(data)
	byWidth := map[int][]string{}
	var widths []int
	for _, w := range want {
		if _, ok := byWidth[w.Width]; !ok {
			widths = append(widths, w.Width)
		}
		byWidth[w.Width] = append(byWidth[w.Width], w.Format)
	}
	var out []Variant
	for i := len(widths) - 1; i >= 0; i-- {
		img := resize(src, widths[i])
		for _, format := range byWidth[widths[i]] {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			b, err := encode(img, format)
			if err != nil {
				return nil, fmt.Errorf("%s at %d px: %w", format, img.Bounds().Dx(), err)
			}
			out = append(out, Variant{
				Width: img.Bounds().Dx(), Height: img.Bounds().Dy(), Format: format,
				Original: original, ETag: Fingerprint(b), Data: b, Size: len(b),
			})
		}
	}
	return out, nil
}

// WebPEncoder names the WebP encoder in use. gen2brain/webp loads a shared
// libwebp when the binary is dynamically linked and one is installed, and
// otherwise runs libwebp transpiled to Go; the build tag nodynamic makes the
// latter certain (see docs/ARCHITECTURE.md, Pictures).
func WebPEncoder() string {
	if webp.Dynamic() == nil {
		return "shared libwebp"
	}
	return "libwebp transpiled to Go"
}
