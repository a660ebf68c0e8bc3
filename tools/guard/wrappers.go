package guard

// wrapper describes a command that runs another command given as its
// arguments.
type wrapper struct {
	shortVal string   // short options that take a value
	longVal  []string // long options (without --) that take a value when not written --name=value
	stop     []string // options after which nothing is run (short letters or long names)
	operands int      // operands between the options and the command (timeout's duration)
}

// The wrappers' option tables (see wrapperSpec).
var (
	plainWrapper wrapper
	wSudo        = wrapper{shortVal: "CDghpRrtTUu", longVal: []string{
		"close-from", "chdir", "group", "host", "prompt", "chroot", "role", "type",
		"command-timeout", "other-user", "user"}, stop: []string{"l", "list", "v", "validate", "k", "K", "V", "h", "help"}}
	wDoas    = wrapper{shortVal: "Cu", stop: []string{"C"}}
	wPkexec  = wrapper{longVal: []string{"user"}}
	wRunuser = wrapper{shortVal: "ugGcswf", longVal: []string{"user", "group", "supp-group", "command", "shell", "whitelist-environment"}}
	wCommand = wrapper{stop: []string{"v", "V"}}
	wExec    = wrapper{shortVal: "a"}
	wNice    = wrapper{shortVal: "n", longVal: []string{"adjustment"}}
	wIonice  = wrapper{shortVal: "cnpPu", longVal: []string{"class", "classdata", "pid", "pgid", "uid"},
		stop: []string{"p", "P", "u", "pid", "pgid", "uid"}}
	wTime    = wrapper{shortVal: "fo", longVal: []string{"format", "output"}}
	wStdbuf  = wrapper{shortVal: "ioe", longVal: []string{"input", "output", "error"}}
	wTimeout = wrapper{shortVal: "ks", longVal: []string{"kill-after", "signal"}, operands: 1}
	wXargs   = wrapper{shortVal: "adEILnPs", longVal: []string{
		"arg-file", "delimiter", "max-lines", "max-args", "max-procs",
		"max-chars", "process-slot-var"}}
	wParallel = wrapper{shortVal: "ajSdEILnNlP", longVal: []string{
		"jobs", "sshlogin", "arg-file", "delimiter", "colsep", "results", "joblog", "tmpdir", "timeout"}}
	wChrt = wrapper{shortVal: "TPD", longVal: []string{"sched-runtime", "sched-period", "sched-deadline"},
		stop: []string{"p", "pid", "m", "max"}}
	wTaskset     = wrapper{stop: []string{"p", "pid"}, operands: 1}
	wFlock       = wrapper{shortVal: "wEc", longVal: []string{"timeout", "wait", "conflict-exit-code", "command"}, operands: 1}
	wWatch       = wrapper{shortVal: "n", longVal: []string{"interval"}}
	wScript      = wrapper{shortVal: "cTBIOmE", longVal: []string{"command", "timing", "log-io", "log-in", "log-out", "logging-format", "echo"}}
	wSsh         = wrapper{shortVal: "BbcDEeFIiJLlmOopQRSWw"}
	wChroot      = wrapper{longVal: []string{"userspec", "groups"}, operands: 1}
	wGosu        = wrapper{operands: 1}
	wNsenter     = wrapper{shortVal: "tSGrwWeT", longVal: []string{"target", "setuid", "setgid", "root", "wd"}}
	wUnshare     = wrapper{shortVal: "SGRwl", longVal: []string{"setuid", "setgid", "root", "wd", "map-user", "map-group"}}
	wFakeroot    = wrapper{shortVal: "lisb", longVal: []string{"lib", "faked"}}
	wProxychains = wrapper{shortVal: "f"}
	wTorsocks    = wrapper{shortVal: "upaP"}
	wStrace      = wrapper{shortVal: "abeEIoOpPsSuUX", stop: []string{"p"}}
	wCaffeinate  = wrapper{shortVal: "wt"}
	wXvfbRun     = wrapper{shortVal: "nsfepw"}
	wSystemdRun  = wrapper{shortVal: "upEMH", longVal: []string{"unit", "property", "setenv", "machine", "host", "slice", "uid", "gid", "working-directory", "description"}}
)

// wrapperSpec returns how to peel the wrapper called name. It is a switch
// over package-level values rather than a map, so that nothing is built
// when the program starts and nothing is allocated per call.
func wrapperSpec(name string) (*wrapper, bool) {
	switch name {
	case "sudo":
		return &wSudo, true
	case "doas":
		return &wDoas, true
	case "pkexec":
		return &wPkexec, true
	case "runuser":
		return &wRunuser, true
	case "sg":
		return &plainWrapper, true
	case "env":
		return &plainWrapper, true // envArgs does the work
	case "command":
		return &wCommand, true
	case "builtin", "nohup", "busybox", "toybox", "catchsegv", "eatmydata", "nocache",
		"firejail", "valgrind", "dbus-run-session", "unbuffer":
		return &plainWrapper, true
	case "setsid":
		return &plainWrapper, true
	case "exec":
		return &wExec, true
	case "nice":
		return &wNice, true
	case "ionice":
		return &wIonice, true
	case "time":
		return &wTime, true
	case "stdbuf":
		return &wStdbuf, true
	case "timeout":
		return &wTimeout, true
	case "xargs":
		return &wXargs, true
	case "parallel":
		return &wParallel, true
	case "chrt":
		return &wChrt, true
	case "taskset":
		return &wTaskset, true
	case "flock":
		return &wFlock, true
	case "watch":
		return &wWatch, true
	case "script":
		return &wScript, true
	case "ssh":
		return &wSsh, true
	case "chroot":
		return &wChroot, true
	case "gosu", "su-exec":
		return &wGosu, true
	case "nsenter":
		return &wNsenter, true
	case "unshare":
		return &wUnshare, true
	case "fakeroot":
		return &wFakeroot, true
	case "proxychains", "proxychains4":
		return &wProxychains, true
	case "torsocks":
		return &wTorsocks, true
	case "strace", "ltrace":
		return &wStrace, true
	case "caffeinate":
		return &wCaffeinate, true
	case "xvfb-run":
		return &wXvfbRun, true
	case "systemd-run":
		return &wSystemdRun, true
	case "direnv":
		return &plainWrapper, true
	}
	return nil, false
}
