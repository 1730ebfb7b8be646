package importer

import (
	"errors"
	"strconv"
	"unicode/utf8"
)

// The keys of the problems (Problem.Key): the staff read each in their
// language as admin.runs.problem.<key> (internal/domain/i18n/locales/*/admin.json),
// with the problem's Params; Message stays the English words of the
// command line.
const (
	KeyIDTwice             = "idTwice"             // the ID is in the section twice
	KeyPositiveWhole       = "positiveWhole"       // an ID, a type's web id
	KeyRequired            = "required"            // an empty field that must be set
	KeyAmountRange         = "amountRange"         // a price: 0 to below {max}
	KeyWholeRange          = "wholeRange"          // a count, a country: {min} to {max}
	KeyYearRange           = "yearRange"           // {min} to {max}, or 0
	KeyCodeRange           = "codeRange"           // a code: {min} to {max}
	KeyZipBelgium          = "zipBelgium"          // {value}: not a Belgian zip
	KeyZipLuxembourg       = "zipLuxembourg"       // {value}: not a Luxembourg zip
	KeyZipFormat           = "zipFormat"           // {value}: not a zip anywhere
	KeyNotPublicHost       = "notPublicHost"       // a link off a public http(s) host
	KeyNotSitePathOrPublic = "notSitePathOrPublic" // a picture neither on this site nor on a public host
	KeyPictureSize         = "pictureSize"         // width or height beyond 0 to {max}
	KeyUnknownLanguage     = "unknownLanguage"     // a text in {lang}, not one of {languages}
	KeyNameNeeded          = "nameNeeded"          // a type without a name
	KeyGoal                = "goal"                // neither sale nor rent
	KeyUnknownType         = "unknownType"         // {webID} names no property type
	KeyPropertyStatus      = "propertyStatus"      // not available, sold or rented
	KeyUnitStatus          = "unitStatus"          // not available, sold or soldout
	KeyNotANumber          = "notANumber"          // NaN or infinite
	KeyCoordinates         = "coordinates"         // latitude or longitude out of range
	KeyTooManyItems        = "tooManyItems"        // a list of {n} items, at most {max}
	KeyTooLong             = "tooLong"             // {n} bytes, at most {max}
	KeyInvalidText         = "invalidText"         // not UTF-8, or a NUL
	KeyNumberRange         = "numberRange"         // a number beyond ±{max}
	KeyTooManyOwners       = "tooManyOwners"       // {n} owners, at most {max}
	KeyNotEmail            = "notEmail"            // {value} is no email address
	KeyOwnerName           = "ownerName"           // a name longer than {max} bytes or on lines
	KeyOwnerLanguage       = "ownerLanguage"       // not nl, fr, en or de
	KeyWrongType           = "wrongType"           // a JSON {got} where a {want} goes
	KeyUnknownField        = "unknownField"        // a field {name} the format has not
	KeyUnreadable          = "unreadable"          // a record that does not decode ({detail}, English)
)

// ProblemKeys are every key a Problem may have: each must be translated in
// every language (a test in internal/http/web/admin checks).
var ProblemKeys = []string{KeyIDTwice, KeyPositiveWhole, KeyRequired, KeyAmountRange, KeyWholeRange, KeyYearRange,
	KeyCodeRange, KeyZipBelgium, KeyZipLuxembourg, KeyZipFormat, KeyNotPublicHost, KeyNotSitePathOrPublic, KeyPictureSize,
	KeyUnknownLanguage, KeyNameNeeded, KeyGoal, KeyUnknownType, KeyPropertyStatus, KeyUnitStatus, KeyNotANumber,
	KeyCoordinates, KeyTooManyItems, KeyTooLong, KeyInvalidText, KeyNumberRange, KeyTooManyOwners, KeyNotEmail,
	KeyOwnerName, KeyOwnerLanguage, KeyWrongType, KeyUnknownField, KeyUnreadable, KeyIDMismatch}

// The keys of why nothing was applied (feed.Run.ErrorKey, RunOf): the
// staff read each as admin.runs.error.<key>.
const (
	ErrKeyEmpty        = "empty"        // ErrEmpty
	ErrKeyOneProblem   = "oneProblem"   // ErrProblems, one problem
	ErrKeyProblems     = "problems"     // ErrProblems, {n} problems
	ErrKeyUnidentified = "unidentified" // --partial and a listing's ID unreadable, at {record}
	ErrKeyNotCatalog   = "notCatalog"   // not a catalog file: malformed JSON, wrong at byte {at}
	ErrKeyTooLarge     = "tooLarge"     // the reader gave up: ErrTooLarge
	ErrKeyTrailingData = "trailingData" // more data after the catalog object
	ErrKeyNoProperties = "noProperties" // no "properties" section
	ErrKeyNoProjects   = "noProjects"   // no "projects" section
	ErrKeyHeld         = "held"         // ErrGuard: {offline} of {online} online properties offline, over {max} %
)

// ErrorKeys are every key RunOf may give a run's error.
var ErrorKeys = []string{ErrKeyEmpty, ErrKeyOneProblem, ErrKeyProblems, ErrKeyUnidentified, ErrKeyNotCatalog,
	ErrKeyTooLarge, ErrKeyTrailingData, ErrKeyNoProperties, ErrKeyNoProjects, ErrKeyHeld}

// ErrTooLarge is what a reader that caps a catalog's size returns past the
// cap (a feed reading at most so many bytes wraps it): Decode reports the
// file as too large rather than as malformed.
var ErrTooLarge = errors.New("the file is larger than allowed")

// keyedError is an error that stops an import, with its translation key.
type keyedError struct {
	key    string
	params map[string]string
	err    error
}

func (e *keyedError) Error() string { return e.err.Error() }
func (e *keyedError) Unwrap() error { return e.err }

// errorKey is err's translation key and parameters, "" when it has none
// (a storage error: its English words are all there is).
func errorKey(err error) (string, map[string]string) {
	if e, ok := errors.AsType[*ErrProblems](err); ok {
		if len(e.Problems) == 1 {
			return ErrKeyOneProblem, nil
		}
		return ErrKeyProblems, map[string]string{"n": strconv.Itoa(len(e.Problems))}
	}
	if errors.Is(err, ErrEmpty) {
		return ErrKeyEmpty, nil
	}
	if e, ok := errors.AsType[*ErrGuard](err); ok {
		return ErrKeyHeld, map[string]string{"offline": num(e.Offline), "online": num(e.Online), "max": num(e.Max)}
	}
	if e, ok := errors.AsType[*keyedError](err); ok {
		return e.key, e.params
	}
	return "", nil
}

// maxParam bounds a parameter's value in bytes: a value comes from the
// file, and a problem names it, never repeats it whole.
const maxParam = 100

// param is s within maxParam bytes, cut at a character's start, "…" when cut.
func param(s string) string {
	if len(s) <= maxParam {
		return s
	}
	n := maxParam
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// num is a parameter that is a number.
func num[N int | int64](n N) string { return strconv.FormatInt(int64(n), 10) }
