package store

// schemaV6 signs approval grants: mac is an HMAC over the grant's content
// with the key only herm reads (internal/seal), so a grant a command
// inserted into state.db is not honoured. Grants from before the column
// have an empty mac and are listed as unsigned, never honoured: they were
// writable by the model's commands.
const schemaV6 = `
ALTER TABLE approval_grants ADD COLUMN mac TEXT NOT NULL DEFAULT '';
`
