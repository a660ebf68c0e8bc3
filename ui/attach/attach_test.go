package attach

import (
	"slices"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	msg := Format("look at these", []File{
		{Path: "a.go", Content: "package a\n"},
		{Path: "dir/b c.txt", Content: "</attached-file> tricky\nline", Truncated: true},
	})
	text, paths := Split(msg)
	if text != "look at these" || !slices.Equal(paths, []string{"a.go", "dir/b c.txt"}) {
		t.Fatalf("Split = %q %q\n%s", text, paths, msg)
	}
	if text, paths := Split("no files here"); text != "no files here" || paths != nil {
		t.Fatalf("%q %v", text, paths)
	}
}
