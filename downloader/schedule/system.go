package schedule

// OS is the computer's own System: quit ends Haul; sleeping and shutting
// down ask the system (logind on Linux, shutdown on Windows, pmset and
// System Events on macOS).
func OS(quit func()) System { return osSystem{quit: quit} }

// osSystem is the computer's own System.
type osSystem struct{ quit func() }

// Quit ends Haul.
func (s osSystem) Quit() { s.quit() }
