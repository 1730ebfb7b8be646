package respond

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
)

// A rendered page goes to the shared store (package rendered) as its
// deflated parts — the form the cache serves gzipped — so reading it back
// costs an inflate, not a compression:
//
//	"IMR1", status (2 bytes), dictionary flag (1), part count (uvarint),
//	then per part: its length (uvarint), its CRC-32 (4), its deflated
//	length (uvarint) and deflated bytes.
//
// The parts were deflated each with the text before it as dictionary
// (newNonced); decoding inflates them in order with the same dictionaries.
const persistMagic = "IMR1"

var errPersisted = errors.New("respond: a stored page that does not decode")

func encodePage(p cached) []byte {
	var b bytes.Buffer
	b.WriteString(persistMagic)
	b.Write(binary.BigEndian.AppendUint16(nil, uint16(p.status)))
	if p.doc.withDict {
		b.WriteByte(1)
	} else {
		b.WriteByte(0)
	}
	b.Write(binary.AppendUvarint(nil, uint64(len(p.doc.lens))))
	for i, size := range p.doc.lens {
		b.Write(binary.AppendUvarint(nil, uint64(size)))
		b.Write(binary.BigEndian.AppendUint32(nil, p.doc.crcs[i]))
		b.Write(binary.AppendUvarint(nil, uint64(len(p.doc.deflated[i]))))
		b.Write(p.doc.deflated[i])
	}
	return b.Bytes()
}

// decodePage reads a page encodePage wrote; any inconsistency (a length,
// a CRC) is errPersisted, never a page served wrong.
func decodePage(data []byte) (cached, error) {
	r := bytes.NewReader(data)
	head := make([]byte, len(persistMagic)+3)
	if _, err := io.ReadFull(r, head); err != nil || string(head[:4]) != persistMagic {
		return cached{}, errPersisted
	}
	status := int(binary.BigEndian.Uint16(head[4:6]))
	withDict := head[6] == 1
	n, err := binary.ReadUvarint(r)
	if err != nil || n == 0 || n > 1<<16 {
		return cached{}, errPersisted
	}
	d := nonced{withDict: withDict}
	for range int(n) {
		size, err1 := binary.ReadUvarint(r)
		var crc [4]byte
		_, err2 := io.ReadFull(r, crc[:])
		zlen, err3 := binary.ReadUvarint(r)
		if err := errors.Join(err1, err2, err3); err != nil || size > 64<<20 || zlen > uint64(r.Len()) {
			return cached{}, errPersisted
		}
		z := make([]byte, zlen)
		io.ReadFull(r, z)
		d.deflated = append(d.deflated, z)
		d.lens = append(d.lens, int(size))
		d.crcs = append(d.crcs, binary.BigEndian.Uint32(crc[:]))
		d.shifts = append(d.shifts, x2nModP(size, 3))
		d.size += len(z) + 16
	}
	if r.Len() != 0 {
		return cached{}, errPersisted
	}
	// Inflated once here to check every part against its length and CRC;
	// the cache keeps the deflated parts only.
	parts, ok := inflateParts(d.deflated, d.lens, withDict)
	if !ok {
		return cached{}, errPersisted
	}
	for i, part := range parts {
		if crc32.ChecksumIEEE(part) != d.crcs[i] {
			return cached{}, errPersisted
		}
	}
	d.setLengths()
	return cached{status: status, doc: d}, nil
}
