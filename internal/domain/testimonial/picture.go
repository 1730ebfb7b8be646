package testimonial

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
)

// PicturePath is where the approved testimonials' pictures are served:
// PicturePath + "{id}-{mac}.jpg", the mac keyed with the site's secret, so
// the address of one cannot be guessed from another's, nor from an ID.
const PicturePath = "/testimonial-picture/"

// PictureSide is the longest side, in pixels, a testimonial's picture is
// shrunk to before it is stored: the site shows it small, beside the name.
const PictureSide = 400

// PictureField is the form field of the picture.
const PictureField = "picture"

// PictureSigner builds and checks the pictures' addresses.
type PictureSigner struct{ key []byte }

// NewPictureSigner signs with key (at least 32 bytes).
func NewPictureSigner(key []byte) (*PictureSigner, error) {
	if len(key) < 32 {
		return nil, errors.New("testimonial: the picture key needs at least 32 bytes")
	}
	return &PictureSigner{key: key}, nil
}

func (s *PictureSigner) mac(id int64) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte("testimonial-picture\x00" + strconv.FormatInt(id, 10)))
	return hex.EncodeToString(m.Sum(nil)[:16])
}

// URL is the address of testimonial id's picture.
func (s *PictureSigner) URL(id int64) string {
	return PicturePath + strconv.FormatInt(id, 10) + "-" + s.mac(id) + ".jpg"
}

// Parse reads the testimonial ID from a picture's file name
// ("{id}-{mac}.jpg"); ok is false unless the mac is the one URL gives.
func (s *PictureSigner) Parse(file string) (id int64, ok bool) {
	name, found := strings.CutSuffix(file, ".jpg")
	if !found {
		return 0, false
	}
	num, mac, found := strings.Cut(name, "-")
	if !found {
		return 0, false
	}
	id, err := strconv.ParseInt(num, 10, 64)
	if err != nil || id <= 0 || strconv.FormatInt(id, 10) != num {
		return 0, false
	}
	if !hmac.Equal([]byte(mac), []byte(s.mac(id))) {
		return 0, false
	}
	return id, true
}
