package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/gateway"
	"github.com/herm-dev/herm/gateway/cron"
	"github.com/herm-dev/herm/gateway/telegram"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

func newCronCmd() *cobra.Command {
	var profile string
	cmd := &cobra.Command{
		Use:   "cron",
		Short: "Schedule prompts that run on their own and deliver their answers",
		Long: `Jobs run while the gateway runs (herm --headless), each in a fresh session.
Schedules: 30m (once, from now), "every 2h", a 5-field cron expression such as
"0 9 * * 1-5", or an ISO timestamp. Delivery: local (saved under
HERM_HOME/cron only), origin (the chat that asked for it), a platform (its home
chat) or platform:chat_id. An answer of exactly [SILENT] is not delivered.`,
		Args: cobra.NoArgs,
	}
	profileFlag(cmd.PersistentFlags(), &profile)
	withJobs := func(cmd *cobra.Command, f func(*config.Settings, *cron.Service) error) error {
		s, st, err := openStore(cmd, config.Flags{Profile: profile})
		if err != nil {
			return failure(err)
		}
		defer st.Close()
		loc, err := cron.LoadLocation(s.Cron.Timezone)
		if err != nil {
			return failure(fmt.Errorf("cron.timezone: %w", err))
		}
		if err := f(s, &cron.Service{Store: st, Location: loc, DefaultDeliver: s.Cron.Deliver}); err != nil {
			return failure(err)
		}
		return nil
	}
	say := func(cmd *cobra.Command, jobs *cron.Service, verb string, j *store.Job) {
		fmt.Fprintf(cmd.OutOrStdout(), "%s job %s\n  %s\n", verb, j.ID, jobs.DescribeJob(*j))
	}

	list := &cobra.Command{
		Use: "list", Short: "List jobs", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withJobs(cmd, func(_ *config.Settings, jobs *cron.Service) error {
				all, err := jobs.ListJobs(cmd.Context())
				if err != nil {
					return err
				}
				if len(all) == 0 {
					fmt.Fprintln(cmd.OutOrStdout(), "No jobs. Add one with: herm cron add \"every 1d\" \"summarise the news\"")
				}
				for _, j := range all {
					fmt.Fprintln(cmd.OutOrStdout(), jobs.DescribeJob(j))
				}
				return nil
			})
		},
	}

	var spec jobFlags
	add := &cobra.Command{
		Use:   "add [SCHEDULE [PROMPT...]]",
		Short: "Add a job",
		Example: `  herm cron add 30m "check that the backup finished"
  herm cron add "every 2h" "anything new in ~/inbox?" --deliver telegram
  herm cron add --schedule "0 9 * * 1-5" --prompt "plan my day" --timezone Europe/Paris`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 && spec.schedule == "" {
				spec.schedule = args[0]
			}
			if len(args) > 1 && spec.prompt == "" {
				spec.prompt = strings.Join(args[1:], " ")
			}
			if spec.schedule == "" || strings.TrimSpace(spec.prompt) == "" {
				return usageError("give a schedule and a prompt: herm cron add SCHEDULE PROMPT")
			}
			return withJobs(cmd, func(_ *config.Settings, jobs *cron.Service) error {
				j, err := jobs.CreateJob(cmd.Context(), spec.toSpec())
				if err != nil {
					return err
				}
				say(cmd, jobs, "Added", j)
				return nil
			})
		},
	}
	spec.register(add)

	var edits jobFlags
	edit := &cobra.Command{
		Use: "edit ID", Short: "Change a job's schedule, prompt, name, delivery, zone or timeout", Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withJobs(cmd, func(_ *config.Settings, jobs *cron.Service) error {
				j, err := jobs.UpdateJob(cmd.Context(), args[0], edits.toSpec())
				if err != nil {
					return err
				}
				say(cmd, jobs, "Updated", j)
				return nil
			})
		},
	}
	edits.register(edit)

	simple := func(use, short, verb string, op func(*cron.Service, context.Context, string) (*store.Job, error)) *cobra.Command {
		return &cobra.Command{
			Use: use + " ID", Short: short, Args: cobra.ExactArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				return withJobs(cmd, func(_ *config.Settings, jobs *cron.Service) error {
					j, err := op(jobs, cmd.Context(), args[0])
					if err != nil {
						return err
					}
					say(cmd, jobs, verb, j)
					return nil
				})
			},
		}
	}
	pause := simple("pause", "Stop a job from running until it is resumed", "Paused", (*cron.Service).PauseJob)
	resume := simple("resume", "Let a paused job run again (missed runs are not replayed)", "Resumed", (*cron.Service).ResumeJob)
	remove := simple("remove", "Delete a job (its saved outputs stay)", "Removed", (*cron.Service).RemoveJob)

	var flags agentFlags
	run := &cobra.Command{
		Use:   "run ID",
		Short: "Run a job now",
		Long: `With the gateway running, the job is handed to it and runs within seconds.
Otherwise it runs here, in the foreground, and its answer is saved and
delivered as usual.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runJobNow(cmd, flags.Flags, args[0]) },
	}
	flags.register(run)

	status := &cobra.Command{
		Use: "status", Short: "Show whether the scheduler runs, and each job's last run", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withJobs(cmd, func(s *config.Settings, jobs *cron.Service) error {
				return cronStatus(cmd, s, jobs)
			})
		},
	}
	cmd.AddCommand(list, add, edit, pause, resume, remove, run, status)
	return cmd
}

// jobFlags are the flags of cron add and edit.
type jobFlags struct {
	schedule, prompt, name, deliver, timezone string
	timeout                                   time.Duration
}

func (f *jobFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.schedule, "schedule", "", "when: 30m, \"every 2h\", \"0 9 * * 1-5\" or an ISO timestamp")
	fs.StringVar(&f.prompt, "prompt", "", "what the run should do (it does not see any conversation)")
	fs.StringVar(&f.name, "name", "", "a short name")
	fs.StringVar(&f.deliver, "deliver", "", "local, origin, a platform (its home chat) or platform:chat_id")
	fs.StringVar(&f.timezone, "timezone", "", "IANA zone for cron expressions (default cron.timezone)")
	fs.DurationVar(&f.timeout, "timeout", 0, "longest a run may take (default cron.timeout)")
}

func (f *jobFlags) toSpec() tools.CronJobSpec {
	return tools.CronJobSpec{Schedule: f.schedule, Prompt: f.prompt, Name: f.name, Deliver: f.deliver, Timezone: f.timezone, Timeout: f.timeout}
}

// runJobNow hands a job to the running gateway, or runs it here.
func runJobNow(cmd *cobra.Command, flags config.Flags, id string) error {
	ctx := cmd.Context()
	s, err := openHome(cmd, flags)
	if err != nil {
		return failure(err)
	}
	if running, _ := gateway.Running(s.Home.Dir()); running {
		st, err := store.Open(ctx, s.Home.DBFile())
		if err != nil {
			return failure(err)
		}
		defer st.Close()
		j, err := (&cron.Service{Store: st}).RunJob(ctx, id)
		if err != nil {
			return failure(err)
		}
		fmt.Fprintf(cmd.OutOrStdout(), "Job %s handed to the running gateway; it runs within %ds (see herm cron status).\n", j.ID, s.Cron.Poll)
		return nil
	}
	a, err := openApp(ctx, s, stderrWarnings(cmd))
	if err != nil {
		return failure(err)
	}
	defer a.Close()
	jobs := &cron.Service{Store: a.store}
	j, err := jobs.Job(ctx, id)
	if err != nil {
		return failure(err)
	}
	outbox := gateway.NewOutbox(a.store)
	if g := a.settings.Gateway.Telegram; g.On() {
		if tg, err := telegram.New(telegram.Config{Token: g.Token, APIURL: g.APIURL}); err == nil {
			outbox.Register(tg, gateway.Access{AllowedUsers: g.AllowedUsers, HomeChat: g.HomeChat})
		}
	}
	sched := &cron.Scheduler{Jobs: jobs, Agent: a.agent, Deliver: outbox, OutputDir: filepath.Join(a.settings.Home.Dir(), "cron"),
		Timeout: time.Duration(a.settings.Cron.Timeout) * time.Second, AllowAsk: a.settings.Cron.AllowAskCommands, Redact: a.redact.Replace}
	fmt.Fprintf(cmd.ErrOrStderr(), "running job %s (%s) here; the gateway is not running\n", j.ID, j.Name)
	run := sched.RunOnce(ctx, *j, time.Now())
	out := cmd.OutOrStdout()
	fmt.Fprintln(out, run.Output)
	fmt.Fprintf(cmd.ErrOrStderr(), "status %s · delivered: %s · saved: %s · session %s\n", run.Status, run.Delivered, run.OutputPath, run.SessionID)
	if run.Status != "ok" && run.Status != "silent" {
		return failure(fmt.Errorf("the run ended %s: %s", run.Status, run.Error))
	}
	return nil
}

func cronStatus(cmd *cobra.Command, s *config.Settings, jobs *cron.Service) error {
	out := cmd.OutOrStdout()
	st, running, err := gateway.ReadStatus(s.Home.Dir())
	if err != nil {
		return err
	}
	switch {
	case !s.Cron.On():
		fmt.Fprintln(out, "scheduler: disabled (cron.enabled: false)")
	case running && st != nil:
		fmt.Fprintf(out, "scheduler: running in the gateway (pid %d), %d run(s) in progress\n", st.PID, st.CronRunning)
	default:
		fmt.Fprintln(out, "scheduler: not running — jobs run only while the gateway runs (herm --headless)")
	}
	all, err := jobs.ListJobs(cmd.Context())
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "jobs: %d\n", len(all))
	for _, j := range all {
		fmt.Fprintln(out, "  "+jobs.DescribeJob(j))
		runs, err := jobs.Store.JobRuns(cmd.Context(), j.ID, 1)
		if err != nil || len(runs) == 0 {
			continue
		}
		printRun(out, runs[0])
	}
	return nil
}

func printRun(out io.Writer, r store.JobRun) {
	line := fmt.Sprintf("    last run %s: %s", r.StartedAt.Local().Format("2006-01-02 15:04"), r.Status)
	if r.Delivered != "" {
		line += " · delivered " + r.Delivered
	}
	if r.Error != "" {
		line += " · " + r.Error
	}
	if r.OutputPath != "" {
		line += " · " + r.OutputPath
	}
	fmt.Fprintln(out, line)
}
