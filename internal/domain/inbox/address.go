package inbox

import "strconv"

// LeadPath is lead id's page in the agency's inbox, on the site: the
// agency's notice of a request links to it (notify.Config.LeadURL) and the
// inbox serves it (admin), one rule for both.
func LeadPath(id int64) string { return "/admin/leads/" + strconv.FormatInt(id, 10) + "/" }
