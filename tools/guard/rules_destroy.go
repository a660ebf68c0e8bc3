package guard

import "strings"

// This file holds the matchers of the rules about destroying data
// without rm — emptying files, removing volumes, pools and cloud
// resources — and about stopping services, changing accounts and
// opening the firewall.

// dataDestroy matches commands that destroy a file's or a volume's
// contents: truncate to nothing, shred without -u (which overwrites),
// fallocate's hole punching, logical volumes, pools and subvolumes
// removed, rsync --delete.
func dataDestroy(c *cmd) (string, *arg) {
	ops := func() []arg { return operands(c.args) }
	switch c.name {
	case "truncate":
		size, ok := longOrShortValue(c.args, "s", "size")
		if ok && size.known && (strings.TrimLeft(size.val, "0") == "" || strings.HasPrefix(size.val, "-") || strings.HasPrefix(size.val, "<") || strings.HasPrefix(size.val, "/")) {
			return "truncate -s " + size.val + " empties or shrinks the file", nil
		}
	case "shred":
		if !hasAnyOpt(c.args, "u", "remove", "zu") {
			for i, o := range ops() {
				if o.known && !isBlockDevice(c.pr.norm(o.val, c.cwd)) {
					return "shred overwrites " + o.val + " beyond recovery", &ops()[i]
				}
			}
		}
	case "fallocate":
		if hasAnyOpt(c.args, "p", "c", "z", "punch-hole", "collapse-range", "zero-range", "insert-range") {
			return "fallocate punches holes in or zeroes the file", nil
		}
	case "lvremove", "vgremove", "pvremove", "lvreduce", "vgreduce":
		return c.name + " removes a volume and what it holds", nil
	case "zpool":
		if o := ops(); len(o) > 0 && contains([]string{"destroy", "labelclear", "remove", "detach"}, o[0].val) {
			return "zpool " + o[0].val + " destroys a storage pool", nil
		}
	case "zfs":
		if o := ops(); len(o) > 0 && (o[0].val == "destroy" || o[0].val == "rollback" && hasAnyOpt(c.args, "r", "R")) {
			return "zfs " + o[0].val + " destroys datasets or snapshots", nil
		}
	case "btrfs":
		if o := ops(); len(o) > 1 && contains([]string{"subvolume", "sub", "device"}, o[0].val) && contains([]string{"delete", "del", "remove"}, o[1].val) {
			return "btrfs " + o[0].val + " " + o[1].val + " destroys a subvolume", nil
		}
	case "mdadm":
		if hasAnyOpt(c.args, "zero-superblock", "fail", "remove") {
			return "mdadm takes a disk out of an array and erases what made it one", nil
		}
	case "dmsetup":
		if o := ops(); len(o) > 0 && contains([]string{"remove", "remove_all", "wipe_table", "clear"}, o[0].val) {
			return "dmsetup " + o[0].val + " removes a device mapping", nil
		}
	case "rsync":
		for _, a := range c.args {
			if a.known && strings.HasPrefix(a.val, "--delete") || a.known && a.val == "--remove-source-files" {
				return "rsync " + a.val + " deletes files", nil
			}
		}
	}
	return "", nil
}

// cloudCLI reports whether name is a command-line tool of a cloud or a
// hosted service, whose subcommands named delete, destroy… remove what
// they name.
func cloudCLI(name string) bool {
	switch name {
	case "aws", "gcloud", "az", "doctl", "hcloud", "linode-cli", "exo", "ibmcloud", "oci", "scw", "vultr-cli",
		"openstack", "gh", "glab", "fly", "flyctl", "vercel", "netlify", "firebase", "heroku", "wrangler",
		"supabase", "railway", "render", "eksctl", "kind", "minikube", "k3d", "vault", "consul", "nomad", "gsutil":
		return true
	}
	return false
}

// destroyVerbs are the subcommand words that remove what they name.
var destroyVerbs = []string{"delete", "destroy", "rm", "remove", "terminate", "purge", "rb", "uninstall", "del", "erase", "drop", "reset"}

// infraDestroy matches commands that delete infrastructure or cloud
// resources: kubectl delete, helm uninstall, terraform destroy, aws s3 rm
// --recursive, gcloud … delete, docker system prune…
func infraDestroy(c *cmd) (string, *arg) {
	switch c.name {
	case "kubectl", "oc", "kubecolor", "helm", "terraform", "tofu", "terragrunt", "cdktf", "pulumi", "cdk",
		"sam", "serverless", "sls", "docker", "podman", "nerdctl":
	default:
		if !cloudCLI(c.name) {
			return "", nil
		}
	}
	ops := operands(c.args)
	opVal := func(i int) string {
		if i < len(ops) && ops[i].known {
			return ops[i].val
		}
		return ""
	}
	switch c.name {
	case "kubectl", "oc", "kubecolor":
		for _, o := range ops {
			switch o.val {
			case "delete", "drain":
				return c.name + " " + o.val + " removes cluster resources", nil
			case "replace":
				if hasAnyOpt(c.args, "force") {
					return c.name + " replace --force deletes and recreates resources", nil
				}
			}
		}
	case "helm":
		if v := opVal(0); v == "uninstall" || v == "delete" || v == "del" || v == "un" {
			return "helm " + v + " removes a release", nil
		}
	case "terraform", "tofu", "terragrunt", "cdktf":
		switch v := opVal(0); {
		case v == "destroy":
			return c.name + " destroy removes the infrastructure", nil
		case v == "apply" && (hasLongWord(c.args, "-destroy") || hasLongWord(c.args, "--destroy")):
			return c.name + " apply -destroy removes the infrastructure", nil
		case v == "apply" && (hasLongWord(c.args, "-auto-approve") || hasLongWord(c.args, "--auto-approve")):
			return c.name + " apply -auto-approve changes infrastructure without showing the plan", nil
		case v == "state" && (opVal(1) == "rm" || opVal(1) == "replace-provider"):
			return c.name + " state rm forgets resources", nil
		case v == "workspace" && opVal(1) == "delete":
			return c.name + " workspace delete removes a workspace's state", nil
		}
	case "pulumi":
		if v := opVal(0); v == "destroy" || v == "down" || v == "stack" && opVal(1) == "rm" {
			return "pulumi " + v + " removes the stack's resources", nil
		}
	case "cdk", "sam", "serverless", "sls":
		if v := opVal(0); v == "destroy" || v == "delete" || v == "remove" {
			return c.name + " " + v + " removes the deployed stack", nil
		}
	case "docker", "podman", "nerdctl":
		return dockerDestroy(c, ops)
	}
	if !cloudCLI(c.name) {
		return "", nil
	}
	if c.name == "aws" && opVal(0) == "s3" {
		switch opVal(1) {
		case "rm", "mv":
			if hasAnyOpt(c.args, "recursive") {
				return "aws s3 " + opVal(1) + " --recursive deletes every object under the prefix", nil
			}
			return "", nil
		case "rb":
			if hasAnyOpt(c.args, "force") {
				return "aws s3 rb --force deletes the bucket and all it holds", nil
			}
			return "", nil
		case "sync":
			if hasAnyOpt(c.args, "delete") {
				return "aws s3 sync --delete deletes files missing from the source", nil
			}
			return "", nil
		}
	}
	if c.name == "gsutil" || c.name == "gcloud" && opVal(0) == "storage" {
		v := opVal(0)
		if c.name == "gcloud" {
			v = opVal(1)
		}
		switch v {
		case "rm":
			if hasAnyOpt(c.args, "r", "R", "a", "recursive") || strings.ContainsAny(opVal(len(ops)-1), "*") {
				return c.name + " rm -r deletes every object under the path", nil
			}
			return "", nil
		case "rb":
			return c.name + " rb deletes a bucket", nil
		}
	}
	for i, o := range ops {
		if !o.known {
			continue
		}
		v := strings.ToLower(o.val)
		verb := v
		if _, after, ok := strings.Cut(v, ":"); ok { // heroku apps:destroy
			verb = after
		}
		if contains(destroyVerbs, verb) || strings.HasPrefix(verb, "delete-") || strings.HasPrefix(verb, "terminate-") ||
			strings.HasPrefix(verb, "remove-") || strings.HasPrefix(verb, "destroy-") || strings.HasPrefix(verb, "deregister-") {
			if c.name == "aws" && i == 0 || c.name == "gh" && verb == "remove" {
				continue
			}
			return c.name + " " + o.val + " deletes what it names", &ops[i]
		}
	}
	return "", nil
}

func dockerDestroy(c *cmd, ops []arg) (string, *arg) {
	if len(ops) == 0 || !ops[0].known {
		return "", nil
	}
	sub := ops[0].val
	rest := ops[1:]
	if (sub == "container" || sub == "image" || sub == "volume" || sub == "network" || sub == "system" ||
		sub == "builder" || sub == "stack" || sub == "service" || sub == "secret" || sub == "config" || sub == "compose") && len(rest) > 0 {
		sub += " " + rest[0].val
		rest = rest[1:]
	}
	name := c.name + " " + sub
	unknownArgs := false
	for _, r := range rest {
		unknownArgs = unknownArgs || !r.known
	}
	switch {
	case strings.HasSuffix(sub, "prune"):
		return name + " deletes every unused container, image, volume or network", nil
	case sub == "volume rm" || sub == "volume remove":
		return name + " deletes volumes and their data", nil
	case sub == "rm" || sub == "container rm" || sub == "rmi" || sub == "image rm":
		if hasAnyOpt(c.args, "f", "force", "v", "volumes") || unknownArgs {
			return name + " -f removes containers or images, running or not", nil
		}
	case sub == "compose down":
		if hasAnyOpt(c.args, "v", "volumes", "rmi") {
			return name + " -v deletes the project's volumes", nil
		}
	case sub == "stack rm" || sub == "service rm" || sub == "secret rm" || sub == "config rm" || sub == "kill" && unknownArgs:
		return name + " removes what it names", nil
	}
	return "", nil
}

// serviceStop matches stopping, disabling or masking system services.
func serviceStop(c *cmd) (string, *arg) {
	switch c.name {
	case "systemctl", "service", "rc-service", "sv", "supervisorctl", "update-rc.d", "chkconfig", "rc-update", "launchctl":
	default:
		return "", nil
	}
	ops := operands(c.args)
	op := func(i int) string {
		if i < len(ops) {
			return ops[i].val
		}
		return ""
	}
	switch c.name {
	case "systemctl":
		switch v := op(0); v {
		case "stop", "disable", "mask", "kill", "isolate", "rescue", "emergency", "freeze":
			return "systemctl " + v + " stops services", nil
		}
	case "service":
		if v := op(1); v == "stop" || v == "disable" {
			return "service " + op(0) + " " + v, nil
		}
	case "rc-service", "sv", "supervisorctl", "update-rc.d", "chkconfig":
		for _, o := range ops {
			if contains([]string{"stop", "down", "disable", "remove", "del", "off", "kill"}, o.val) {
				return c.name + " " + o.val + " stops a service", nil
			}
		}
	case "rc-update":
		if v := op(0); v == "del" || v == "delete" {
			return "rc-update del removes a service from start-up", nil
		}
	case "launchctl":
		switch v := op(0); v {
		case "unload", "bootout", "remove", "disable", "kill", "stop":
			return "launchctl " + v + " stops a service", nil
		}
	}
	return "", nil
}

// accountChange matches commands that create, change or delete user
// accounts and their passwords.
func accountChange(c *cmd) (string, *arg) {
	switch c.name {
	case "useradd", "userdel", "usermod", "adduser", "deluser", "addgroup", "delgroup", "groupadd",
		"groupdel", "groupmod", "chpasswd", "chsh", "chfn", "gpasswd", "vipw", "vigr", "visudo",
		"newusers", "pwconv", "pwunconv":
		return c.name + " changes the machine's accounts", nil
	case "passwd":
		if hasAnyOpt(c.args, "S", "status") {
			return "", nil
		}
		return "passwd changes a password", nil
	case "chage":
		if hasAnyOpt(c.args, "l", "list") {
			return "", nil
		}
		return "chage changes an account's password ageing", nil
	case "sysadminctl":
		return "sysadminctl changes the machine's accounts", nil
	case "dscl":
		for _, a := range c.args {
			if a.known && contains([]string{"-create", "-delete", "-append", "-merge", "-passwd", "-change"}, a.val) {
				return "dscl " + a.val + " changes the machine's accounts", nil
			}
		}
	}
	return "", nil
}

// firewallChange matches commands that change or turn off the firewall.
func firewallChange(c *cmd) (string, *arg) {
	switch c.name {
	case "iptables", "ip6tables", "iptables-legacy", "iptables-nft", "ip6tables-legacy", "ip6tables-nft", "ebtables", "arptables":
		for _, a := range c.args {
			v := a.val
			if !a.known || !strings.HasPrefix(v, "-") {
				continue
			}
			name := strings.TrimLeft(v, "-")
			if strings.HasPrefix(v, "--") && contains([]string{"append", "insert", "delete", "replace", "flush", "delete-chain", "policy", "zero", "new-chain", "rename-chain"}, name) ||
				!strings.HasPrefix(v, "--") && len(name) > 0 && strings.IndexByte("AIDRFXPZNE", name[0]) >= 0 {
				return c.name + " " + v + " changes the firewall", nil
			}
		}
	case "iptables-restore", "ip6tables-restore", "iptables-legacy-restore", "iptables-nft-restore":
		return c.name + " replaces the firewall rules", nil
	case "nft":
		if hasAnyOpt(c.args, "f", "file") {
			return "nft -f replaces firewall rules", nil
		}
		for _, o := range operands(c.args) {
			if contains([]string{"flush", "delete", "add", "insert", "replace", "create", "destroy", "reset"}, o.val) {
				return "nft " + o.val + " changes the firewall", nil
			}
		}
	case "ufw":
		if ops := operands(c.args); len(ops) > 0 && !contains([]string{"status", "show", "version", "app"}, ops[0].val) {
			return "ufw " + ops[0].val + " changes the firewall", nil
		}
	case "firewall-cmd":
		for _, a := range c.args {
			if a.known && (strings.HasPrefix(a.val, "--add-") || strings.HasPrefix(a.val, "--remove-") ||
				strings.HasPrefix(a.val, "--set-") || strings.HasPrefix(a.val, "--panic") || strings.HasPrefix(a.val, "--new-") ||
				strings.HasPrefix(a.val, "--delete-") || a.val == "--complete-reload" || strings.HasPrefix(a.val, "--change-")) {
				return "firewall-cmd " + a.val + " changes the firewall", nil
			}
		}
	case "pfctl":
		if hasAnyOpt(c.args, "d", "F", "f", "e") {
			return "pfctl changes the packet filter", nil
		}
	case "ipfw":
		if ops := operands(c.args); len(ops) > 0 && contains([]string{"flush", "delete", "add", "disable"}, ops[0].val) {
			return "ipfw " + ops[0].val + " changes the firewall", nil
		}
	}
	return "", nil
}
