package catalog

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"io"
)

// details are the parts of a property only its own page shows — its
// description, availability, the detail groups, the points of interest —
// about half of a listing's memory. The index keeps them deflated, apart
// from the rest (which the lists, the search, the alerts and the owners'
// portal read), and inflates them when a property page asks
// (Index.Property): 10 000 listings fit in about half the memory, for a
// fraction of a millisecond per property page render.
type details struct {
	Description      Text              `json:"d,omitempty"`
	Availability     Text              `json:"a,omitempty"`
	Financial        *Financial        `json:"f,omitempty"`
	Features         *Features         `json:"fe,omitempty"`
	Flags            *Flags            `json:"fl,omitempty"`
	Legal            *Legal            `json:"l,omitempty"`
	Flood            *Flood            `json:"fo,omitempty"`
	Asbestos         *Asbestos         `json:"as,omitempty"`
	Certificates     *Certificates     `json:"c,omitempty"`
	LifeAnnuity      *LifeAnnuity      `json:"la,omitempty"`
	PointsOfInterest []PointOfInterest `json:"p,omitempty"`
}

// takeDetails moves p's details out of it, deflated.
func takeDetails(p *Property) []byte {
	d := details{p.Description, p.Availability, p.Financial, p.Features, p.Flags, p.Legal, p.Flood,
		p.Asbestos, p.Certificates, p.LifeAnnuity, p.PointsOfInterest}
	p.Description, p.Availability, p.Financial, p.Features, p.Flags, p.Legal, p.Flood = nil, nil, nil, nil, nil, nil, nil
	p.Asbestos, p.Certificates, p.LifeAnnuity, p.PointsOfInterest = nil, nil, nil, nil
	raw, err := json.Marshal(d)
	if err != nil {
		panic(err) // decoded from JSON a moment ago: it encodes
	}
	var b bytes.Buffer
	zw, _ := flate.NewWriter(&b, flate.BestSpeed)
	zw.Write(raw)
	zw.Close()
	return bytes.Clone(b.Bytes())
}

// withDetails is lean (a property of the index) with its details back.
func withDetails(lean Property, deflated []byte) Property {
	raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(deflated)))
	if err != nil {
		panic(err) // deflated by takeDetails in this process
	}
	var d details
	if err := json.Unmarshal(raw, &d); err != nil {
		panic(err)
	}
	p := lean
	p.Description, p.Availability, p.Financial, p.Features, p.Flags, p.Legal, p.Flood = d.Description, d.Availability,
		d.Financial, d.Features, d.Flags, d.Legal, d.Flood
	p.Asbestos, p.Certificates, p.LifeAnnuity, p.PointsOfInterest = d.Asbestos, d.Certificates, d.LifeAnnuity, d.PointsOfInterest
	return p
}
