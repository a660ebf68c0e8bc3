module github.com/joho/godotenv

go 1.21 // herm patch: was 1.12; sync.OnceValue needs 1.21
