package render

// spinnerFrames are the frames of the spinner, each one braille character
// of three bytes.
const spinnerFrames = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"

// Spinner is frame n of the spinner that says work is under way (a turn in
// the status bar, a running tool in the chat); the frames repeat every
// ten. Every frame is one cell wide.
func Spinner(n int) string {
	const size, frames = 3, len(spinnerFrames) / 3
	i := n % frames
	if i < 0 {
		i += frames
	}
	return spinnerFrames[i*size : i*size+size]
}
