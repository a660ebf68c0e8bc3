// Package attach is the format in which files a person attaches with
// @path travel inside a user message: appended after the typed text, each in
// an <attached-file> block, so the model reads them and the store keeps them
// — and so the chat can show them again as compact chips when a session is
// reopened.
package attach

import (
	"fmt"
	"strings"
)

// File is one attached file.
type File struct {
	Path    string // as the person wrote it (relative to the working directory)
	Content string
	// Truncated says the content was cut to the attachment limit.
	Truncated bool
}

const (
	openTag  = "\n\n<attached-file path=%q>\n"
	closeTag = "\n</attached-file>"
)

// Format appends files to the typed text.
func Format(text string, files []File) string {
	var b strings.Builder
	b.WriteString(text)
	for _, f := range files {
		fmt.Fprintf(&b, openTag, f.Path)
		b.WriteString(strings.TrimSuffix(f.Content, "\n"))
		if f.Truncated {
			b.WriteString("\n[herm: the file was cut at the attachment size limit]")
		}
		b.WriteString(closeTag)
	}
	return b.String()
}

// Split separates a stored user message into the typed text and the paths
// of the files attached after it. A message without attachments is returned
// whole.
func Split(content string) (text string, paths []string) {
	text = content
	for {
		i := strings.LastIndex(text, "\n\n<attached-file path=")
		if i < 0 || !strings.HasSuffix(text, closeTag) {
			break
		}
		header := text[i+2:]
		var path string
		if _, err := fmt.Sscanf(header, "<attached-file path=%q>", &path); err != nil {
			break
		}
		paths = append([]string{path}, paths...)
		text = text[:i]
	}
	return text, paths
}
