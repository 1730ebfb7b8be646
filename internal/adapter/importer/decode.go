package importer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"immo/internal/domain/catalog"
)

// file is the catalog file: three lists of records kept raw, so one bad
// record is reported with its place instead of failing the whole file.
type file struct {
	Types      []json.RawMessage `json:"types"`
	Properties []json.RawMessage `json:"properties"`
	Projects   []json.RawMessage `json:"projects"`
}

// Positions maps each decoded record back to its place in the file, per
// section, since records that do not decode are left out.
type Positions map[string][]int

// Decode reads a catalog file. A file that is not a catalog at all is an
// error, and so is one without a properties or projects section: the
// listings absent from a file go offline, so a missing section would take
// them all offline (write "projects": [] to mean none). Records that do not
// decode are problems, and are left out.
func Decode(r io.Reader) (*catalog.Catalog, Positions, []Problem, error) {
	cat, _, pos, problems, err := DecodeFeed(r)
	return cat, pos, problems, err
}

// DecodeFeed is Decode that also returns the owners a property record
// names (its optional Owners list: FeedOwners), by property ID.
func DecodeFeed(r io.Reader) (*catalog.Catalog, FeedOwners, Positions, []Problem, error) {
	var f file
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		key := ErrKeyNotCatalog
		if errors.Is(err, ErrTooLarge) {
			key = ErrKeyTooLarge
		}
		// The staff read where the file goes wrong, not the parser's English.
		return nil, nil, nil, nil, &keyedError{key, map[string]string{"at": num(dec.InputOffset())},
			fmt.Errorf("not a catalog file (want an object with types, properties and projects): %w", err)}
	}
	// A second catalog or a stray bracket after the object means the file is
	// not what its author thinks: refuse it rather than import its start.
	if _, err := dec.Token(); err != io.EOF {
		if errors.Is(err, ErrTooLarge) {
			return nil, nil, nil, nil, &keyedError{ErrKeyTooLarge, nil, fmt.Errorf("not a catalog file: %w", err)}
		}
		return nil, nil, nil, nil, &keyedError{ErrKeyTrailingData, nil, errors.New("not a catalog file: more data after the catalog object")}
	}
	if f.Properties == nil {
		return nil, nil, nil, nil, &keyedError{ErrKeyNoProperties, nil,
			errors.New(`no "properties" section: every property would go offline (to mean that, write "properties": [] and give --allow-empty)`)}
	}
	if f.Projects == nil {
		return nil, nil, nil, nil, &keyedError{ErrKeyNoProjects, nil,
			errors.New(`no "projects" section: every project would go offline (to mean that, write "projects": [])`)}
	}
	cat := &catalog.Catalog{}
	pos := Positions{}
	var problems []Problem
	cat.Types, pos["types"], problems = decodeAll[catalog.PropertyType]("types", f.Types, problems)
	var records []feedProperty
	records, pos["properties"], problems = decodeAll[feedProperty]("properties", f.Properties, problems)
	cat.Properties = make([]catalog.Property, len(records))
	owners := FeedOwners{}
	for i, rec := range records {
		cat.Properties[i] = rec.Property
		if len(rec.Owners) > 0 {
			owners[rec.ID] = rec.Owners
		}
	}
	cat.Projects, pos["projects"], problems = decodeAll[catalog.Project]("projects", f.Projects, problems)
	return cat, owners, pos, problems, nil
}

func decodeAll[T any](section string, raws []json.RawMessage, problems []Problem) ([]T, []int, []Problem) {
	out := make([]T, 0, len(raws))
	var positions []int
	for i, raw := range raws {
		var rec T
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rec); err != nil {
			key, params := keyOf(err)
			problems = append(problems, Problem{Section: section, Index: i, ID: rawID(raw), Field: fieldOf(err), Message: messageOf(err),
				Key: key, Params: params})
			continue
		}
		out = append(out, rec)
		positions = append(positions, i)
	}
	return out, positions, problems
}

// rawID digs the ID out of a record that failed to decode.
func rawID(raw json.RawMessage) int64 {
	var rec struct{ ID int64 }
	_ = json.Unmarshal(raw, &rec)
	return rec.ID
}

func fieldOf(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return strings.TrimPrefix(te.Field, "Property.") // a property record's listing is embedded (feedProperty)
	}
	return ""
}

func messageOf(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("want a %s, got a %s", te.Type, te.Value)
	}
	return err.Error()
}

// keyOf is the key and parameters of a record that does not decode.
func keyOf(err error) (string, map[string]string) {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return KeyWrongType, map[string]string{"want": param(te.Type.String()), "got": param(te.Value)}
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return KeyUnknownField, map[string]string{"name": param(strings.Trim(name, `"`))}
	}
	return KeyUnreadable, map[string]string{"detail": param(err.Error())}
}
