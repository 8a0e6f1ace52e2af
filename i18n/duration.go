package i18n

import "time"

// Duration is a time left or a wait such as "8 s", "3 min" or "1 h 20 min".
func Duration(t Translator, d time.Duration) string {
	secs := int(d.Round(time.Second) / time.Second)
	switch {
	case secs < 60:
		return t.X("duration.s", Data{"S": max(secs, 1)})
	case secs < 3600:
		return t.X("duration.min", Data{"M": secs / 60})
	}
	return t.X("duration.h", Data{"H": secs / 3600, "M": secs % 3600 / 60})
}
