module github.com/dustin/go-humanize

go 1.21 // herm patch: was 1.16; sync.OnceValue needs 1.21
