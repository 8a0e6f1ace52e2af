package i18n

import (
	"time"

	"github.com/dustin/go-humanize"

	"haul/downloader/schedule"
)

// ScheduleHold says why the schedule holds the downloads and when they go
// on, when first, so that a row cut short still says it:
// "Continues at 01:00: outside your download hours", "Continues tomorrow:
// today's 500 MB are used"; "" when it does not hold them.
func ScheduleHold(t Translator, r schedule.Reason, now time.Time) string {
	switch r.Why {
	case schedule.OutsideHours:
		return t.X("schedule.hold.hours", Data{"At": r.Until.Format("15:04")})
	case schedule.CapReached:
		d := Data{"Cap": humanize.Bytes(uint64(max(r.Cap, 0)))}
		if r.Until.Sub(now) > 24*time.Hour {
			d["Date"] = r.Until.Format(time.DateOnly)
			return t.X("schedule.hold.cap.date", d)
		}
		return t.X("schedule.hold.cap", d)
	}
	return ""
}
