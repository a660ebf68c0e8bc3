package clause

type With struct{}
