package gateway

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"strings"
	"time"

	"github.com/herm-dev/herm/internal/clock"
	"github.com/herm-dev/herm/store"
)

// Pairing codes (SPEC "Gateway"): 8 characters from an alphabet without the
// look-alikes 0/O and 1/I.
const (
	pairingAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	pairingCodeLen  = 8
)

// DefaultPairingLimits are SPEC's limits: codes live an hour, at most three
// wait per platform, a user may ask once per ten minutes, and five wrong
// codes in a row lock approvals for an hour.
func DefaultPairingLimits() store.PairingLimits {
	return store.PairingLimits{TTL: time.Hour, UserInterval: 10 * time.Minute, Lockout: time.Hour, MaxPending: 3, MaxFailures: 5}
}

// Pairing lets an unknown user in after the owner approves the code herm
// sent them. Only a salted hash of each code is stored, and codes are never
// logged.
type Pairing struct {
	Store  *store.Store
	Limits store.PairingLimits
	Clock  clock.Clock
}

func (p *Pairing) now() time.Time {
	if p.Clock == nil {
		return time.Now()
	}
	return p.Clock.Now()
}

func (p *Pairing) limits() store.PairingLimits {
	if p.Limits.MaxPending == 0 {
		return DefaultPairingLimits()
	}
	return p.Limits
}

// Request issues a code for an unknown user. The store's errors say why
// none was issued (store.ErrPairingThrottled, ErrPairingFull,
// ErrPairingLocked).
func (p *Pairing) Request(ctx context.Context, platform string, u User, chatID string) (string, error) {
	code := newPairingCode()
	var salt [16]byte
	_, _ = rand.Read(salt[:])
	var id [8]byte
	_, _ = rand.Read(id[:])
	req := &store.PairingRequest{ID: hex.EncodeToString(id[:]), Platform: platform, UserID: u.ID, UserName: u.Display(),
		ChatID: chatID, Salt: hex.EncodeToString(salt[:]), CodeHash: hashCode(code, salt[:])}
	if err := p.Store.CreatePairingRequest(ctx, req, p.limits(), p.now()); err != nil {
		return "", err
	}
	return code, nil
}

// Approve pairs the user whose pending code is code. Case, spaces and
// dashes do not matter. A wrong code counts towards the lockout.
func (p *Pairing) Approve(ctx context.Context, platform, code string) (*store.PairedUser, error) {
	code = normalizeCode(code)
	return p.Store.ApprovePairing(ctx, platform, func(r store.PairingRequest) bool {
		salt, err := hex.DecodeString(r.Salt)
		if err != nil {
			return false
		}
		return subtle.ConstantTimeCompare([]byte(hashCode(code, salt)), []byte(r.CodeHash)) == 1
	}, p.limits(), p.now())
}

// Pending lists unexpired requests ("" = every platform).
func (p *Pairing) Pending(ctx context.Context, platform string) ([]store.PairingRequest, error) {
	return p.Store.PairingRequests(ctx, platform, p.now())
}

// Paired reports whether the owner approved this user.
func (p *Pairing) Paired(ctx context.Context, platform, userID string) (bool, error) {
	return p.Store.IsPaired(ctx, platform, userID)
}

func newPairingCode() string {
	var b [pairingCodeLen]byte
	out := make([]byte, pairingCodeLen)
	_, _ = rand.Read(b[:])
	for i := range out {
		// 32 symbols: the low five bits of a random byte are uniform.
		out[i] = pairingAlphabet[b[i]&31]
	}
	return string(out)
}

func normalizeCode(code string) string {
	return strings.ToUpper(strings.NewReplacer(" ", "", "-", "", "\t", "").Replace(strings.TrimSpace(code)))
}

func hashCode(code string, salt []byte) string {
	h := sha256.New()
	h.Write(salt)
	h.Write([]byte(code))
	return hex.EncodeToString(h.Sum(nil))
}
