package input

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/atotto/clipboard"

	"github.com/herm-dev/herm/store"
)

// Images reach the draft three ways: ctrl+v when the clipboard holds one
// (read with wl-paste or xclip, where the platform has them), an image
// file pasted or dropped on the terminal (which pastes its path), and
// @file.png in the text (read when the message is sent). A pasted image
// shows as a placeholder such as [image #1 · shot.png · 42 KB]; deleting
// the placeholder drops the image.

// Image is a picture attached to the draft.
type Image struct {
	Name      string // the file's name, or clipboard.png
	MediaType string
	Data      []byte
}

// imageTypes are the formats models accept.
var imageTypes = []string{"image/png", "image/jpeg", "image/gif", "image/webp"}

// IsImageName reports whether a path names an image by its extension.
func IsImageName(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png", ".jpg", ".jpeg", ".gif", ".webp":
		return true
	}
	return false
}

// ReadImage reads an image file, refusing what is not an image models
// accept or is larger than the store keeps.
func ReadImage(path string) (Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return Image{}, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, store.MaxImageBytes+1))
	if err != nil {
		return Image{}, err
	}
	img, err := imageOf(data)
	img.Name = filepath.Base(path)
	return img, err
}

// imageOf checks data is an image of a type models accept.
func imageOf(data []byte) (Image, error) {
	if len(data) > store.MaxImageBytes {
		return Image{}, fmt.Errorf("the image is larger than %d MB; shrink it first", store.MaxImageBytes>>20)
	}
	mt := http.DetectContentType(data)
	if !slices.Contains(imageTypes, mt) {
		return Image{}, fmt.Errorf("not a PNG, JPEG, GIF or WebP image (%s)", mt)
	}
	return Image{MediaType: mt, Data: data}, nil
}

// AddImage puts img in the draft at the cursor as a placeholder.
func (m *Model) AddImage(img Image) {
	m.attached++
	ph := fmt.Sprintf("[image #%d · %s · %s]", m.attached, img.Name, sizeText(len(img.Data)))
	m.images[ph] = img
	m.ta.InsertString(ph)
	m.menu.close()
}

// takeImages returns text without the images' placeholders and the images
// whose placeholders it held, in the order they appear.
func (m *Model) takeImages(text string) (string, []Image) {
	if len(m.images) == 0 {
		return text, nil
	}
	type found struct {
		at int
		ph string
	}
	var hits []found
	for ph := range m.images {
		if i := strings.Index(text, ph); i >= 0 {
			hits = append(hits, found{i, ph})
		}
	}
	sort.Slice(hits, func(i, j int) bool { return hits[i].at < hits[j].at })
	imgs := make([]Image, 0, len(hits))
	for _, h := range hits {
		imgs = append(imgs, m.images[h.ph])
		text = strings.Replace(text, h.ph, "", 1)
	}
	if strings.TrimSpace(text) == "" {
		text = ""
	}
	return text, imgs
}

// imageReadMsg is an image read for the draft, or why it was not; a paste
// that was not an image after all goes in as text.
type imageReadMsg struct {
	img   *Image
	text  string // pasted text to insert instead
	flash string
}

func (m *Model) imageRead(msg imageReadMsg) tea.Cmd {
	switch {
	case msg.img != nil:
		m.AddImage(*msg.img)
	case msg.text != "":
		m.paste(msg.text)
		return tea.Batch(m.refreshMenu(), flashIf(msg.flash))
	}
	return flashIf(msg.flash)
}

func flashIf(text string) tea.Cmd {
	if text == "" {
		return nil
	}
	return flash(text)
}

// pastedPath returns the file a paste names when it is a lone image path,
// as terminals paste a dropped file: maybe quoted, with escaped spaces, or
// as a file:// URL.
func pastedPath(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, "\n\r") || len(s) > 4096 {
		return "", false
	}
	if len(s) >= 2 && (s[0] == '\'' && s[len(s)-1] == '\'' || s[0] == '"' && s[len(s)-1] == '"') {
		s = s[1 : len(s)-1]
	} else {
		s = strings.ReplaceAll(s, `\ `, " ")
	}
	if strings.HasPrefix(s, "file://") {
		u, err := url.Parse(s)
		if err != nil {
			return "", false
		}
		s = u.Path
	}
	if !IsImageName(s) || !(filepath.IsAbs(s) || strings.HasPrefix(s, "~/") || strings.HasPrefix(s, "./")) {
		return "", false
	}
	return s, true
}

// pasteImagePath reads a pasted image path in a command; nil when the
// paste is not one.
func (m *Model) pasteImagePath(content string) tea.Cmd {
	path, ok := pastedPath(content)
	if !ok {
		return nil
	}
	cwd := m.Cwd
	return func() tea.Msg {
		img, err := ReadImage(ResolvePath(cwd, path))
		if errors.Is(err, os.ErrNotExist) {
			return imageReadMsg{text: content} // just text that looks like a path
		}
		if err != nil {
			return imageReadMsg{text: content, flash: "not attached as an image: " + err.Error()}
		}
		return imageReadMsg{img: &img}
	}
}

// clipboardTimeout bounds the clipboard tools.
const clipboardTimeout = 3 * time.Second

// PasteClipboard reads the clipboard: an image when it holds one and a
// tool that reads images is installed (wl-paste on Wayland, xclip on X11),
// its text otherwise.
func (m *Model) PasteClipboard() tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), clipboardTimeout)
		defer cancel()
		if data, ok := clipboardImage(ctx, os.Getenv); ok {
			img, err := imageOf(data)
			if err != nil {
				return imageReadMsg{flash: "the clipboard's image was not attached: " + err.Error()}
			}
			img.Name = "clipboard." + strings.TrimPrefix(img.MediaType, "image/")
			return imageReadMsg{img: &img}
		}
		text, err := clipboard.ReadAll()
		if err != nil || text == "" {
			return imageReadMsg{flash: "the clipboard holds no image or text herm can read (paste with the terminal's own paste key)"}
		}
		return imageReadMsg{text: text}
	}
}

// clipboardImage asks the platform's clipboard tool for an image.
func clipboardImage(ctx context.Context, getenv func(string) string) ([]byte, bool) {
	type tool struct {
		list func() *exec.Cmd
		get  func(mt string) *exec.Cmd
	}
	var tools []tool
	if getenv("WAYLAND_DISPLAY") != "" {
		tools = append(tools, tool{
			list: func() *exec.Cmd { return exec.CommandContext(ctx, "wl-paste", "--list-types") },
			get:  func(mt string) *exec.Cmd { return exec.CommandContext(ctx, "wl-paste", "--no-newline", "--type", mt) },
		})
	}
	if getenv("DISPLAY") != "" {
		tools = append(tools, tool{
			list: func() *exec.Cmd {
				return exec.CommandContext(ctx, "xclip", "-selection", "clipboard", "-t", "TARGETS", "-o")
			},
			get: func(mt string) *exec.Cmd {
				return exec.CommandContext(ctx, "xclip", "-selection", "clipboard", "-t", mt, "-o")
			},
		})
	}
	for _, t := range tools {
		out, err := t.list().Output()
		if err != nil {
			continue
		}
		types := strings.Fields(string(out))
		for _, mt := range imageTypes {
			if !slices.Contains(types, mt) {
				continue
			}
			data, err := t.get(mt).Output()
			if err == nil && len(bytes.TrimSpace(data)) > 0 {
				return data, true
			}
		}
	}
	return nil, false
}

// sizeText is a byte count for people: 812 B, 42 KB, 1.3 MB.
func sizeText(n int) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%d KB", (n+512)>>10)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}
