package store

// schemaV5 keeps what a conversation needs beyond its text:
//
//   - message_images: the images a person attached to a user message,
//     stored inline (at most MaxImageBytes each) so a resumed session sends
//     them to the model again. seq keeps their order within the message.
//   - file_snapshots: the content a file had before the agent first wrote
//     it (write_file, patch) after a user message, so /rewind to that
//     message can put it back. existed = 0 records that the file did not
//     exist (rewinding removes it).
//
// Both follow their message: deleting messages (undo, rewind, prune)
// deletes their images and snapshots.
const schemaV5 = `
CREATE TABLE message_images (
	message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
	seq        INTEGER NOT NULL,
	session_id TEXT NOT NULL,
	media_type TEXT NOT NULL,
	data       BLOB NOT NULL,
	PRIMARY KEY (message_id, seq)
) STRICT;

CREATE INDEX message_images_session ON message_images (session_id, message_id);

CREATE TABLE file_snapshots (
	id         INTEGER PRIMARY KEY,
	session_id TEXT NOT NULL,
	message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
	path       TEXT NOT NULL,
	existed    INTEGER NOT NULL,
	mode       INTEGER NOT NULL DEFAULT 0,
	data       BLOB,
	created_at INTEGER NOT NULL,
	UNIQUE (message_id, path)
) STRICT;

CREATE INDEX file_snapshots_session ON file_snapshots (session_id, message_id);
`
