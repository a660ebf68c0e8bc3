package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/gateway"
	"github.com/herm-dev/herm/gateway/apiserver"
	"github.com/herm-dev/herm/gateway/cron"
	"github.com/herm-dev/herm/gateway/telegram"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/redact"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

func newGatewayCmd() *cobra.Command {
	gw := &cobra.Command{
		Use:   "gateway",
		Short: "Run or inspect the headless gateway (messaging platforms, API server, cron)",
		Args:  cobra.NoArgs,
	}
	var flags agentFlags
	run := &cobra.Command{
		Use:   "run",
		Short: "Run the gateway in the foreground (same as herm --headless)",
		Long: `Starts the enabled platforms (gateway.telegram, gateway.api_server) and the
cron scheduler, and serves until SIGINT or SIGTERM. On a signal it stops
taking messages, lets running turns finish for gateway.drain_timeout seconds,
and exits; messages accepted but not yet answered are answered at the next
start. Logs go to stderr (gateway.log_format: text or json).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runHeadless(cmd, flags.Flags) },
	}
	flags.register(run)
	var (
		profile string
		asJSON  bool
	)
	status := &cobra.Command{
		Use:   "status",
		Short: "Show whether the gateway runs, its platforms, sessions and queue",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return gatewayStatus(cmd, profile, asJSON)
		},
	}
	profileFlag(status.Flags(), &profile)
	status.Flags().BoolVar(&asJSON, "json", false, "print the status as JSON")
	gw.AddCommand(run, status)
	return gw
}

// runHeadless runs the gateway until a signal, for herm --headless and
// herm gateway run.
func runHeadless(cmd *cobra.Command, flags config.Flags) error {
	// The first signal drains.
	ctx, stop := interruptible(cmd)
	defer stop()
	setup := context.WithoutCancel(ctx)
	var (
		jobs   *cron.Service
		outbox *gateway.Outbox
	)
	a, err := startApp(setup, cmd, flags, func(st *store.Store, o *tools.Options) {
		jobs = &cron.Service{Store: st}
		outbox = gateway.NewOutbox(st)
		o.Cron, o.Messenger = jobs, outbox
	})
	if err != nil {
		return failure(err)
	}
	defer a.Close()
	s := a.settings
	log := gateway.NewLogger(cmd.ErrOrStderr(), s.Gateway.LogFormat, s.Gateway.LogLevel, s.Secrets(), redact.Mask)
	a.agent.Log = log
	r, err := buildGateway(s, a, jobs, outbox, log)
	if err != nil {
		return failure(err)
	}
	log.Info("herm gateway starting", "version", versionOf(cmd), "home", s.Home.Dir(), "model", a.agent.Model, "provider", a.agent.Provider.Name())
	if err := r.Run(ctx); err != nil {
		return failure(err)
	}
	return nil
}

// buildGateway turns the configuration into platforms, a scheduler and a
// runner.
func buildGateway(s *config.Settings, a *app, jobs *cron.Service, outbox *gateway.Outbox, log *slog.Logger) (*gateway.Runner, error) {
	g := s.Gateway
	redact := a.redact.Replace
	var platforms []gateway.Platform
	access := map[string]gateway.Access{}
	if g.Telegram.On() {
		tg, err := telegram.New(telegram.Config{Token: g.Telegram.Token, APIURL: g.Telegram.APIURL,
			PollTimeout: time.Duration(g.Telegram.PollTimeout) * time.Second,
			Webhook:     telegram.Webhook{URL: g.Telegram.Webhook.URL, Listen: g.Telegram.Webhook.Listen, Secret: g.Telegram.Webhook.Secret}})
		if err != nil {
			return nil, err
		}
		platforms = append(platforms, tg)
		access[telegram.Name] = gateway.Access{AllowedUsers: g.Telegram.AllowedUsers, HomeChat: g.Telegram.HomeChat}
		if len(g.Telegram.AllowedUsers) == 0 {
			log.Warn("telegram has no allowed users: only users you pair (herm pairing approve) are served", "platform", telegram.Name)
		}
	}
	drain := time.Duration(g.DrainTimeout) * time.Second
	if g.APIServer.On() {
		api, err := apiserver.New(apiserver.Config{Address: g.APIServer.Address, Key: g.APIServer.Key, Model: "herm",
			ToolProgress: g.APIServer.ToolProgress, DrainTimeout: drain, Redact: redact})
		if err != nil {
			return nil, err
		}
		platforms = append(platforms, api)
	}
	var sched *cron.Scheduler
	if s.Cron.On() {
		loc, err := cron.LoadLocation(s.Cron.Timezone)
		if err != nil {
			return nil, fmt.Errorf("cron.timezone: %w", err)
		}
		jobs.Location, jobs.DefaultDeliver = loc, s.Cron.Deliver
		for name := range access {
			jobs.Platforms = append(jobs.Platforms, name)
		}
		sched = &cron.Scheduler{Jobs: jobs, Agent: a.agent, Deliver: outbox, OutputDir: filepath.Join(s.Home.Dir(), "cron"),
			Timeout: time.Duration(s.Cron.Timeout) * time.Second, Poll: time.Duration(s.Cron.Poll) * time.Second,
			AllowAsk: s.Cron.AllowAskCommands, Log: log, Redact: redact}
		jobs.Wake = sched.Wake
	}
	if len(platforms) == 0 && sched == nil {
		return nil, errors.New("nothing to run: configure gateway.telegram (TELEGRAM_BOT_TOKEN) or gateway.api_server (API_SERVER_KEY), or enable cron")
	}
	if len(platforms) == 0 {
		log.Warn("no messaging platform is configured: only cron runs, and it can deliver nowhere but locally")
	}
	wd, _ := os.Getwd()
	return gateway.New(gateway.Config{
		Agent: a.agent, Store: a.store, Platforms: platforms, Access: access, Outbox: outbox, Scheduler: sched,
		Home: s.Home.Dir(), CacheDir: s.Home.CacheDir(), Cwd: wd,
		Busy: gateway.BusyMode(g.Busy), MaxConcurrent: g.MaxConcurrent, QueueLimit: g.QueueLimit, DrainTimeout: drain,
		MaxMessageChars: g.MaxMessageChars, RateMessages: g.RateLimit.Messages, RateWindow: time.Duration(g.RateLimit.Window) * time.Second,
		Log: log, Redact: redact,
	})
}

func gatewayStatus(cmd *cobra.Command, profile string, asJSON bool) error {
	s, err := openHome(cmd, config.Flags{Profile: profile})
	if err != nil {
		return failure(err)
	}
	st, running, err := gateway.ReadStatus(s.Home.Dir())
	if err != nil {
		return failure(err)
	}
	out := cmd.OutOrStdout()
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Running bool            `json:"running"`
			Status  *gateway.Status `json:"status"`
		}{running, st})
	}
	printGatewayStatus(out, st, running)
	return nil
}

func printGatewayStatus(out io.Writer, st *gateway.Status, running bool) {
	if st == nil {
		fmt.Fprintln(out, "gateway: not running (it has never run for this home; start it with herm --headless)")
		return
	}
	if !running {
		fmt.Fprintf(out, "gateway: not running (last state %s, %s ago)\n", st.State, sinceShort(st.UpdatedAt))
		return
	}
	fmt.Fprintf(out, "gateway: %s (pid %d, up %s, status %s ago)\n", st.State, st.PID, sinceShort(st.StartedAt), sinceShort(st.UpdatedAt))
	for _, p := range st.Platforms {
		line := fmt.Sprintf("  %-11s %-10s since %s", p.Name, p.State, p.Since.Local().Format("15:04:05"))
		if p.Error != "" {
			line += fmt.Sprintf(" — %s (%d retries)", p.Error, p.Retries)
		}
		fmt.Fprintln(out, line)
	}
	fmt.Fprintf(out, "sessions: %d loaded · %d running · %d queued · %d cron runs\n", st.Sessions, st.Running, st.Queued, st.CronRunning)
}

func sinceShort(t time.Time) string {
	if t.IsZero() {
		return "?"
	}
	d := max(time.Since(t).Round(time.Second), 0)
	if d >= time.Minute && d%time.Minute == 0 {
		return strings.TrimSuffix(d.String(), "0s") // 2m0s → 2m
	}
	return d.String()
}
