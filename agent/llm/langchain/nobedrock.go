//go:build !herm_bedrock

package langchain

// bedrockMissing explains why langchain:bedrock is not in this binary. The
// AWS SDK adds 3.7 MB to the binary and about a millisecond of package
// initialisation (endpoint tables, regular expressions) to every start of
// herm, including `herm --version`, whether or not Bedrock is used.
const bedrockMissing = "langchain:bedrock is not built into this herm binary: the AWS SDK it needs adds 3.7 MB and about 1 ms to every start-up. " +
	"Rebuild herm with Bedrock: go build -tags herm_bedrock ."

func bedrockConstructor() constructor { return nil }
