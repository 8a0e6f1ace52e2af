package browser

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strings"
)

// HostName is the native messaging host's name, as the extension asks for it.
const HostName = "io.haul.app"

// ExtensionKey is the public key in the extension's manifest ("key"): it
// pins the extension's ID in Chrome, Chromium, Edge and Brave, whether it
// is loaded unpacked or packed.
const ExtensionKey = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu43m/EsQmXA9zz7dmRbmlmCQAMynCp/PDaG2hOpcUfoUb/AQKnLmKnn4E3gjNnKTpp1vl5y2VBx13UVbVbtMWxlFo2pH9oqRwYUM0mWYHJZC7p17Rvc11fX42UnaLAic5lA05dnjZrn9ltdgNOHeG0QZsnljPhPwKRUVUWV//smcXc69K24CvMNAAIaNXxocm7stUiyHLCVXmZIiMQffRm105bWEEzASodEQhWh3j1x+1sw1NPiE3WiaUO2nC7Od/F/XeSlEHKjrxTqUC1nY8f/H8vlGtjQH8DmLWlWcMW9RHHLK+10iXWUAx7So85ywAlIDjymICHklbxBxW4ejrwIDAQAB"

// ChromeExtensionID is the extension's ID in Chromium browsers, made from
// ExtensionKey.
const ChromeExtensionID = "dofcedgnbiochpakpmdcgpefdbofkmpf"

// FirefoxExtensionID is the extension's ID in Firefox
// (browser_specific_settings.gecko.id in its manifest).
const FirefoxExtensionID = "haul@haul.io"

// ChromeOrigin is the origin Chromium browsers name the extension by.
func ChromeOrigin() string { return "chrome-extension://" + ChromeExtensionID + "/" }

// ExtensionID is the ID Chromium browsers give an extension whose manifest
// has key (base64 of its public key): the first 16 bytes of the key's
// SHA-256, each half-byte written as a letter from a to p.
func ExtensionID(key string) (string, error) {
	der, err := base64.StdEncoding.DecodeString(key)
	if err != nil {
		return "", fmt.Errorf("read the extension's key: %w", err)
	}
	sum := sha256.Sum256(der)
	var b strings.Builder
	for _, c := range sum[:16] {
		b.WriteByte('a' + c>>4)
		b.WriteByte('a' + c&0xf)
	}
	return b.String(), nil
}

// CheckCaller refuses a host started for another extension: Chromium
// browsers pass the caller's origin as the first argument, Firefox the
// manifest's path and then the extension's ID. The browser already lets
// only the extensions listed in the manifest start the host; this is the
// host's own check of the same.
func CheckCaller(args []string) error {
	for _, a := range args {
		if a == ChromeOrigin() || a == FirefoxExtensionID {
			return nil
		}
	}
	return &Refusal{Kind: UnknownCaller, Value: strings.Join(args, " ")}
}
