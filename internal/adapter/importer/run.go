package importer

import (
	"errors"
	"time"

	"immo/internal/domain/feed"
)

// RunOf is an import as the catalog's runs keep it (feed.Run): what it
// read, who started it, what it did to each section, the records it
// refused and, when nothing was applied, why.
func RunOf(source string, trigger feed.Trigger, by string, started, ended time.Time, rep Report, err error) feed.Run {
	r := feed.Run{Source: source, Trigger: trigger, By: by, Started: started, Ended: ended, Status: feed.StatusApplied}
	problems := rep.Problems
	if e, ok := errors.AsType[*ErrProblems](err); ok && len(problems) == 0 {
		problems = e.Problems
	}
	if err != nil || !rep.Imported {
		r.Status = feed.StatusFailed
		if err != nil {
			r.Error = err.Error()
			r.ErrorKey, r.ErrorParams = errorKey(err)
		}
	}
	res := rep.Result
	r.Types, r.TypesRejected, r.CatalogVersion = res.Types, rep.Rejected["types"], res.Version
	r.Properties = feed.Counts{Added: res.PropertiesAdded, Updated: res.PropertiesUpdated, Unchanged: res.PropertiesUnchanged,
		Rejected: rep.Rejected["properties"], Offline: res.PropertiesOffline}
	r.Projects = feed.Counts{Added: res.ProjectsAdded, Updated: res.ProjectsUpdated, Unchanged: res.ProjectsUnchanged,
		Rejected: rep.Rejected["projects"], Offline: res.ProjectsOffline}
	for _, p := range problems {
		r.Problems = append(r.Problems, feed.Problem{Section: p.Section, ID: p.ID, Field: p.Field, Message: p.Message,
			Key: p.Key, Params: p.Params})
	}
	return r.Bounded()
}
