package agency

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

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

// StaleLink is a link of a configuration to an address publishing it
// would move: at Path (a JSON path), Address.
type StaleLink struct {
	Path    string `json:"path"`
	Address string `json:"address"`
}

// maxStaleLinks bounds the links listed.
const maxStaleLinks = 50

// Moving is what publishing after (data, parsed) in place of before
// moves (site.Moves), and the links of after that still lead to a moved
// address — a menu entry, a button, a text's link — listed so the editor
// fixes them before publishing.
func Moving(before, after *site.Config, data []byte) ([]site.MovedPath, []StaleLink) {
	moves := site.Moves(before, after)
	if len(moves) == 0 {
		return []site.MovedPath{}, []StaleLink{}
	}
	// The addresses as links write them: with the language (/fr/emplois/)
	// and as a deleted page's own path names it (/jobs/).
	var olds []string
	for _, m := range moves {
		olds = append(olds, m.From)
	}
	for _, p := range before.AllPages() {
		if after.PageByID(p.ID) == nil && p.Path != "" && p.Path != "/" {
			olds = append(olds, p.Path)
		}
	}
	var doc any
	_ = json.Unmarshal(data, &doc)
	links := []StaleLink{}
	var walk func(v any, path string)
	walk = func(v any, path string) {
		if len(links) >= maxStaleLinks {
			return
		}
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if k == "moved" && path == "" {
					continue
				}
				walk(e, joinPath(path, k))
			}
		case []any:
			for i, e := range x {
				walk(e, fmt.Sprintf("%s[%d]", path, i))
			}
		case string:
			for _, old := range olds {
				if x == old || bytes.Contains([]byte(x), []byte(`href="`+old+`"`)) {
					links = append(links, StaleLink{Path: path, Address: old})
					return
				}
			}
		}
	}
	walk(doc, "")
	sortLinks(links)
	return moves, links
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// sortLinks orders links by path, so a list reads the same every time.
func sortLinks(links []StaleLink) {
	slices.SortFunc(links, func(a, b StaleLink) int { return strings.Compare(a.Path, b.Path) })
}
