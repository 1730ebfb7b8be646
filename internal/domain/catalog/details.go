package catalog

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"io"
	"sync"
)

// Details are the parts of a property only its own page shows — its
// description, availability, the detail groups, the points of interest —
// about half of a listing's memory. Property and PublicProperty both embed
// them (the JSON keeps the feed's flat names): all of them are public, so a
// field added here is on the property page and in the API (public_test.go).
// The index keeps them deflated, apart from the rest (which the lists, the
// search, the alerts and the owners' portal read), and inflates them when a
// property page asks (Index.Property): 10 000 listings fit in about half the
// memory, for a fraction of a millisecond per property page render.
type Details struct {
	Description      Text              `json:"Description,omitempty"`
	Availability     Text              `json:"Availability,omitempty"`
	Financial        *Financial        `json:"Financial,omitempty"`
	Features         *Features         `json:"Features,omitempty"`
	Flags            *Flags            `json:"Flags,omitempty"`
	Legal            *Legal            `json:"Legal,omitempty"`
	Flood            *Flood            `json:"Flood,omitempty"`
	Asbestos         *Asbestos         `json:"Asbestos,omitempty"`
	Certificates     *Certificates     `json:"Certificates,omitempty"`
	LifeAnnuity      *LifeAnnuity      `json:"LifeAnnuity,omitempty"`
	PointsOfInterest []PointOfInterest `json:"PointsOfInterest,omitempty"`
}

// takeDetails moves p's details out of it, deflated. (The feed's names
// cost about 33 bytes a listing over one- and two-letter keys, deflated, on
// the demo catalog: some 300 KB at 10 000 listings.)
func takeDetails(p *Property) []byte {
	d := p.Details
	p.Details = Details{}
	raw, err := json.Marshal(d)
	if err != nil {
		panic(err) // decoded from JSON a moment ago: it encodes
	}
	d2 := deflaters.Get().(*deflater)
	defer deflaters.Put(d2)
	d2.buf.Reset()
	d2.w.Reset(&d2.buf)
	d2.w.Write(raw)
	d2.w.Close()
	return bytes.Clone(d2.buf.Bytes())
}

// deflater is a flate writer and its buffer, reused: a new writer
// allocates about 1 MB, which at 10 000 listings made every index rebuild
// allocate 12 GB and take seconds (bench/feeds).
type deflater struct {
	buf bytes.Buffer
	w   *flate.Writer
}

var deflaters = sync.Pool{New: func() any {
	d := &deflater{}
	d.w, _ = flate.NewWriter(&d.buf, flate.BestSpeed)
	return d
}}

// withDetails is lean (a property of the index) with its details back.
func withDetails(lean Property, deflated []byte) Property {
	raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(deflated)))
	if err != nil {
		panic(err) // deflated by takeDetails in this process
	}
	p := lean
	if err := json.Unmarshal(raw, &p.Details); err != nil {
		panic(err)
	}
	return p
}
