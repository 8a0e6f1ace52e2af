package cookies

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/pbkdf2"
	"crypto/sha1"
	"crypto/sha256"
	"errors"
	"fmt"
	"unicode/utf8"
)

// keyringFunc returns the browser's "Safe Storage" password from the
// system keyring, for the Secret Service application name app.
type keyringFunc func(app string) (string, error)

var (
	errKeyring  = errors.New("the system keyring did not give Haul the browser's key")
	errAppBound = errors.New("Chrome's app-bound encryption on Windows")
	errUnknown  = errors.New("a cookie is encrypted in a way Haul does not know")
)

// linuxPassword is the password Chromium uses on Linux when it stores no
// key in a keyring (v10 values).
const linuxPassword = "peanuts"

// decrypter decrypts Chromium cookie values on Linux: "v10" values with the
// fixed password, "v11" values with the keyring's password, or with an empty
// one when the keyring had none.
type decrypter struct {
	app        string
	keyring    keyringFunc
	hashPrefix bool // values start with the SHA-256 of their host
	keys       map[string][][]byte
}

// decrypt returns the plain value of an encrypted cookie.
func (d *decrypter) decrypt(enc []byte) (string, error) {
	if len(enc) < 3 {
		return "", errUnknown
	}
	version, data := string(enc[:3]), enc[3:]
	keys, err := d.keysFor(version)
	if err != nil {
		return "", err
	}
	for _, key := range keys {
		if plain, ok := decryptCBC(key, data); ok {
			if v, ok := d.strip(plain); ok {
				return v, nil
			}
		}
	}
	if version == "v11" {
		return "", errKeyring
	}
	return "", errUnknown
}

// keysFor returns the candidate keys for a value version.
func (d *decrypter) keysFor(version string) ([][]byte, error) {
	if keys, ok := d.keys[version]; ok {
		return keys, nil
	}
	var passwords []string
	switch version {
	case "v10":
		passwords = []string{linuxPassword}
	case "v11":
		if d.keyring != nil {
			if p, err := d.keyring(d.app); err == nil && p != "" {
				passwords = append(passwords, p)
			}
		}
		passwords = append(passwords, "")
	default:
		return nil, fmt.Errorf("%w (%q)", errUnknown, version)
	}
	keys := make([][]byte, len(passwords))
	for i, p := range passwords {
		keys[i] = deriveKey(p)
	}
	if d.keys == nil {
		d.keys = map[string][][]byte{}
	}
	d.keys[version] = keys
	return keys, nil
}

// strip removes the host hash that newer databases put before the value,
// and checks the result is text.
func (d *decrypter) strip(plain []byte) (string, bool) {
	if d.hashPrefix {
		if len(plain) < sha256.Size {
			return "", false
		}
		plain = plain[sha256.Size:]
	}
	return string(plain), utf8.Valid(plain)
}

// deriveKey turns a password into Chromium's AES-128 key on Linux.
func deriveKey(password string) []byte {
	key, _ := pbkdf2.Key(sha1.New, password, []byte("saltysalt"), 1, 16) // fixed, valid parameters
	return key
}

// chromiumIV is the fixed initialisation vector: sixteen spaces.
var chromiumIV = bytes.Repeat([]byte{' '}, aes.BlockSize)

// decryptCBC decrypts AES-128-CBC with PKCS#7 padding; ok is false when the
// key was wrong (the padding does not check out).
func decryptCBC(key, data []byte) ([]byte, bool) {
	if len(data) == 0 || len(data)%aes.BlockSize != 0 {
		return nil, false
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, false
	}
	out := make([]byte, len(data))
	cipher.NewCBCDecrypter(block, chromiumIV).CryptBlocks(out, data)
	pad := int(out[len(out)-1])
	if pad < 1 || pad > aes.BlockSize || pad > len(out) {
		return nil, false
	}
	for _, b := range out[len(out)-pad:] {
		if int(b) != pad {
			return nil, false
		}
	}
	return out[:len(out)-pad], true
}
