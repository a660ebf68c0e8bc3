package main

import (
	"database/sql"
	"fmt"
	"os"
	"testing"
	"time"
)

func TestSegs(t *testing.T) {
	path := os.Getenv("DB")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	db.QueryRow(`SELECT count(DISTINCT segid) FROM messages_fts_idx`).Scan(&n)
	fmt.Println("segments:", n)
	rows, _ := db.Query(`SELECT segid, count(*) FROM messages_fts_idx GROUP BY segid`)
	for rows.Next() {
		var a, b int
		rows.Scan(&a, &b)
		fmt.Print(a, ":", b, " ")
	}
	rows.Close()
	fmt.Println()
	if os.Getenv("OPT") != "" {
		t0 := time.Now()
		if _, err := db.Exec(os.Getenv("OPT")); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("%s: %.1f s\n", os.Getenv("OPT"), time.Since(t0).Seconds())
	}
}
