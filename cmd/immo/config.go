package main

import (
	"flag"
	"os"
)

// settings are the values every command shares: flags override the
// environment, which overrides the defaults.
type settings struct {
	addr        string
	dataDir     string
	configFile  string
	databaseURL string
	publicURL   string
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func (s *settings) register(fs *flag.FlagSet) {
	fs.StringVar(&s.dataDir, "data-dir", envOr("IMMO_DATA_DIR", "./var"), "data directory (env IMMO_DATA_DIR)")
	s.databaseURL = os.Getenv("DATABASE_URL")
}
