package site

// RentApplication are the agency's conditions for a rent application
// (SPEC §9: "the minimum monthly income, maximum persons and amounts are
// placeholders"): the form shows them and the server refuses an application
// outside them. Zero is no bound.
type RentApplication struct {
	// MinIncome is the household's minimum monthly net income in euros
	// (persons 1 and 2 together).
	MinIncome int64 `json:"minIncome"`
	// MaxPersons bounds the adults and children who will live there.
	MaxPersons int `json:"maxPersons"`
}

// Bounds of a rent application's configuration.
const (
	maxRentIncome  = 1_000_000
	maxRentPersons = 50
)

func (c *Config) checkRentApplication(p *problems) {
	r := c.RentApplication
	if r.MinIncome < 0 || r.MinIncome > maxRentIncome {
		p.add("rentApplication.minIncome", "%d is not a monthly income in euros (0 to %d; 0: no minimum)", r.MinIncome, maxRentIncome)
	}
	if r.MaxPersons < 0 || r.MaxPersons > maxRentPersons {
		p.add("rentApplication.maxPersons", "%d is not a number of persons (0 to %d; 0: no maximum)", r.MaxPersons, maxRentPersons)
	}
}
