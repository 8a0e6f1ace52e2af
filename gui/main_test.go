package gui

import (
	"haul/gui/kit"
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	kit.UseTranslations()
	os.Exit(m.Run())
}
