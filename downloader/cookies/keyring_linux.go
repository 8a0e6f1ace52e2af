package cookies

import (
	"context"
	"errors"
	"time"

	"github.com/godbus/dbus/v5"
)

// keyringTimeout bounds the wait for the Secret Service, which may be
// started on demand or not be there at all.
const keyringTimeout = 5 * time.Second

// secret is a Secret Service secret as sent over D-Bus.
type secret struct {
	Session     dbus.ObjectPath
	Parameters  []byte
	Value       []byte
	ContentType string
}

// systemKeyring asks the desktop's Secret Service (GNOME Keyring, KeePassXC
// …) over D-Bus for the browser's "Safe Storage" password. Locked items are
// not unlocked: that would pop up a prompt in the middle of a download.
func systemKeyring(app string) (string, error) {
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		return "", err
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), keyringTimeout)
	defer cancel()
	svc := conn.Object("org.freedesktop.secrets", "/org/freedesktop/secrets")
	var out dbus.Variant
	var session dbus.ObjectPath
	if err := svc.CallWithContext(ctx, "org.freedesktop.Secret.Service.OpenSession", 0, "plain", dbus.MakeVariant("")).Store(&out, &session); err != nil {
		return "", err
	}
	var unlocked, locked []dbus.ObjectPath
	if err := svc.CallWithContext(ctx, "org.freedesktop.Secret.Service.SearchItems", 0, map[string]string{"application": app}).Store(&unlocked, &locked); err != nil {
		return "", err
	}
	if len(unlocked) == 0 {
		return "", errors.New("no unlocked keyring entry")
	}
	var s secret
	if err := conn.Object("org.freedesktop.secrets", unlocked[0]).CallWithContext(ctx, "org.freedesktop.Secret.Item.GetSecret", 0, session).Store(&s); err != nil {
		return "", err
	}
	return string(s.Value), nil
}
