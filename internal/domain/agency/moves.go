package agency

import (
	"bytes"
	"encoding/json"
	"fmt"

	"immo/internal/domain/site"
)

// withMoves is data, a configuration about to replace the one served,
// with the addresses it moves added to its "moved" list (site.Moves): a
// renamed page's old address leads to its new one, a deleted page's to
// its parent's, unless the editor said otherwise in the list. The rest of
// the file keeps its order.
func (s *Service) withMoves(name string, data []byte) ([]byte, error) {
	cur := s.Current()
	if cur == nil || cur.Site == nil {
		return data, nil
	}
	cfg, err := site.Parse(name, data)
	if err != nil {
		return nil, err
	}
	moves := site.Moves(cur.Site, cfg)
	if len(moves) == 0 {
		return data, nil
	}
	list, err := json.Marshal(append(cfg.Moved, moves...))
	if err != nil {
		return nil, err
	}
	return setKey(data, "moved", list)
}

// setKey is the JSON object data with key's value replaced by value (added
// last when it has none), its other keys in their order, indented as a
// configuration file is.
func setKey(data []byte, key string, value json.RawMessage) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("agency: a configuration is a JSON object")
	}
	var b bytes.Buffer
	b.WriteByte('{')
	found := false
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		if k == key {
			v, found = value, true
		}
		writePair(&b, k, v)
	}
	if !found {
		writePair(&b, key, value)
	}
	b.WriteByte('}')
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

func writePair(b *bytes.Buffer, k string, v json.RawMessage) {
	if b.Len() > 1 {
		b.WriteByte(',')
	}
	name, _ := json.Marshal(k)
	b.Write(name)
	b.WriteByte(':')
	b.Write(v)
}
