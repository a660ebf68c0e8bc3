module github.com/sashabaranov/go-openai

go 1.21 // herm patch: was 1.18; sync.OnceValue needs 1.21
