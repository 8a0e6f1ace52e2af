module haul

go 1.26.0

require (
	golang.org/x/sync v0.25.0
	golang.org/x/time v0.16.0
)

require (
	fyne.io/fyne/v2 v2.7.1 // indirect
	github.com/dustin/go-humanize v1.1.0 // indirect
	golang.org/x/image v0.48.0 // indirect
	golang.org/x/net v0.62.0 // indirect
)
