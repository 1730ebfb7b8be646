package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
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
	agency      int64 // the agency a command works on (registerAgency); 0: the implicit one
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// flagSet returns the flags of a command, those every command shares
// registered into s; synopsis is its usage line.
func (s *settings) flagSet(name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage:\n  %s\n\nFlags:\n", synopsis)
		fs.PrintDefaults()
		fmt.Fprint(w, "\n"+environment)
	}
	fs.StringVar(&s.dataDir, "data-dir", envOr("IMMO_DATA_DIR", "./var"), "data directory (env IMMO_DATA_DIR)")
	s.databaseURL = os.Getenv("DATABASE_URL")
	return fs
}

// registerSite adds the flags of a command that reads the site's
// configuration: --public-url, described by publicURLHelp, and --config.
// registerAgency adds --agency: the commands that set an agency up (its
// configuration, catalog, staff) work on the one it names.
func (s *settings) registerAgency(fs *flag.FlagSet) {
	fs.Int64Var(&s.agency, "agency", 0, "the agency to work on, by number (immo agencies list; default: the first)")
}

func (s *settings) registerSite(fs *flag.FlagSet, publicURLHelp string) {
	fs.StringVar(&s.publicURL, "public-url", os.Getenv("IMMO_PUBLIC_URL"), publicURLHelp)
	fs.StringVar(&s.configFile, "config", os.Getenv("IMMO_CONFIG"), "a site configuration file, published unless it was before (env IMMO_CONFIG; default: the published one)")
}

// Where commands write (tests replace them): stdout what a command prints on
// success, logOutput the server's log.
var (
	stdout    io.Writer = os.Stdout
	logOutput io.Writer = os.Stderr
)

// errHelp ends a command that printed its help: not a failure.
var errHelp = errors.New("help printed")

// parseFlags parses args; --help (or -h) prints the command's usage on
// stdout and returns errHelp, which run turns into success.
func parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard) // flag's own message on --help is "flag: help requested"
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fs.Usage()
		return errHelp
	}
	if err != nil {
		fs.SetOutput(os.Stderr)
		fs.Usage()
	}
	return err
}
