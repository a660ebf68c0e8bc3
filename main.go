// Command herm is an autonomous AI agent: a full-screen terminal UI, a
// one-shot command line (herm chat -q), and a headless messaging gateway
// with a cron scheduler, all driving the same agent, tools and session
// store. Everything it does is in internal/cli and the packages beside it.
package main

import (
	"os"

	"github.com/herm-dev/herm/internal/cli"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	os.Exit(cli.Main(version, os.Args[1:]))
}
