module github.com/mattn/go-runewidth

go 1.23

require github.com/clipperhouse/uax29/v2 v2.2.0
