package store

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
)

func TestASCIIWords(t *testing.T) {
	var got []string
	asciiWords(`Run "kubectl get Pods" -n prod_2; naïve café x86-64 HTTP/2 über`, func(w string) { got = append(got, w) })
	want := []string{"run", "kubectl", "get", "pods", "n", "prod", "2", "x86", "64", "http", "2"}
	if !slices.Equal(got, want) {
		t.Errorf("asciiWords = %q, want %q", got, want)
	}
}

// TestPrefixSearchWithCommonWords checks that taking the common words from
// the sample instead of the vocabulary changes no result: the same file
// searched by a store that samples and by one that does not.
func TestPrefixSearchWithCommonWords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	s := openAt(t, path)
	s.hotWords.minStore = 1 // sample even this small store
	sess := newSession(t, s)
	var msgs []*Message
	for i := range 60 {
		// context and config are in every message: common.
		msgs = append(msgs, &Message{SessionID: sess.ID, Role: "user", Content: fmt.Sprintf("Context of the config number %d", i)})
	}
	for _, c := range []string{"con man", "a cone", "conz", "contexts vary", "cop show", "co op", "CONTEXTUAL help", "conf", "configa"} {
		msgs = append(msgs, &Message{SessionID: sess.ID, Role: "user", Content: c})
	}
	appendAll(t, s, msgs...)

	ctx := context.Background()
	if err := s.WarmSearch(ctx); err != nil || !s.hotWords.taken {
		t.Fatalf("WarmSearch: %v, sampled %v", err, s.hotWords.taken)
	}
	hot, err := s.hot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var hotTerms []string
	for _, h := range hot {
		hotTerms = append(hotTerms, h.term)
	}
	for _, w := range []string{"config", "context", "of", "the"} {
		if !slices.Contains(hotTerms, w) {
			t.Errorf("common word %q not sampled: %q", w, hotTerms)
		}
	}
	if slices.Contains(hotTerms, "cone") {
		t.Errorf("rare word sampled as common: %q", hotTerms)
	}

	plain := openAt(t, path)
	plain.hotWords.minStore = 1 << 62 // never samples
	for prefix, want := range map[string][]string{
		"con":      {"con", "cone", "conf", "config", "configa", "context", "contexts", "contextual", "conz"},
		"conf":     {"conf", "config", "configa"},
		"config":   {"config", "configa"},
		"context":  {"context", "contexts", "contextual"},
		"contexts": {"contexts"},
		"co":       {"co", "con", "cone", "conf", "config", "configa", "context", "contexts", "contextual", "conz", "cop"},
		"zz":       nil,
	} {
		for _, st := range []*Store{s, plain} {
			got, err := st.prefixWords(ctx, prefix)
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("prefixWords(%q) = %q, %v; want %q", prefix, got, err, want)
			}
		}
		q := prefix + "*"
		if a, b := searchIDs(t, s, q, SearchOptions{Limit: 500}), searchIDs(t, plain, q, SearchOptions{Limit: 500}); !sameSet(a, b) || len(a) == 0 && want != nil {
			t.Errorf("Search(%q): %d hits with sampled common words, %d without", q, len(a), len(b))
		}
	}
}

func TestJustBefore(t *testing.T) {
	for _, w := range []string{"config", "a", "test0", "kubernetes"} {
		b := justBefore(w)
		if b >= w {
			t.Errorf("justBefore(%q) = %q, not below it", w, b)
		}
		// Above every word that sorts below w.
		for _, below := range []string{w[:len(w)-1], w[:len(w)-1] + string(w[len(w)-1]-1) + "zzzz", w[:len(w)-1] + string(w[len(w)-1]-1) + "é"} {
			if below < w && below > b {
				t.Errorf("justBefore(%q) = %q, below %q", w, b, below)
			}
		}
	}
}
