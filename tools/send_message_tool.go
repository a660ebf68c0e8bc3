package tools

import (
	"context"
	"strings"
)

// MessageSender delivers a message to a chat on a messaging platform. The
// headless gateway implements it; the send_message tool exists only while
// the gateway runs.
type MessageSender interface {
	// SendMessage delivers text to target ("telegram" for its home chat,
	// "telegram:CHAT_ID", or "origin" for the chat fromSession talks to)
	// and says where it went.
	SendMessage(ctx context.Context, fromSession, target, text string) (string, error)
}

type sendMessageTool struct{ sender MessageSender }

func (sendMessageTool) Spec() Spec {
	return Spec{
		Name: "send_message",
		Description: "Send a message to a chat on a messaging platform, outside the current conversation " +
			"(to notify someone, or to post into another chat). target: a platform name for its home chat " +
			"(e.g. telegram), platform:chat_id, or origin for the chat this conversation comes from.",
		Parameters: []byte(`{
  "type": "object",
  "properties": {
    "target": {"type": "string", "description": "telegram, telegram:CHAT_ID or origin."},
    "message": {"type": "string", "description": "The text to send."}
  },
  "required": ["target", "message"]
}`),
	}
}

func (sendMessageTool) Toolset() string { return "messaging" }
func (sendMessageTool) ReadOnly() bool  { return false }

func (t sendMessageTool) Run(ctx context.Context, call *Call) Result {
	var args struct {
		Target  string `json:"target"`
		Message string `json:"message"`
	}
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	if strings.TrimSpace(args.Target) == "" {
		return missing("target", "telegram, telegram:CHAT_ID or origin")
	}
	if strings.TrimSpace(args.Message) == "" {
		return missing("message", "the text to send")
	}
	session := ""
	if call.Env != nil {
		session = call.Env.SessionID()
	}
	where, err := t.sender.SendMessage(ctx, session, strings.TrimSpace(args.Target), args.Message)
	if err != nil {
		return Errorf("sending failed: %v", err)
	}
	return Result{Output: "sent to " + where}
}
