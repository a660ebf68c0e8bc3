package store

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"gorm.io/gorm/schema"
)

// TestModelsMatchSchema: every row struct names exactly its table's
// columns, in the table's order and with its primary key, so GORM and the
// migrations cannot drift apart; and the raw reads of sessions select
// sessionRow's columns.
func TestModelsMatchSchema(t *testing.T) {
	s := openTest(t)
	models := []schema.Tabler{
		sessionRow{}, grantRow{}, eventRow{}, jobRow{}, jobRunRow{}, routeRow{}, inboxRow{},
		pairingRequestRow{}, pairedUserRow{}, pairingThrottleRow{}, pairingLockoutRow{}, snapshotRow{},
	}
	cache := &sync.Map{}
	for _, m := range models {
		sch, err := schema.Parse(m, cache, schema.NamingStrategy{})
		if err != nil {
			t.Fatalf("%T: %v", m, err)
		}
		var cols, keys []string
		for _, f := range sch.Fields {
			cols = append(cols, f.DBName)
			if f.PrimaryKey {
				keys = append(keys, f.DBName)
			}
			if f.AutoCreateTime != 0 || f.AutoUpdateTime != 0 {
				t.Errorf("%T.%s: GORM would set it itself; times are herm's nanoseconds", m, f.Name)
			}
		}
		var tableCols, tableKeys []string
		rows, err := s.r.Query(`SELECT name, pk FROM pragma_table_info(?) ORDER BY cid`, m.TableName())
		if err != nil {
			t.Fatal(err)
		}
		pks := map[int]string{}
		for rows.Next() {
			var name string
			var pk int
			if err := rows.Scan(&name, &pk); err != nil {
				t.Fatal(err)
			}
			tableCols = append(tableCols, name)
			if pk > 0 {
				pks[pk] = name
			}
		}
		rows.Close()
		for i := 1; i <= len(pks); i++ {
			tableKeys = append(tableKeys, pks[i])
		}
		if !slices.Equal(cols, tableCols) {
			t.Errorf("%T maps %v;\n%s has %v", m, cols, m.TableName(), tableCols)
		}
		if !slices.Equal(keys, tableKeys) {
			t.Errorf("%T has primary key %v; %s has %v", m, keys, m.TableName(), tableKeys)
		}
		if m.TableName() == "sessions" {
			if got := strings.Fields(strings.ReplaceAll(sessionColumns, ",", " ")); !slices.Equal(got, cols) {
				t.Errorf("sessionColumns = %v, want sessionRow's %v", got, cols)
			}
		}
	}
}
