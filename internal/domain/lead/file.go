package lead

// File is a file sent with a request (a CV, a testimonial's picture), stored
// with it in the database and never under a public address.
type File struct {
	Field string `json:"field"` // the form field it was posted in
	Name  string `json:"name"`  // the name the visitor's system gave it
	Type  string `json:"type"`  // the MIME type detected from its content, not its name
	Data  []byte `json:"-"`
	// problem is the translation key Decode found preparing the file
	// (upload.Set.Prepare: a picture that does not decode); Validate
	// reports it.
	problem string
}
