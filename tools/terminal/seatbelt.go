package terminal

import (
	"strings"
)

// seatbeltProfile is the Seatbelt profile (SBPL, the Scheme dialect of
// macOS's sandbox) that confines a command to r, for sandbox-exec -p.
// Unlike Landlock, Seatbelt can deny beneath what it allows, so the
// protected paths, the repository's config and hooks among them, are
// refused outright; herm still checks the guarded files afterwards, on
// every platform alike. It is plain text made from r alone, so it is
// built and tested on every platform.
func seatbeltProfile(r *Rules) string {
	var b strings.Builder
	b.WriteString(seatbeltBase)

	// Reading: everything but the secrets, whose metadata (ls -l) stays
	// visible.
	b.WriteString("\n; reading: everything but herm's secrets\n(allow file-read-metadata)\n")
	b.WriteString("(allow file-read*")
	writeExcept(&b, "/", r.Unreadable)
	b.WriteString(")\n")

	// Writing: the writable roots less the protected paths, the devices,
	// the terminals and the shell's state file.
	b.WriteString("\n; writing: the writable roots, never the protected paths\n")
	readOnly := append(append([]string(nil), r.ReadOnly...), r.Restored...)
	for _, w := range r.Writable {
		b.WriteString("(allow file-write*")
		writeExcept(&b, w, readOnly)
		b.WriteString(")\n")
	}
	b.WriteString("(allow file-write-data file-ioctl\n  (require-all\n    (require-any")
	for _, d := range devices {
		b.WriteString(" (literal " + sbplString(d) + ")")
	}
	b.WriteString(" (regex #\"^/dev/ttys[0-9]+$\"))\n    (vnode-type CHARACTER-DEVICE)))\n")
	b.WriteString("(allow file-write-data (regex #\"^/dev/fd/[0-9]+$\"))\n")
	for _, f := range r.files {
		b.WriteString("(allow file-write* (literal " + sbplString(f) + "))\n")
	}

	if r.Network {
		b.WriteString(seatbeltNetwork)
	} else {
		b.WriteString("\n; no network: nothing of it is allowed\n")
	}
	return b.String()
}

// writeExcept writes a filter matching root and beneath it except the
// paths of except (and beneath them) that lie within root.
func writeExcept(b *strings.Builder, root string, except []string) {
	var inside []string
	for _, e := range except {
		if within(e, root) || within(root, e) {
			inside = append(inside, e)
		}
	}
	if len(inside) == 0 {
		b.WriteString(" (subpath " + sbplString(root) + ")")
		return
	}
	b.WriteString("\n  (require-all (subpath " + sbplString(root) + ")")
	for _, e := range inside {
		b.WriteString("\n    (require-not (subpath " + sbplString(e) + "))")
	}
	b.WriteString(")")
}

// sbplString quotes s as an SBPL string literal.
func sbplString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// seatbeltBase is what every sandboxed command may do besides files and
// the network: run programs, which stay in the sandbox; signal and
// inspect its own processes; read the system settings and services
// ordinary programs look up; open pseudo-terminals.
const seatbeltBase = `(version 1)
; herm's sandbox for one command (tools/terminal/seatbelt.go)
(deny default)

(allow process-exec)
(allow process-fork)
(allow signal (target same-sandbox))
(allow process-info* (target same-sandbox))
(allow user-preference-read)
(allow sysctl-read)
(allow mach-host*)
(allow ipc-posix-sem)
(allow ipc-posix-shm-read* ipc-posix-shm-write-data)
(allow iokit-open (iokit-registry-entry-class "RootDomainUserClient"))
(allow mach-lookup
  (global-name "com.apple.system.opendirectoryd.libinfo")
  (global-name "com.apple.system.logger")
  (global-name "com.apple.system.notification_center")
  (global-name "com.apple.PowerManagement.control")
  (global-name "com.apple.coreservices.launchservicesd"))
(allow pseudo-tty)
(allow file-read* file-write* file-ioctl (literal "/dev/ptmx"))
`

// seatbeltNetwork allows the network, and the services name lookups and
// certificate checks go through.
const seatbeltNetwork = `
; network allowed
(allow network-outbound)
(allow network-inbound)
(allow system-socket)
(allow mach-lookup
  (global-name "com.apple.dnssd.service")
  (global-name "com.apple.SystemConfiguration.DNSConfiguration")
  (global-name "com.apple.SystemConfiguration.configd")
  (global-name "com.apple.trustd")
  (global-name "com.apple.trustd.agent"))
`
