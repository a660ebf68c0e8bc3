package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/memory"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/terminal"
)

func newPromptCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "prompt",
		Short: "Inspect the system prompt herm builds for a new session",
	}
	var (
		profile, model, platform string
		jsonOut, summary         bool
	)
	show := &cobra.Command{
		Use:   "show",
		Short: "Print the system prompt a new session here would get, with a token estimate per section",
		Long: `Assembles the system prompt exactly as a new session in the current directory
would: identity (SOUL.md), memory and user profile, skills index, project
context file, platform hint, environment. Each section is shown with an
estimate of its tokens (four bytes a token), followed by a summary that also
counts the tool schemas sent with every request.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			s, err := openHome(cmd, config.Flags{Profile: profile})
			if err != nil {
				return err
			}
			mem, lib := openKnowledge(cmd.Context(), s, stderrWarnings(cmd))
			cwd, err := os.Getwd()
			if err != nil {
				return err
			}
			if model == "" {
				model = promptModel(s)
			}
			pb := agent.PromptBuilder{SoulFile: s.Home.SoulFile(), Cwd: cwd, Model: model, Platform: platform, Memory: mem, Skills: lib}
			p := pb.Build()
			term := terminal.New(terminal.Config{})
			defer term.Close()
			reg := tools.NewRegistry(tools.Builtins(tools.Options{Terminal: term, Memory: mem, Skills: lib})...)
			if len(s.Agent.DisabledTools) > 0 {
				reg = reg.Without(s.Agent.DisabledTools...)
			}
			return printPrompt(cmd.OutOrStdout(), p, reg.Specs(), jsonOut, summary)
		},
	}
	f := show.Flags()
	profileFlag(f, &profile)
	f.StringVar(&model, "model", "", "the model name the environment section shows")
	f.StringVar(&platform, "platform", "cli", "the front end the prompt is for: cli, tui, cron, telegram…")
	f.BoolVar(&jsonOut, "json", false, "print JSON")
	f.BoolVar(&summary, "summary", false, "print only the per-section token table")
	cmd.AddCommand(show)
	return cmd
}

// promptModel is the model a session would use, without requiring a
// usable provider (the prompt can be inspected before one is set up).
func promptModel(s *config.Settings) string {
	if ep, err := s.Endpoint(); err == nil {
		return ep.Model
	}
	return s.Model.Name
}

func toolTokens(specs []tools.Spec) int {
	n := 0
	for _, sp := range specs {
		n += len(sp.Name) + len(sp.Description) + len(sp.Parameters)
	}
	return (n + 3) / 4
}

func printPrompt(w io.Writer, p agent.Prompt, specs []tools.Spec, jsonOut, summary bool) error {
	if jsonOut {
		type section struct {
			Name   string `json:"name"`
			Tokens int    `json:"tokens"`
			Text   string `json:"text"`
		}
		out := struct {
			Sections    []section `json:"sections"`
			TotalTokens int       `json:"total_tokens"`
			Tools       int       `json:"tools"`
			ToolTokens  int       `json:"tool_tokens"`
			Text        string    `json:"text"`
		}{TotalTokens: p.Tokens(), Tools: len(specs), ToolTokens: toolTokens(specs), Text: p.Text()}
		for _, s := range p {
			out.Sections = append(out.Sections, section{Name: s.Name, Tokens: s.Tokens(), Text: s.Text})
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	if !summary {
		for _, s := range p {
			head := fmt.Sprintf("── %s · ≈%s tokens ", s.Name, memory.Thousands(s.Tokens()))
			fmt.Fprintf(w, "%s%s\n%s\n\n", head, strings.Repeat("─", max(3, 72-len([]rune(head)))), s.Text)
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "section\ttokens\t")
	for _, s := range p {
		fmt.Fprintf(tw, "%s\t%s\t\n", s.Name, memory.Thousands(s.Tokens()))
	}
	fmt.Fprintf(tw, "system prompt\t%s\t\n", memory.Thousands(p.Tokens()))
	fmt.Fprintf(tw, "tool schemas (%d tools)\t%s\t\n", len(specs), memory.Thousands(toolTokens(specs)))
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, "Token counts are estimates (four bytes a token); tool schemas are sent with every request.")
	return err
}
