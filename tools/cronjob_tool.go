package tools

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/herm-dev/herm/store"
)

// CronJobs is what the cronjob tool drives. The cron package implements it;
// the tool is registered only where a scheduler can run the jobs.
type CronJobs interface {
	CreateJob(ctx context.Context, spec CronJobSpec) (*store.Job, error)
	ListJobs(ctx context.Context) ([]store.Job, error)
	// UpdateJob changes the fields of spec that are set.
	UpdateJob(ctx context.Context, id string, spec CronJobSpec) (*store.Job, error)
	PauseJob(ctx context.Context, id string) (*store.Job, error)
	ResumeJob(ctx context.Context, id string) (*store.Job, error)
	RemoveJob(ctx context.Context, id string) (*store.Job, error)
	// RunJob makes the job due now.
	RunJob(ctx context.Context, id string) (*store.Job, error)
	// DescribeJob is a one-line summary of a job for people and models.
	DescribeJob(j store.Job) string
}

// CronJobSpec is a job as the tool (or the CLI) describes it. Empty fields
// are "not given".
type CronJobSpec struct {
	Name     string
	Prompt   string
	Schedule string
	Deliver  string
	Timezone string
	Timeout  time.Duration
	// OriginSession is the session that asked for the job; its chat is
	// where deliver=origin sends the answers.
	OriginSession string
}

type cronjobTool struct{ jobs CronJobs }

func (cronjobTool) Spec() Spec {
	return Spec{
		Name: "cronjob",
		Description: "Schedule prompts to run later or repeatedly; each run is a fresh agent session whose answer " +
			"is delivered to a chat. Actions: create (schedule, prompt, optional name and deliver), list, " +
			"update (job_id plus fields to change), pause, resume, remove, run (run now). Schedules: \"30m\" " +
			"(once, from now), \"every 2h\" (recurring), 5-field cron expressions such as \"0 9 * * 1-5\", or an " +
			"ISO timestamp (once). deliver: origin (this chat, the default), local (saved only), a platform " +
			"(its home chat) or platform:chat_id. Write the prompt so it stands alone: the run does not see " +
			"this conversation. A run that answers exactly [SILENT] delivers nothing.",
		Parameters: []byte(`{
  "type": "object",
  "properties": {
    "action": {"type": "string", "enum": ["create", "list", "update", "pause", "resume", "remove", "run"]},
    "job_id": {"type": "string", "description": "The job to act on (update, pause, resume, remove, run)."},
    "schedule": {"type": "string", "description": "When to run: 30m, every 2h, a cron expression, or an ISO timestamp."},
    "prompt": {"type": "string", "description": "What the scheduled run should do, self-contained."},
    "name": {"type": "string", "description": "A short name for the job."},
    "deliver": {"type": "string", "description": "origin, local, a platform name, or platform:chat_id."}
  },
  "required": ["action"]
}`),
	}
}

func (cronjobTool) Toolset() string { return "cronjob" }
func (cronjobTool) ReadOnly() bool  { return false }

func (t cronjobTool) Run(ctx context.Context, call *Call) Result {
	var args struct {
		Action   string `json:"action"`
		JobID    string `json:"job_id"`
		Schedule string `json:"schedule"`
		Prompt   string `json:"prompt"`
		Name     string `json:"name"`
		Deliver  string `json:"deliver"`
	}
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	action := strings.ToLower(strings.TrimSpace(args.Action))
	id := strings.TrimSpace(args.JobID)
	switch action {
	case "":
		return missing("action", "one of create, list, update, pause, resume, remove, run")
	case "create", "list", "update", "pause", "resume", "remove", "run":
	default:
		return argErrorf("action %q is not one of create, list, update, pause, resume, remove, run", args.Action)
	}
	if action != "create" && action != "list" && id == "" {
		return missing("job_id", "the id of the job to "+action+"; use action=list to see them")
	}
	spec := CronJobSpec{Name: args.Name, Prompt: args.Prompt, Schedule: args.Schedule, Deliver: args.Deliver}
	if call.Env != nil {
		spec.OriginSession = call.Env.SessionID()
	}
	var (
		job *store.Job
		err error
		did string
	)
	switch action {
	case "create":
		if strings.TrimSpace(args.Schedule) == "" {
			return missing("schedule", "when to run, e.g. 30m, every 2h or 0 9 * * 1-5")
		}
		if strings.TrimSpace(args.Prompt) == "" {
			return missing("prompt", "what the scheduled run should do")
		}
		job, err = t.jobs.CreateJob(ctx, spec)
		did = "created"
	case "list":
		jobs, err := t.jobs.ListJobs(ctx)
		if err != nil {
			return Errorf("listing jobs failed: %v", err)
		}
		if len(jobs) == 0 {
			return Result{Output: "no scheduled jobs"}
		}
		var b strings.Builder
		for _, j := range jobs {
			b.WriteString(t.jobs.DescribeJob(j))
			b.WriteByte('\n')
		}
		return Result{Output: strings.TrimRight(b.String(), "\n")}
	case "update":
		spec.OriginSession = ""
		job, err = t.jobs.UpdateJob(ctx, id, spec)
		did = "updated"
	case "pause":
		job, err = t.jobs.PauseJob(ctx, id)
		did = "paused"
	case "resume":
		job, err = t.jobs.ResumeJob(ctx, id)
		did = "resumed"
	case "remove":
		job, err = t.jobs.RemoveJob(ctx, id)
		did = "removed"
	case "run":
		job, err = t.jobs.RunJob(ctx, id)
		did = "triggered (it runs within seconds; its answer is delivered as usual)"
	}
	if err != nil {
		return Errorf("%s failed: %v", action, err)
	}
	return Result{Output: fmt.Sprintf("job %s %s\n%s", job.ID, did, t.jobs.DescribeJob(*job)), Meta: map[string]string{"job_id": job.ID}}
}
