package guard

import "strings"

// gitDestructive matches git commands that destroy history or uncommitted
// work: forced or deleting pushes, reset --hard, clean -f, branch -D,
// checkout/restore over local changes, stash drop, filter-branch, reflog
// expiry and pruning.
func gitDestructive(c *cmd) (string, *arg) {
	if c.name != "git" {
		return "", nil
	}
	_, rest := splitOpts(c.args, "Cc", "git-dir", "work-tree", "namespace", "super-prefix", "config-env", "exec-path")
	if len(rest) == 0 || !rest[0].known {
		return "", nil
	}
	sub, args := rest[0].val, rest[1:]
	switch sub {
	case "push":
		return gitPush(args)
	case "reset":
		if hasLongWord(args, "--hard") {
			return "git reset --hard discards uncommitted changes", nil
		}
	case "clean":
		if hasAnyOpt(args, "f", "force") && !hasAnyOpt(args, "n", "dry-run") {
			return "git clean -f deletes untracked files", nil
		}
	case "branch":
		if hasAnyOpt(args, "D") || hasAnyOpt(args, "d", "delete") && hasAnyOpt(args, "f", "force") {
			return "git branch -D deletes a branch even if it is not merged", nil
		}
	case "checkout":
		if hasAnyOpt(args, "f", "force") {
			return "git checkout -f discards uncommitted changes", nil
		}
		seenDashes := false
		for _, a := range args {
			switch {
			case a.known && a.val == "--":
				seenDashes = true
			case seenDashes || a.known && (a.val == "." || a.val == ":/"):
				return "git checkout of paths discards their uncommitted changes", nil
			}
		}
	case "restore":
		staged := hasAnyOpt(args, "S", "staged")
		worktree := hasAnyOpt(args, "W", "worktree")
		if !staged || worktree {
			return "git restore discards uncommitted changes", nil
		}
	case "switch":
		if hasAnyOpt(args, "f", "force", "discard-changes") {
			return "git switch --discard-changes discards uncommitted changes", nil
		}
	case "stash":
		if ops := operands(args); len(ops) > 0 && (ops[0].val == "drop" || ops[0].val == "clear") {
			return "git stash " + ops[0].val + " deletes stashed work", nil
		}
	case "filter-branch", "filter-repo":
		return "git " + sub + " rewrites history", nil
	case "reflog":
		if ops := operands(args); len(ops) > 0 && (ops[0].val == "expire" || ops[0].val == "delete") {
			return "git reflog " + ops[0].val + " removes the record of earlier states", nil
		}
	case "gc":
		for i, a := range args {
			if a.val == "--prune=now" || a.val == "--prune=all" ||
				a.val == "--prune" && i+1 < len(args) && (args[i+1].val == "now" || args[i+1].val == "all") {
				return "git gc --prune=now deletes unreachable commits", nil
			}
		}
	case "update-ref":
		if hasAnyOpt(args, "d") {
			return "git update-ref -d deletes a ref", nil
		}
	}
	return "", nil
}

func gitPush(args []arg) (string, *arg) {
	var ops []arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		switch {
		case !a.known:
			ops = append(ops, a)
		case v == "-o" || v == "--push-option" || v == "--repo" || v == "--receive-pack" || v == "--exec":
			i++
		case strings.HasPrefix(v, "--force") || v == "--mirror" || v == "--delete" || v == "--prune":
			name, _, _ := strings.Cut(v, "=")
			return "git push " + name + " can overwrite or delete remote history", &args[i]
		case strings.HasPrefix(v, "--"):
		case len(v) > 1 && v[0] == '-':
			if strings.ContainsAny(v[1:], "fd") {
				return "git push " + v + " can overwrite or delete remote history", &args[i]
			}
		default:
			ops = append(ops, a)
		}
	}
	// ops[0] is the remote; the rest are refspecs. +ref forces, :ref
	// deletes.
	for i := 1; i < len(ops); i++ {
		if strings.HasPrefix(ops[i].val, "+") {
			return "git push " + ops[i].val + " forces the update", &ops[i]
		}
		if strings.HasPrefix(ops[i].val, ":") && len(ops[i].val) > 1 {
			return "git push " + ops[i].val + " deletes a remote branch", &ops[i]
		}
	}
	return "", nil
}
