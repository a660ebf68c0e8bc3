package config

import (
	"strings"

	"github.com/herm-dev/herm/internal/redact"
)

// Gateway configures headless mode: the messaging platforms, the
// OpenAI-compatible API server and how chats are served.
type Gateway struct {
	// Busy is what a message does when its chat's agent is still working:
	// interrupt (stop the running turn and answer the new message) or queue
	// (answer it after).
	Busy string `yaml:"busy" enum:"interrupt,queue"`
	// MaxConcurrent caps turns running at once across all chats.
	MaxConcurrent int `yaml:"max_concurrent" range:"1,1024"`
	// QueueLimit caps messages waiting per chat; more are refused politely.
	QueueLimit int `yaml:"queue_limit" range:"1,1000"`
	// DrainTimeout is how long shutdown waits for running turns (seconds)
	// before interrupting them.
	DrainTimeout int `yaml:"drain_timeout" range:"0,3600"`
	// MaxMessageChars refuses longer inbound messages.
	MaxMessageChars int       `yaml:"max_message_chars" range:"100,1000000"`
	RateLimit       RateLimit `yaml:"rate_limit"`
	// LogFormat is text or json; LogLevel debug, info, warn or error.
	LogFormat string    `yaml:"log_format" enum:"text,json"`
	LogLevel  string    `yaml:"log_level" enum:"debug,info,warn,error"`
	APIServer APIServer `yaml:"api_server"`
	Telegram  Telegram  `yaml:"telegram"`
}

// RateLimit bounds how many messages one user may send per window.
type RateLimit struct {
	Messages int `yaml:"messages" range:"1,100000"`
	Window   int `yaml:"window" range:"1,86400"` // seconds
}

// APIServer configures the OpenAI-compatible HTTP endpoint.
type APIServer struct {
	// Enabled defaults to true when a key is set.
	Enabled *bool  `yaml:"enabled"`
	Address string `yaml:"address"`
	Key     string `yaml:"key" secret:"true"`
	// ToolProgress streams tool activity as reasoning_content.
	ToolProgress bool `yaml:"tool_progress"`
}

// On reports whether the API server should run.
func (a APIServer) On() bool {
	if a.Enabled != nil {
		return *a.Enabled
	}
	return a.Key != ""
}

// Telegram configures the Telegram bot.
type Telegram struct {
	// Enabled defaults to true when a token is set.
	Enabled *bool  `yaml:"enabled"`
	Token   string `yaml:"token" secret:"true"`
	// APIURL is the Bot API server (https://api.telegram.org, or a local
	// Bot API server).
	APIURL string `yaml:"api_url"`
	// AllowedUsers are user ids served without pairing; "*" allows anyone.
	AllowedUsers []string `yaml:"allowed_users"`
	// HomeChat receives deliveries addressed to "telegram" without a chat.
	HomeChat string `yaml:"home_chat"`
	// PollTimeout is the getUpdates long-poll timeout (seconds).
	PollTimeout int             `yaml:"poll_timeout" range:"0,50"`
	Webhook     TelegramWebhook `yaml:"webhook"`
}

// On reports whether the Telegram adapter should run.
func (t Telegram) On() bool {
	if t.Enabled != nil {
		return *t.Enabled
	}
	return t.Token != ""
}

// TelegramWebhook switches Telegram from long polling to a webhook.
type TelegramWebhook struct {
	// URL is the public HTTPS address Telegram posts updates to; empty
	// means long polling.
	URL string `yaml:"url"`
	// Listen is the local address herm serves the webhook on.
	Listen string `yaml:"listen"`
	// Secret is the secret_token Telegram echoes in a header; empty makes
	// a random one at each start.
	Secret string `yaml:"secret" secret:"true"`
}

// Cron configures the scheduler that runs in headless mode.
type Cron struct {
	// Enabled defaults to true.
	Enabled *bool `yaml:"enabled"`
	// Timeout bounds one run (seconds) unless the job sets its own.
	Timeout int `yaml:"timeout" range:"1,86400"`
	// Poll is how often (seconds) the scheduler looks for jobs added or
	// changed by another process.
	Poll int `yaml:"poll" range:"1,3600"`
	// AllowAskCommands lets cron runs execute ask-level commands; by default
	// they are denied (nobody is there to approve them). true needs a
	// person's confirmation (safety.go).
	AllowAskCommands bool `yaml:"allow_ask_commands"`
	// Deliver is the default delivery of new jobs: local, origin, a
	// platform or platform:chat_id.
	Deliver string `yaml:"deliver"`
	// Timezone (IANA) for cron expressions; empty is the local zone.
	Timezone string `yaml:"timezone"`
}

// On reports whether the scheduler should run.
func (c Cron) On() bool { return c.Enabled == nil || *c.Enabled }

func gatewayDefaults() Gateway {
	return Gateway{
		Busy: "interrupt", MaxConcurrent: 16, QueueLimit: 10, DrainTimeout: 30,
		MaxMessageChars: 32000, RateLimit: RateLimit{Messages: 20, Window: 60},
		LogFormat: "text", LogLevel: "info",
		APIServer: APIServer{Address: "127.0.0.1:8642"},
		Telegram:  Telegram{APIURL: "https://api.telegram.org", PollTimeout: 30, Webhook: TelegramWebhook{Listen: "127.0.0.1:8443"}},
	}
}

func cronDefaults() Cron { return Cron{Timeout: 600, Poll: 15, Deliver: "origin"} }

// applyGatewayEnv layers the platform variables (TELEGRAM_BOT_TOKEN…) over
// config.yaml.
func (s *Settings) applyGatewayEnv() {
	g := &s.Gateway
	if v := s.getenv("TELEGRAM_BOT_TOKEN"); v != "" {
		g.Telegram.Token = v
	}
	if v := s.getenv("TELEGRAM_ALLOWED_USERS"); v != "" {
		g.Telegram.AllowedUsers = splitList(v)
	}
	if v := s.getenv("TELEGRAM_HOME_CHAT"); v != "" {
		g.Telegram.HomeChat = v
	}
	if v := s.getenv("TELEGRAM_API_URL"); v != "" {
		g.Telegram.APIURL = v
	}
	if v := s.getenv("API_SERVER_KEY"); v != "" {
		g.APIServer.Key = v
	}
	if v := s.getenv("API_SERVER_ADDRESS"); v != "" {
		g.APIServer.Address = v
	}
}

// gatewaySecrets are the gateway's credentials, for redaction.
func (c *Config) gatewaySecrets() []string {
	return []string{c.Gateway.Telegram.Token, c.Gateway.APIServer.Key, c.Gateway.Telegram.Webhook.Secret}
}

func (c *Config) maskGatewaySecrets() {
	c.Gateway.Telegram.Token = redact.Mask(c.Gateway.Telegram.Token)
	c.Gateway.APIServer.Key = redact.Mask(c.Gateway.APIServer.Key)
	c.Gateway.Telegram.Webhook.Secret = redact.Mask(c.Gateway.Telegram.Webhook.Secret)
	c.Gateway.Telegram.AllowedUsers = append([]string(nil), c.Gateway.Telegram.AllowedUsers...)
}

func splitList(v string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' }) {
		out = append(out, f)
	}
	return out
}
