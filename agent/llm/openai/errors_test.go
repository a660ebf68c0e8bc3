package openai

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent/llm"
)

func TestParseErrorBody(t *testing.T) {
	cases := []struct {
		name, body, typ, msg string
	}{
		{"openai", `{"error":{"message":"This model's maximum context length is 8192 tokens.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}`,
			"context_length_exceeded", "This model's maximum context length is 8192 tokens."},
		{"openai null code", `{"error":{"message":"boom","type":"server_error","code":null}}`, "server_error", "boom"},
		{"openrouter numeric code", `{"error":{"message":"Provider returned error","code":429,"metadata":{"raw":"upstream says slow down","provider_name":"X"}}}`,
			"429", "Provider returned error: upstream says slow down"},
		{"ollama", `{"error":"model \"llama9\" not found, try pulling it first"}`, "", `model "llama9" not found, try pulling it first`},
		{"vllm", `{"object":"error","message":"The model does not exist.","type":"NotFoundError","param":null,"code":404}`, "NotFoundError", "The model does not exist."},
		{"fastapi", `{"detail":"Not Found"}`, "", "Not Found"},
		{"fastapi list", `{"detail":[{"loc":["body","model"],"msg":"field required"}]}`, "", `[{"loc":["body","model"],"msg":"field required"}]`},
		{"message list", `{"error":{"message":["a is bad","b is bad"],"type":"invalid_request_error"}}`, "invalid_request_error", "a is bad; b is bad"},
		{"unknown json", `{"weird":true}`, "", `{"weird":true}`},
		{"plain text", "  upstream   connect error\n or disconnect  ", "", "upstream connect error or disconnect"},
		{"empty", "  \n", "", "empty response body"},
		{"html", "<html><body><h1>503 Service Unavailable</h1></body></html>", "", "503 Service Unavailable"},
		// A proxy's page: styles dropped and entities decoded, as the
		// Anthropic adapter always did (llm.Excerpt serves both).
		{"styled html", "<html><head><style>h1 { color: red }</style></head><body><h1>502 Bad Gateway</h1><p>nginx &amp; friends</p></body></html>", "", "502 Bad Gateway nginx & friends"},
	}
	for _, c := range cases {
		typ, msg := parseErrorBody([]byte(c.body))
		if typ != c.typ || msg != c.msg {
			t.Errorf("%s: got (%q, %q), want (%q, %q)", c.name, typ, msg, c.typ, c.msg)
		}
	}
	_, long := parseErrorBody([]byte(strings.Repeat("é", 500)))
	if len(long) > snippetLen+len("…") || !strings.HasSuffix(long, "…") || !strings.HasPrefix(long, "é") {
		t.Errorf("long body not shortened on a rune edge: %d bytes", len(long))
	}
}

// A real server answering with OpenAI's millisecond header and a body that
// is not JSON.
func TestErrorResponseOverHTTP(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("retry-after-ms", "1200")
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte("overloaded, come back later"))
	}))
	defer srv.Close()
	p := New(Config{BaseURL: srv.URL + "/v1", Name: "local"})
	var err error
	for _, e := range p.Stream(t.Context(), llm.Request{Model: "m", Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}}) {
		err = e
	}
	ae, ok := err.(*llm.APIError)
	if !ok {
		t.Fatalf("err = %v (%T)", err, err)
	}
	want := llm.APIError{Provider: "local", StatusCode: 503, Message: "overloaded, come back later", RetryAfter: 1200 * time.Millisecond}
	if *ae != want {
		t.Errorf("got %+v, want %+v", *ae, want)
	}
	if ae.Error() != "local: HTTP 503: overloaded, come back later" {
		t.Errorf("Error() = %q", ae.Error())
	}
}
