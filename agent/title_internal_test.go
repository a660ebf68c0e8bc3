package agent

import "testing"

func TestCleanTitle(t *testing.T) {
	for in, want := range map[string]string{
		"Debugging the Payments Test":            "Debugging the Payments Test",
		"\"Debugging the Payments Test.\"":       "Debugging the Payments Test",
		"## **Debugging Payments**\n\nMore text": "Debugging Payments",
		"Title: «Rotación de logs»":              "Rotación de logs",
		"title:   `nginx`   log   rotation":      "nginx log rotation",
		"\n\n  \n":                               "",
		"東京の天気。":                                 "東京の天気",
		"- Kubernetes crash loop":                "Kubernetes crash loop",
		"'Why is CI red?'":                       "Why is CI red?",
	} {
		if got := cleanTitle(in); got != want {
			t.Errorf("cleanTitle(%q) = %q, want %q", in, got, want)
		}
	}
}
