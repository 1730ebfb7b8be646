package rules

// Goal values as the data and the front end name them.
const (
	GoalForSale = "FOR_SALE"
	GoalForRent = "FOR_RENT"
)

// Goal names a property's goal: 0 is for sale, anything else for rent (the
// embedded data uses 1, but the rule is "not 0").
func Goal(g int) string {
	if g == 0 {
		return GoalForSale
	}
	return GoalForRent
}
