package guard

import "strings"

// sqlClient returns the SQL a database client is given on its command
// line, and whether it reads SQL from its input (no SQL given).
func sqlClient(c *cmd) (sql []arg, readsInput bool, ok bool) {
	switch c.name {
	case "sqlite3", "sqlite", "duckdb":
		// sqlite3 [OPTIONS] FILE [SQL]…; its long options have one dash.
		var ops []arg
		for i := 0; i < len(c.args); i++ {
			a := c.args[i]
			name := strings.TrimLeft(a.val, "-")
			switch {
			case !a.known || !strings.HasPrefix(a.val, "-") || a.val == "-":
				ops = append(ops, a)
			case name == "cmd" || name == "c" && c.name == "duckdb":
				if i+1 < len(c.args) {
					sql = append(sql, c.args[i+1])
					i++
				}
			case contains([]string{"init", "separator", "newline", "nullvalue", "vfs", "mmap", "maxsize", "A", "s"}, name):
				i++
			case name == "pagecache" || name == "lookaside" || name == "heap":
				i += 2
			}
		}
		if len(ops) > 1 {
			sql = append(sql, ops[1:]...)
		}
		return sql, len(sql) == 0, true
	case "psql":
		sql = optValues(c.args, 'c', "command", "dfhLopPRTUvF",
			"dbname", "file", "host", "log-file", "output", "port", "pset", "record-separator",
			"table-attr", "username", "variable", "field-separator", "set")
		if len(sql) == 0 && len(optValues(c.args, 'f', "file", "dfhLopPRTUvF")) > 0 {
			return nil, false, true
		}
		return sql, len(sql) == 0, true
	case "mysql", "mariadb":
		sql = optValues(c.args, 'e', "execute", "uhPDSe", "user", "host", "port", "database", "socket")
		return sql, len(sql) == 0, true
	case "redis-cli":
		_, rest := splitOpts(c.args, "hpansurid", "user", "pass")
		if len(rest) > 0 {
			return rest[:1], false, true
		}
		return nil, true, true
	}
	return nil, false, false
}

// optValues returns every value given to -short/--long anywhere in args
// (GNU tools take options after operands too). shortVal and longVal list
// the options that take a value, so their values are not read as options.
func optValues(args []arg, short byte, long string, shortVal string, longVal ...string) []arg {
	var out []arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		if !a.known || len(v) < 2 || v[0] != '-' {
			continue
		}
		if strings.HasPrefix(v, "--") {
			name, val, hasVal := strings.Cut(v[2:], "=")
			switch {
			case name == long && hasVal:
				a.val = val
				out = append(out, a)
			case name == long && i+1 < len(args):
				out = append(out, args[i+1])
				i++
			case !hasVal && contains(longVal, name):
				i++
			}
			continue
		}
		for j := 1; j < len(v); j++ {
			if strings.IndexByte(shortVal, v[j]) < 0 && v[j] != short {
				continue
			}
			if j+1 < len(v) {
				if v[j] == short {
					a.val = v[j+1:]
					out = append(out, a)
				}
			} else if i+1 < len(args) {
				if v[j] == short {
					out = append(out, args[i+1])
				}
				i++
			}
			break
		}
	}
	return out
}

func sqlDestructive(c *cmd) (string, *arg) {
	sql, _, ok := sqlClient(c)
	if !ok {
		return "", nil
	}
	for i, s := range sql {
		if !s.known {
			continue
		}
		if c.name == "redis-cli" {
			if u := strings.ToUpper(s.val); u == "FLUSHALL" || u == "FLUSHDB" {
				return "redis-cli " + u + " deletes every key", &sql[i]
			}
			continue
		}
		if d := destructiveSQL(s.val); d != "" {
			return d, &sql[i]
		}
	}
	return "", nil
}

func sqlFed(sink *cmd, f *feed) string {
	if !f.known {
		return ""
	}
	if _, readsInput, ok := sqlClient(sink); ok && readsInput && sink.name != "redis-cli" {
		return destructiveSQL(f.text)
	}
	return ""
}

// destructiveSQL returns what is destructive in a SQL script: DROP,
// TRUNCATE, DELETE or UPDATE without WHERE, ALTER … DROP. Strings and
// comments are skipped, so INSERT … VALUES ('drop table') is not.
func destructiveSQL(sql string) string {
	var stmt []string
	for tok := range sqlTokens(sql) {
		if tok != ";" {
			if len(stmt) < 64 {
				stmt = append(stmt, tok)
			}
			continue
		}
		if d := judgeSQL(stmt); d != "" {
			return d
		}
		stmt = stmt[:0]
	}
	return judgeSQL(stmt)
}

func judgeSQL(kw []string) string {
	if len(kw) == 0 {
		return ""
	}
	has := func(w string) bool { return contains(kw, w) }
	switch kw[0] {
	case "DROP":
		what := ""
		if len(kw) > 1 {
			what = " " + kw[1]
		}
		return "DROP" + what
	case "TRUNCATE":
		return "TRUNCATE"
	case "DELETE":
		if !has("WHERE") {
			return "DELETE without WHERE"
		}
	case "UPDATE":
		if !has("WHERE") {
			return "UPDATE without WHERE"
		}
	case "ALTER":
		if has("DROP") {
			return "ALTER … DROP"
		}
	}
	return ""
}

// sqlTokens yields the upper-cased keywords and identifiers of sql, and
// ";" between statements; strings, quoted identifiers and comments are
// skipped.
func sqlTokens(sql string) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		for i := 0; i < len(sql); {
			ch := sql[i]
			switch {
			case ch == ';':
				if !yield(";") {
					return
				}
				i++
			case ch == '-' && strings.HasPrefix(sql[i:], "--"), ch == '#':
				if j := strings.IndexByte(sql[i:], '\n'); j >= 0 {
					i += j + 1
				} else {
					return
				}
			case ch == '/' && strings.HasPrefix(sql[i:], "/*"):
				if j := strings.Index(sql[i+2:], "*/"); j >= 0 {
					i += j + 4
				} else {
					return
				}
			case ch == '\'' || ch == '"' || ch == '`':
				j := i + 1
				for j < len(sql) && sql[j] != ch {
					j++
				}
				i = j + 1
			case isWordByte(ch):
				j := i
				for j < len(sql) && isWordByte(sql[j]) {
					j++
				}
				if !yield(strings.ToUpper(sql[i:j])) {
					return
				}
				i = j
			default:
				i++
			}
		}
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// hermTables are tables of herm's database whose names say that SQL
// given a database decided at run time is aimed at herm's.
var hermTables = []string{"approval_grants", "pairing_users", "pairing_requests", "pairing_lockout", "cron_jobs", "gateway_routes", "file_snapshots"}

// sqliteDB returns the database file a sqlite3 command line opens.
func sqliteDB(c *cmd) (arg, bool) {
	switch c.name {
	case "sqlite3", "sqlite", "litecli":
	default:
		return arg{}, false
	}
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		name := strings.TrimLeft(a.val, "-")
		switch {
		case !a.known || !strings.HasPrefix(a.val, "-"):
			return a, true
		case contains([]string{"cmd", "init", "separator", "newline", "nullvalue", "vfs", "mmap", "maxsize", "A", "s"}, name):
			i++
		case name == "pagecache" || name == "lookaside" || name == "heap":
			i += 2
		}
	}
	return arg{}, false
}

// isHermDB reports whether db names herm's own database.
func (c *cmd) isHermDB(db arg) bool {
	if !db.known || c.pr == nil {
		return false
	}
	p := db.val
	// file:~/.herm/state.db?mode=rw, a SQLite URI.
	if rest, ok := strings.CutPrefix(p, "file:"); ok {
		p, _, _ = strings.Cut(strings.TrimPrefix(rest, "//"), "?")
	}
	return c.pr.isHermFile(c.pr.norm(p, c.cwd), "state.db")
}

// writesSQL returns what in a SQL script (sqlite3's dot-commands
// included) changes the database, "" when it only reads.
func writesSQL(sql string) string {
	for _, line := range strings.Split(sql, "\n") {
		l := strings.ToLower(strings.TrimSpace(line))
		for _, d := range []string{".import", ".restore", ".read", ".load", ".shell", ".system", ".recover", ".edit"} {
			if strings.HasPrefix(l, d+" ") || l == d {
				return d
			}
		}
	}
	var stmt []string
	judge := func() string {
		if len(stmt) == 0 {
			return ""
		}
		switch stmt[0] {
		case "INSERT", "UPDATE", "DELETE", "REPLACE", "DROP", "CREATE", "ALTER", "ATTACH", "VACUUM", "REINDEX", "UPSERT":
			return stmt[0]
		case "WITH":
			for _, w := range stmt {
				if w == "INSERT" || w == "UPDATE" || w == "DELETE" || w == "REPLACE" {
					return "WITH … " + w
				}
			}
		case "PRAGMA":
			return "PRAGMA" // a PRAGMA that only reads has no value, but may still change a setting
		}
		return ""
	}
	for tok := range sqlTokens(sql) {
		if tok != ";" {
			if len(stmt) < 64 {
				stmt = append(stmt, tok)
			}
			continue
		}
		if d := judge(); d != "" {
			return d
		}
		stmt = stmt[:0]
	}
	return judge()
}

// attachedHermDB reports whether SQL attaches herm's database to
// another one (ATTACH '~/.herm/state.db' AS h; INSERT INTO h.…).
func attachedHermDB(c *cmd, sql string) bool {
	if !strings.Contains(strings.ToUpper(sql), "ATTACH") {
		return false
	}
	for _, part := range strings.Split(sql, "'")[1:] {
		if c.isHermDB(arg{val: part, known: true}) {
			return true
		}
	}
	return false
}

// hermStateSQL matches SQL that changes herm's database: given to
// sqlite3 on its command line, or attached from another database.
func hermStateSQL(c *cmd) (string, *arg) {
	db, ok := sqliteDB(c)
	if !ok {
		return "", nil
	}
	sql, _, _ := sqlClient(c)
	herm := c.isHermDB(db)
	for i, s := range sql {
		if !s.known {
			continue
		}
		if d := writesSQL(s.val); d != "" && (herm || attachedHermDB(c, s.val)) {
			return c.name + " runs " + d + " on herm's database", &sql[i]
		}
	}
	return "", nil
}

// hermStateFed matches SQL that changes herm's database fed to sqlite3:
// a here-document, a pipe of known text.
func hermStateFed(sink *cmd, f *feed) string {
	db, ok := sqliteDB(sink)
	if !ok || !f.known || !sink.isHermDB(db) {
		return ""
	}
	if _, readsInput, _ := sqlClient(sink); !readsInput {
		return ""
	}
	if d := writesSQL(f.text); d != "" {
		return sink.name + " runs " + d + " on herm's database"
	}
	return ""
}

// hermStateUnknownSQL matches SQL nobody can read in advance run on
// herm's database — from a variable or a file — and SQL that changes
// herm's tables in a database decided at run time.
func hermStateUnknownSQL(c *cmd) (string, *arg) {
	db, ok := sqliteDB(c)
	if !ok {
		return "", nil
	}
	sql, _, _ := sqlClient(c)
	if c.isHermDB(db) {
		for i, s := range sql {
			if !s.known {
				return c.name + " runs SQL decided at run time on herm's database", &sql[i]
			}
		}
		return "", nil
	}
	if db.known {
		return "", nil
	}
	for i, s := range sql {
		if s.known && containsAny(strings.ToLower(s.val), hermTables...) && writesSQL(s.val) != "" {
			return c.name + " changes herm's tables in a database decided at run time", &sql[i]
		}
	}
	return "", nil
}

// hermStateUnknownFed matches input nobody can read in advance fed to
// sqlite3 on herm's database: a file, a pipe of a command's output.
func hermStateUnknownFed(sink *cmd, f *feed) string {
	db, ok := sqliteDB(sink)
	if !ok || f.known || !sink.isHermDB(db) {
		return ""
	}
	if _, readsInput, _ := sqlClient(sink); !readsInput {
		return ""
	}
	return sink.name + " runs SQL from " + f.kind + " on herm's database"
}
