package main

import (
	"database/sql"
	"os"
	"fmt"
	"testing"
	"time"

	_ "github.com/glebarez/go-sqlite"
)

func TestVocab(t *testing.T) {
	db, err := sql.Open("sqlite", "file:"+os.Getenv("DB")+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]string{{"con", "coo"}, {"tes", "tet"}, {"test", "tesu"}, {"com", "con"}, {"dep", "deq"}, {"kub", "kuc"}} {
		for _, q := range []string{
			`SELECT count(*) FROM (SELECT term FROM messages_fts_vocab WHERE term >= ? AND term < ? LIMIT 65)`,
			`SELECT count(*) FROM (SELECT term FROM messages_fts_vocab WHERE term >= ? AND term < ? ORDER BY doc DESC LIMIT 64)`,
			`SELECT sum(doc) FROM (SELECT doc FROM messages_fts_vocab WHERE term >= ? AND term < ?)`,
		} {
			t0 := time.Now()
			var n int
			if err := db.QueryRow(q, p[0], p[1]).Scan(&n); err != nil {
				t.Fatal(err)
			}
			fmt.Printf("%s: n=%d %.1f ms\n", p[0], n, float64(time.Since(t0).Microseconds())/1000)
		}
	}
}

func TestList(t *testing.T) {
	db, _ := sql.Open("sqlite", "file:"+os.Getenv("DB")+"?mode=ro")
	for _, p := range [][2]string{{"con", "coo"}, {"tes", "tet"}} {
		rows, _ := db.Query(`SELECT term, doc FROM messages_fts_vocab WHERE term >= ? AND term < ?`, p[0], p[1])
		for rows.Next() {
			var s string
			var n int
			rows.Scan(&s, &n)
			fmt.Print(s, ":", n, " ")
		}
		rows.Close()
		fmt.Println()
	}
}

func TestBounds(t *testing.T) {
	db, _ := sql.Open("sqlite", "file:"+os.Getenv("DB")+"?mode=ro")
	for _, q := range []struct{ q, a, b string }{
		{`SELECT count(*) FROM messages_fts_vocab WHERE term >= ? AND term < ?`, "con", "config"},
		{`SELECT count(*) FROM messages_fts_vocab WHERE term >= ? AND term <= ?`, "con", "confif\xff"},
		{`SELECT count(*) FROM messages_fts_vocab WHERE term >= ? AND term < ?`, "config\x01", "context"},
		{`SELECT count(*) FROM messages_fts_vocab WHERE term > ? AND term <= ?`, "config", "contexs\xff"},
		{`SELECT count(*) FROM messages_fts_vocab WHERE term >= ? AND term <= ?`, "config\x01", "contexs\xff"},
	} {
		t0 := time.Now()
		var n int
		db.QueryRow(q.q, q.a, q.b).Scan(&n)
		fmt.Printf("%q %q %q n=%d %.1f ms\n", q.q[40:], q.a, q.b, n, float64(time.Since(t0).Microseconds())/1000)
	}
}
