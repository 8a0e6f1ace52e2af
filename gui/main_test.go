package gui

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	useTranslations()
	os.Exit(m.Run())
}
