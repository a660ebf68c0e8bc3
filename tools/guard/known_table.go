package guard

import "strings"

// Options of several specs.
const (
	// gitReadDeny are the options of git's reading commands that write a
	// file or run a program (external diff, text conversion, a pager).
	gitReadDeny = "output ext-diff textconv exec paginate open-files-in-pager O"
	// tarDeny are tar's options that run a program.
	tarDeny = "to-command checkpoint-action use-compress-program I info-script F new-volume-script rsh-command rmt-command"
)

// Specs shared by several programs.
var (
	anyOpts    = knownSpec{any: true}
	readerSpec = anyOpts
	writerSpec = knownSpec{any: true, writes: true}
)

// knownTable is the table of programs known to be harmless with the
// options they allow, sorted by name (TestKnownTableSorted keeps it so).
// Writers (cp, mkdir, sed -i…) are in it too: they are known when what
// they write is in the workspace, which is all the sandbox allows anyway.
// A program not here — an interpreter, a build tool, a package manager, a
// network client — is Unknown.
var knownTable = []knownSpec{
	{name: ":", any: true},
	{name: "[", any: true},
	{name: "alias", any: true},
	{name: "arch", any: true},
	{name: "awk", any: true, deny: "f file l load E exec", writes: true, check: awkCheck},
	{name: "aws", any: true, vals: "profile region output endpoint-url", check: awsReadCheck},
	{name: "b2sum", any: true},
	{name: "base32", any: true, deny: "o output"},
	{name: "base64", any: true, deny: "o output"},
	{name: "basename", short: "as:z", long: "multiple suffix= zero help version"},
	{name: "basenc", any: true},
	{name: "bat", any: true, deny: "pager"},
	{name: "break", any: true},
	{name: "bun", any: true, check: versionOnly},
	{name: "bzcat", any: true},
	{name: "bzip2", any: true, writes: true},
	{name: "cal", any: true},
	{name: "cargo", any: true, vals: "C Z config manifest-path color", subs: []knownSpec{
		{name: "--version", any: true}, {name: "locate-project", any: true}, {name: "metadata", any: true},
		{name: "pkgid", any: true}, {name: "read-manifest", any: true}, {name: "tree", any: true},
		{name: "verify-project", any: true}, {name: "version", any: true},
	}},
	{name: "cat", short: "AbeEnstTuv", long: "show-all number-nonblank show-ends number squeeze-blank show-tabs show-nonprinting help version"},
	{name: "cc", any: true, check: versionOnly},
	{name: "cd", any: true},
	{name: "chmod", any: true, writes: true},
	{name: "cksum", any: true},
	{name: "clang", any: true, check: versionOnly},
	{name: "clear", any: true},
	{name: "cmake", any: true, check: versionOnly},
	{name: "cmp", any: true},
	{name: "column", any: true},
	{name: "comm", any: true},
	{name: "command", any: true},
	{name: "compgen", any: true},
	{name: "complete", any: true},
	{name: "continue", any: true},
	{name: "cp", any: true, writes: true},
	{name: "cut", short: "b:c:d:f:nsz", long: "bytes= characters= delimiter= fields= complement only-delimited output-delimiter= zero-terminated help version"},
	{name: "date", any: true, deny: "s set", check: dateCheck},
	{name: "declare", any: true},
	{name: "deno", any: true, check: versionOnly},
	{name: "df", any: true},
	{name: "diff", any: true},
	{name: "dirname", short: "z", long: "zero help version"},
	{name: "dirs", any: true},
	{name: "docker", any: true, deny: "H host c context url connection identity remote", vals: "config l log-level", subs: dockerReadSubs},
	{name: "du", any: true},
	{name: "echo", any: true},
	{name: "egrep", any: true},
	{name: "eval", any: true},
	{name: "exit", any: true},
	{name: "expand", any: true},
	{name: "export", any: true},
	{name: "expr", any: true},
	{name: "factor", any: true},
	{name: "false", any: true},
	{name: "fd", any: true, deny: "x exec X exec-batch"},
	{name: "fdfind", any: true, deny: "x exec X exec-batch"},
	{name: "fgrep", any: true},
	{name: "file", any: true, deny: "C compile"},
	{name: "find", any: true, deny: "delete fprint fprint0 fprintf fls", writes: true},
	{name: "fmt", any: true},
	{name: "fold", any: true},
	{name: "free", any: true},
	{name: "g++", any: true, check: versionOnly},
	{name: "gcc", any: true, check: versionOnly},
	{name: "gcloud", any: true, vals: "project account configuration format", check: gcloudReadCheck},
	{name: "getconf", any: true},
	{name: "getent", any: true},
	{name: "getopts", any: true},
	{name: "gh", any: true, vals: "R repo", subs: ghReadSubs},
	{name: "git", short: "C:hPv", long: "git-dir= work-tree= namespace= no-pager bare literal-pathspecs glob-pathspecs noglob-pathspecs icase-pathspecs no-optional-locks no-replace-objects no-lazy-fetch version help", subs: gitSubs, bare: true},
	{name: "go", any: true, vals: "C", subs: goSubs},
	{name: "gofmt", any: true, writes: true},
	{name: "grep", any: true},
	{name: "groups", any: true},
	{name: "gunzip", any: true, writes: true},
	{name: "gzip", any: true, writes: true},
	{name: "hash", any: true},
	{name: "head", short: "c:n:qvz0123456789", long: "bytes= lines= quiet silent verbose zero-terminated help version"},
	{name: "helm", any: true, vals: "n namespace kube-context kubeconfig", subs: helmReadSubs},
	{name: "help", any: true},
	{name: "hexdump", any: true},
	{name: "history", any: true},
	{name: "hostname", any: true, deny: "F file b boot", check: noOperands},
	{name: "id", any: true},
	{name: "java", any: true, check: versionOnly},
	{name: "javac", any: true, check: versionOnly},
	{name: "jobs", any: true},
	{name: "join", any: true},
	{name: "journalctl", any: true, deny: "vacuum-size vacuum-time vacuum-files rotate flush sync relinquish-var smart-relinquish-var setup-keys update-catalog"},
	{name: "jq", any: true},
	{name: "kubectl", any: true, vals: "n namespace context kubeconfig cluster user s server as", subs: kubectlReadSubs},
	{name: "less", any: true, deny: "o O log-file LOG-FILE"},
	{name: "let", any: true},
	{name: "ln", any: true, writes: true},
	{name: "local", any: true},
	{name: "locale", any: true},
	{name: "ls", short: "aAbBcCdDfFgGhHiI:klLmnNopqQrRsStT:uUvw:xXZ1", long: "all almost-all author escape block-size= ignore-backups color? directory dired classify? file-type format= full-time group-directories-first no-group human-readable si dereference-command-line dereference-command-line-symlink-to-dir hide= hyperlink? indicator-style= inode ignore= kibibytes dereference numeric-uid-gid literal hide-control-chars show-control-chars quote-name quoting-style= reverse recursive size sort= time= time-style= tabsize= width= context zero help version"},
	{name: "lsblk", any: true},
	{name: "lscpu", any: true},
	{name: "lsof", any: true},
	{name: "make", any: true, check: versionOnly},
	{name: "man", short: "afkKwWs:S:", long: "apropos whatis where path all sections= help version"},
	{name: "mapfile", any: true},
	{name: "md5sum", any: true},
	{name: "mkdir", any: true, writes: true},
	{name: "mktemp", any: true, writes: true},
	{name: "more", any: true},
	{name: "mv", any: true, writes: true},
	{name: "netstat", any: true},
	{name: "nl", any: true},
	{name: "node", any: true, check: versionOnly},
	{name: "npm", any: true, vals: "prefix C w workspace registry userconfig cache loglevel", subs: npmReadSubs},
	{name: "nproc", any: true},
	{name: "numfmt", any: true},
	{name: "od", any: true},
	{name: "openssl", any: true, subs: opensslReadSubs},
	{name: "paste", any: true},
	{name: "perl", any: true, check: versionOnly},
	{name: "pgrep", any: true},
	{name: "php", any: true, check: versionOnly},
	{name: "pidof", any: true},
	{name: "pip", any: true, subs: pipReadSubs},
	{name: "pip3", any: true, subs: pipReadSubs},
	{name: "popd", any: true},
	{name: "pr", any: true},
	{name: "printenv", any: true},
	{name: "printf", any: true},
	{name: "ps", any: true},
	{name: "pushd", any: true},
	{name: "pwd", short: "LP"},
	{name: "python", any: true, check: versionOnly},
	{name: "python3", any: true, check: versionOnly},
	{name: "read", any: true},
	{name: "readarray", any: true},
	{name: "readlink", short: "efmnqsvz", long: "canonicalize canonicalize-existing canonicalize-missing no-newline quiet silent verbose zero help version"},
	{name: "readonly", any: true},
	{name: "realpath", short: "eLmPqsz", long: "canonicalize-existing canonicalize-missing logical physical quiet relative-to= relative-base= strip no-symlinks zero help version"},
	{name: "return", any: true},
	{name: "rev", any: true},
	{name: "rg", any: true, deny: "pre hostname-bin search-zip z"},
	{name: "rm", any: true, writes: true},
	{name: "rmdir", any: true, writes: true},
	{name: "ruby", any: true, check: versionOnly},
	{name: "rustc", any: true, check: versionOnly},
	{name: "sed", any: true, deny: "f file", writes: true, check: sedCheck},
	{name: "seq", any: true},
	{name: "set", any: true},
	{name: "sha1sum", any: true},
	{name: "sha224sum", any: true},
	{name: "sha256sum", any: true},
	{name: "sha384sum", any: true},
	{name: "sha512sum", any: true},
	{name: "shasum", any: true},
	{name: "shift", any: true},
	{name: "shopt", any: true},
	{name: "shuf", any: true, deny: "o output"},
	{name: "sleep", any: true},
	{name: "sort", any: true, deny: "compress-program", writes: true},
	{name: "ss", any: true, deny: "K kill"},
	{name: "ssh-add", short: "lL", long: "help"},
	{name: "stat", short: "Lfc:t", long: "dereference file-system format= printf= terse cached= help version"},
	{name: "strings", any: true},
	{name: "sum", any: true},
	{name: "systemctl", any: true, vals: "H host M machine p property t type s signal n lines o output", subs: []knownSpec{
		{name: "cat", any: true}, {name: "is-active", any: true}, {name: "is-enabled", any: true},
		{name: "is-failed", any: true}, {name: "list-dependencies", any: true}, {name: "list-sockets", any: true},
		{name: "list-timers", any: true}, {name: "list-unit-files", any: true}, {name: "list-units", any: true},
		{name: "show", any: true}, {name: "status", any: true},
	}, bare: true},
	{name: "tac", any: true},
	{name: "tail", short: "c:fFn:qs:vz0123456789", long: "bytes= follow? lines= max-unchanged-stats= pid= quiet retry silent sleep-interval= verbose zero-terminated help version"},
	{name: "tar", any: true, deny: tarDeny, writes: true, check: tarCheck},
	{name: "tee", any: true, writes: true},
	{name: "terraform", any: true, subs: terraformReadSubs},
	{name: "test", any: true},
	{name: "times", any: true},
	{name: "tofu", any: true, subs: terraformReadSubs},
	{name: "touch", any: true, writes: true},
	{name: "tput", any: true},
	{name: "tr", short: "cdst", long: "complement delete squeeze-repeats truncate-set1 help version"},
	{name: "trap", any: true},
	{name: "tree", any: true, deny: "o"},
	{name: "true", any: true},
	{name: "tsort", any: true},
	{name: "type", any: true},
	{name: "typeset", any: true},
	{name: "ulimit", any: true},
	{name: "umask", any: true},
	{name: "unalias", any: true},
	{name: "uname", any: true},
	{name: "unexpand", any: true},
	{name: "uniq", any: true, writes: true},
	{name: "unset", any: true},
	{name: "unxz", any: true, writes: true},
	{name: "unzip", any: true, check: unzipCheck},
	{name: "unzstd", any: true, writes: true},
	{name: "uptime", any: true},
	{name: "wait", any: true},
	{name: "wc", short: "clmwL", long: "bytes chars lines files0-from= max-line-length words total= help version"},
	{name: "whereis", any: true},
	{name: "which", any: true},
	{name: "who", any: true},
	{name: "whoami", any: true},
	{name: "xxd", any: true, writes: true},
	{name: "xz", any: true, writes: true},
	{name: "xzcat", any: true},
	{name: "yes", any: true},
	{name: "yq", any: true, writes: true},
	{name: "zcat", any: true},
	{name: "zip", any: true, deny: "T test TT unzip-command", writes: true},
	{name: "zstd", any: true, writes: true},
	{name: "zstdcat", any: true},
}

// gitSubs are git's commands known to be harmless: reading ones, and
// those that change only the repository in the workspace. push, the
// network, hooks' installers and commands that run programs are not.
var gitSubs = []knownSpec{
	{name: "add", any: true},
	{name: "am", any: true},
	{name: "annotate", any: true, deny: gitReadDeny},
	{name: "apply", any: true, deny: "unsafe-paths directory"},
	{name: "archive", any: true, deny: "exec remote output o"},
	{name: "blame", any: true, deny: gitReadDeny},
	{name: "branch", any: true},
	{name: "cat-file", any: true, deny: "textconv filters"},
	{name: "checkout", any: true},
	{name: "cherry", any: true},
	{name: "cherry-pick", any: true},
	{name: "clean", any: true},
	{name: "clone", any: true, deny: "u upload-pack template c config"},
	{name: "commit", any: true},
	{name: "config", any: true, check: gitConfigCheck},
	{name: "count-objects", any: true},
	{name: "describe", any: true},
	{name: "diff", any: true, deny: gitReadDeny},
	{name: "diff-files", any: true, deny: gitReadDeny},
	{name: "diff-index", any: true, deny: gitReadDeny},
	{name: "diff-tree", any: true, deny: gitReadDeny},
	{name: "fetch", any: true, deny: "upload-pack"},
	{name: "for-each-ref", any: true},
	{name: "format-patch", any: true},
	{name: "fsck", any: true},
	{name: "gc", any: true},
	{name: "grep", any: true, deny: gitReadDeny},
	{name: "init", any: true, deny: "template"},
	{name: "log", any: true, deny: gitReadDeny},
	{name: "ls-files", any: true},
	{name: "ls-remote", any: true, deny: "upload-pack"},
	{name: "ls-tree", any: true},
	{name: "merge", any: true},
	{name: "merge-base", any: true},
	{name: "mv", any: true},
	{name: "name-rev", any: true},
	{name: "notes", any: true},
	{name: "pull", any: true, deny: "upload-pack"},
	{name: "range-diff", any: true, deny: gitReadDeny},
	{name: "rebase", any: true, deny: "x exec"},
	{name: "reflog", any: true},
	{name: "remote", any: true},
	{name: "reset", any: true},
	{name: "restore", any: true},
	{name: "rev-list", any: true},
	{name: "rev-parse", any: true},
	{name: "revert", any: true},
	{name: "rm", any: true},
	{name: "shortlog", any: true},
	{name: "show", any: true, deny: gitReadDeny},
	{name: "show-branch", any: true},
	{name: "show-ref", any: true},
	{name: "sparse-checkout", any: true},
	{name: "stash", any: true},
	{name: "status", any: true},
	{name: "switch", any: true},
	{name: "tag", any: true},
	{name: "version", any: true},
	{name: "whatchanged", any: true, deny: gitReadDeny},
	{name: "worktree", any: true, subs: []knownSpec{{name: "list", any: true}, {name: "prune", any: true}}},
}

// goSubs are the go commands known: building, vetting and testing the
// workspace's code (the brief of the table), reading the module and the
// toolchain. go run, generate, install and get are not.
var goSubs = []knownSpec{
	{name: "build", any: true, deny: "toolexec exec vettool overlay"},
	{name: "clean", any: true, deny: "cache modcache testcache fuzzcache"},
	{name: "doc", any: true},
	{name: "env", any: true, deny: "w u"},
	{name: "fmt", any: true},
	{name: "help", any: true},
	{name: "list", any: true, deny: "toolexec exec overlay"},
	{name: "mod", any: true, subs: []knownSpec{
		{name: "download", any: true}, {name: "edit", any: true}, {name: "graph", any: true},
		{name: "init", any: true}, {name: "tidy", any: true}, {name: "vendor", any: true},
		{name: "verify", any: true}, {name: "why", any: true},
	}},
	{name: "test", any: true, deny: "toolexec exec vettool overlay"},
	{name: "version", any: true},
	{name: "vet", any: true, deny: "toolexec exec vettool overlay"},
}

// dockerReadSubs are docker's commands that only look.
var dockerReadSubs = []knownSpec{
	{name: "compose", any: true, subs: []knownSpec{
		{name: "config", any: true}, {name: "images", any: true}, {name: "logs", any: true},
		{name: "ls", any: true}, {name: "ps", any: true}, {name: "top", any: true}, {name: "version", any: true},
	}},
	{name: "container", any: true, subs: []knownSpec{
		{name: "inspect", any: true}, {name: "logs", any: true}, {name: "ls", any: true},
		{name: "port", any: true}, {name: "top", any: true},
	}},
	{name: "history", any: true},
	{name: "image", any: true, subs: []knownSpec{{name: "history", any: true}, {name: "inspect", any: true}, {name: "ls", any: true}}},
	{name: "images", any: true},
	{name: "info", any: true},
	{name: "inspect", any: true},
	{name: "logs", any: true},
	{name: "network", any: true, subs: []knownSpec{{name: "inspect", any: true}, {name: "ls", any: true}}},
	{name: "port", any: true},
	{name: "ps", any: true},
	{name: "top", any: true},
	{name: "version", any: true},
	{name: "volume", any: true, subs: []knownSpec{{name: "inspect", any: true}, {name: "ls", any: true}}},
}

// kubectlReadSubs are kubectl's commands that only look.
var kubectlReadSubs = []knownSpec{
	{name: "api-resources", any: true}, {name: "api-versions", any: true}, {name: "cluster-info", any: true},
	{name: "describe", any: true}, {name: "events", any: true}, {name: "explain", any: true},
	{name: "get", any: true}, {name: "logs", any: true}, {name: "top", any: true}, {name: "version", any: true},
}

// npmReadSubs are npm's commands that run no package scripts and change
// nothing.
var npmReadSubs = []knownSpec{
	{name: "--version", any: true}, {name: "-v", any: true}, {name: "explain", any: true},
	{name: "info", any: true}, {name: "la", any: true}, {name: "list", any: true}, {name: "ll", any: true},
	{name: "ls", any: true}, {name: "outdated", any: true}, {name: "prefix", any: true},
	{name: "root", any: true}, {name: "search", any: true}, {name: "show", any: true},
	{name: "view", any: true}, {name: "why", any: true},
}

// pipReadSubs are pip's commands that install and change nothing.
var pipReadSubs = []knownSpec{
	{name: "--version", any: true}, {name: "check", any: true}, {name: "freeze", any: true},
	{name: "help", any: true}, {name: "inspect", any: true}, {name: "list", any: true}, {name: "show", any: true},
}

func noOperands(_ *cmd, _, ops []arg) string {
	if len(ops) > 0 {
		return ops[0].val
	}
	return ""
}

// dateCheck: an operand other than +FORMAT sets the clock.
func dateCheck(_ *cmd, _, ops []arg) string {
	for _, o := range ops {
		if !strings.HasPrefix(o.val, "+") {
			return o.val
		}
	}
	return ""
}

// gitConfigCheck: reading the configuration is known; setting it is
// not (git-code judges the keys that run programs).
func gitConfigCheck(_ *cmd, args, _ []arg) string {
	if _, set := gitConfigSet(args); !set {
		for _, a := range args {
			if a.known && (a.val == "--unset" || a.val == "--unset-all" || a.val == "unset" || a.val == "-e" || a.val == "--edit" ||
				a.val == "--remove-section" || a.val == "--rename-section") {
				return "set"
			}
		}
		return ""
	}
	for _, a := range args {
		switch {
		case !a.known:
			return "set"
		case a.val == "-l" || a.val == "--list" || a.val == "--get" || a.val == "--get-all" ||
			a.val == "--get-regexp" || a.val == "--show-origin" || a.val == "--show-scope" ||
			a.val == "get" || a.val == "list":
			return ""
		}
	}
	return "set"
}

// sedCheck: a sed script that runs commands (e, s///e) or writes files
// (w, s///w) is not known.
func sedCheck(c *cmd, _, _ []arg) string {
	for _, s := range sedScripts(c.args) {
		if !s.known {
			return "script decided at run time"
		}
		if what := sedScriptDoes(s.val); what != "" {
			return what
		}
	}
	return ""
}

// awkCheck: an awk program that writes files or runs commands, or is
// read from a file, is not known.
func awkCheck(c *cmd, _, _ []arg) string {
	ia := awkArgs(c)
	if ia.code != nil {
		return "program runs commands"
	}
	for _, a := range c.args {
		if a.known && strings.HasPrefix(a.val, "-") {
			continue
		}
		if !a.known {
			return "program decided at run time"
		}
		if awkWrites(a.val) {
			return "program writes files"
		}
		break
	}
	return ""
}

// awkWrites reports whether an awk program prints into a file.
func awkWrites(prog string) bool {
	for _, p := range []string{"print >", "print>", "printf >", "printf>", "print(", "printf("} {
		i := strings.Index(prog, p)
		if i < 0 {
			continue
		}
		rest := prog[i+len(p):]
		if strings.HasSuffix(p, "(") {
			// print(...) > "file"
			j := strings.IndexByte(rest, ')')
			if j < 0 {
				continue
			}
			rest = strings.TrimLeft(rest[j+1:], " ")
			if !strings.HasPrefix(rest, ">") {
				continue
			}
		}
		return true
	}
	return false
}

// tarCheck: listing and creating archives are known; extracting one
// writes whatever it holds.
func tarCheck(c *cmd, _, _ []arg) string {
	if m := tarMode(c.args); m != 't' && m != 'c' {
		return "-" + string(m)
	}
	return ""
}

// tarMode returns tar's operation letter (c, x, t, r, u, d, A), 0 if
// none is given.
func tarMode(args []arg) byte {
	for i, a := range args {
		v := a.val
		if !a.known {
			continue
		}
		switch v {
		case "--create":
			return 'c'
		case "--extract", "--get":
			return 'x'
		case "--list":
			return 't'
		case "--append":
			return 'r'
		case "--update":
			return 'u'
		case "--diff", "--compare":
			return 'd'
		case "--delete":
			return 'D'
		case "--catenate", "--concatenate":
			return 'A'
		}
		if strings.HasPrefix(v, "--") {
			continue
		}
		letters := v
		if strings.HasPrefix(v, "-") {
			letters = v[1:]
		} else if i > 0 {
			continue // old-style letters come first
		}
		for j := 0; j < len(letters); j++ {
			switch letters[j] {
			case 'c', 'x', 't', 'r', 'u', 'd', 'A':
				return letters[j]
			}
		}
	}
	return 0
}

// unzipCheck: listing and testing are known; extracting writes what the
// archive holds.
func unzipCheck(c *cmd, _, _ []arg) string {
	if hasAnyOpt(c.args, "l", "t", "v", "Z") {
		return ""
	}
	return "extracts"
}

// ghReadSubs are gh's commands that only look.
var ghReadSubs = []knownSpec{
	{name: "--version", any: true},
	{name: "auth", any: true, subs: []knownSpec{{name: "status", any: true}}},
	{name: "issue", any: true, vals: "R repo l label s state", subs: []knownSpec{{name: "list", any: true}, {name: "status", any: true}, {name: "view", any: true}}},
	{name: "pr", any: true, vals: "R repo", subs: []knownSpec{{name: "checks", any: true}, {name: "diff", any: true}, {name: "list", any: true}, {name: "status", any: true}, {name: "view", any: true}}},
	{name: "release", any: true, subs: []knownSpec{{name: "list", any: true}, {name: "view", any: true}}},
	{name: "repo", any: true, subs: []knownSpec{{name: "list", any: true}, {name: "view", any: true}}},
	{name: "run", any: true, subs: []knownSpec{{name: "list", any: true}, {name: "view", any: true}}},
	{name: "status", any: true},
	{name: "version", any: true},
	{name: "workflow", any: true, subs: []knownSpec{{name: "list", any: true}, {name: "view", any: true}}},
}

// helmReadSubs are helm's commands that only look (template renders
// locally).
var helmReadSubs = []knownSpec{
	{name: "env", any: true}, {name: "get", any: true}, {name: "history", any: true}, {name: "lint", any: true},
	{name: "list", any: true}, {name: "ls", any: true}, {name: "search", any: true}, {name: "show", any: true},
	{name: "status", any: true}, {name: "template", any: true}, {name: "version", any: true},
}

// terraformReadSubs are terraform's commands that change no
// infrastructure and run no configuration's programs.
var terraformReadSubs = []knownSpec{
	{name: "fmt", any: true}, {name: "graph", any: true}, {name: "output", any: true}, {name: "providers", any: true},
	{name: "show", any: true}, {name: "state", any: true, subs: []knownSpec{{name: "list", any: true}, {name: "show", any: true}}},
	{name: "validate", any: true}, {name: "version", any: true},
	{name: "workspace", any: true, subs: []knownSpec{{name: "list", any: true}, {name: "show", any: true}}},
}

// opensslReadSubs are openssl's commands that only compute or read.
var opensslReadSubs = []knownSpec{
	{name: "dgst", any: true, deny: "out"}, {name: "help", any: true}, {name: "list", any: true},
	{name: "rand", any: true, deny: "out"}, {name: "verify", any: true}, {name: "version", any: true},
	{name: "x509", any: true, deny: "out"},
}

// versionOnly: the program is known only asked for its version or help.
func versionOnly(_ *cmd, args, _ []arg) string {
	if len(args) == 1 && args[0].known {
		switch args[0].val {
		case "--version", "-V", "-v", "version", "--help", "-h", "-version":
			return ""
		}
	}
	return unknownItself
}

// awsReadCheck: aws commands that describe, list or get (but not
// objects, which it writes to a file) are known.
func awsReadCheck(_ *cmd, _, ops []arg) string {
	if len(ops) == 1 && ops[0].val == "--version" {
		return ""
	}
	if len(ops) < 2 || !ops[0].known || !ops[1].known {
		return "…"
	}
	svc, verb := ops[0].val, ops[1].val
	switch {
	case svc == "s3" && verb == "ls", svc == "sts" && verb == "get-caller-identity", svc == "configure" && verb == "list":
		return ""
	case strings.HasPrefix(verb, "describe-") || strings.HasPrefix(verb, "list-") ||
		strings.HasPrefix(verb, "get-") && verb != "get-object":
		return ""
	}
	return svc + " " + verb
}

// gcloudReadCheck: gcloud commands that list or describe are known.
func gcloudReadCheck(_ *cmd, _, ops []arg) string {
	if len(ops) == 1 && (ops[0].val == "version" || ops[0].val == "info" || ops[0].val == "--version") {
		return ""
	}
	if len(ops) > 0 {
		switch last := ops[len(ops)-1]; {
		case !last.known:
		case last.val == "list" || last.val == "describe" || last.val == "get-value":
			return ""
		}
		for _, o := range ops[:len(ops)-1] {
			if o.val == "list" || o.val == "describe" {
				return ""
			}
		}
		return shortWord(ops[0].val) + "…"
	}
	return "(no command)"
}
