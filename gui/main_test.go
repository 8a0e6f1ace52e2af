package gui

import (
	"os"
	"testing"

	"haul/gui/kit"
)

func TestMain(m *testing.M) {
	kit.UseTranslations()
	os.Exit(m.Run())
}
