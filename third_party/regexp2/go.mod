module github.com/dlclark/regexp2

go 1.21 // herm patch: was 1.13; sync.OnceValue needs 1.21
