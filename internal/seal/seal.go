// Package seal signs the records herm keeps about its own safety — the
// approval grants a person saved, the safety-lowering settings a person
// confirmed — so that one written by anything but herm is refused.
//
// Those records live where a command the model runs could write them
// (state.db, a file in HERM_HOME). A record carries an HMAC-SHA256 over
// its content, keyed with a secret only herm reads (HERM_HOME/.herm-key,
// 0600, which the sandbox makes unreadable to commands): writing a record
// is easy, writing one whose MAC verifies needs the key.
//
// A Key never prints itself; nothing herm logs, shows or sends may carry
// it (Encoded is for the redactor only).
package seal

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// keySize is the key's length in bytes: HMAC-SHA256's block is 64 bytes,
// and 32 random bytes are as strong as the hash.
const keySize = 32

// Key is the secret herm signs its safety records with. The zero Key and
// a nil *Key sign nothing and verify nothing.
type Key struct{ b []byte }

// Generate returns a new random key that lives only in memory (for tests,
// and for processes that keep nothing).
func Generate() (*Key, error) {
	b := make([]byte, keySize)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("make a signing key: %w", err)
	}
	return &Key{b: b}, nil
}

// Open reads the key at path, creating it (0600, random) if there is none.
// Creation is atomic: the key is written to a temporary file and linked
// into place only if path still does not exist, so two herm processes
// starting together end up with the same key and no reader ever sees a
// part-written one. The directory must exist.
func Open(path string) (*Key, error) {
	k, err := Read(path)
	if err != nil || k != nil {
		return k, err
	}
	fresh, err := Generate()
	if err != nil {
		return nil, err
	}
	if err := create(path, fresh); err != nil {
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		// Another process created it first: use that one.
		if k, err = Read(path); err != nil || k != nil {
			return k, err
		}
		return nil, fmt.Errorf("signing key %s vanished while herm created it", path)
	}
	return fresh, nil
}

// create links a file holding k to path; it fails with fs.ErrExist when
// path exists.
func create(path string, k *Key) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("create signing key %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.WriteString(k.Encoded() + "\n")
	if err == nil {
		err = tmp.Chmod(0o600)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("create signing key %s: %w", path, err)
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return err
		}
		return fmt.Errorf("create signing key %s: %w", path, err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync() // best effort: makes the link itself durable
		d.Close()
	}
	return nil
}

// Read reads the key at path; a missing file is (nil, nil): nothing was
// ever signed there. A file that is not a key is an error naming it.
func Read(path string) (*Key, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read signing key %s: %w", path, err)
	}
	b, err := hex.DecodeString(strings.TrimSpace(string(data)))
	if err != nil || len(b) != keySize {
		return nil, fmt.Errorf("%s is not a herm signing key (%d hex digits); remove it to make a new one (grants and confirmations signed with it must then be given again)", path, 2*keySize)
	}
	return &Key{b: b}, nil
}

// Sum returns the MAC of a record: purpose names the kind of record (so a
// MAC of one kind never verifies as another) and fields are its content,
// in a fixed order. Fields are length-prefixed, so no two different lists
// encode alike. It returns "" for a nil key.
func (k *Key) Sum(purpose string, fields ...string) string {
	if k == nil || len(k.b) == 0 {
		return ""
	}
	m := hmac.New(sha256.New, k.b)
	var n [8]byte
	for _, f := range append([]string{purpose}, fields...) {
		binary.BigEndian.PutUint64(n[:], uint64(len(f)))
		m.Write(n[:])
		m.Write([]byte(f))
	}
	return hex.EncodeToString(m.Sum(nil))
}

// Verify reports whether mac is the MAC of the record, in constant time.
// A nil key verifies nothing.
func (k *Key) Verify(mac, purpose string, fields ...string) bool {
	want := k.Sum(purpose, fields...)
	return want != "" && hmac.Equal([]byte(mac), []byte(want))
}

// Encoded is the key as its file holds it. It exists so the redactor can
// hide the key should it ever appear in a command's output; nothing else
// may use it.
func (k *Key) Encoded() string {
	if k == nil {
		return ""
	}
	return hex.EncodeToString(k.b)
}

// String hides the key from fmt and loggers.
func (Key) String() string { return "seal.Key(hidden)" }

// GoString hides the key from %#v.
func (k Key) GoString() string { return k.String() }
