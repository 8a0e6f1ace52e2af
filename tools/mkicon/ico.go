package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image/png"
	"io"
)

// icoSizes are the sizes Windows picks from for Explorer, the taskbar and
// the title bar at every display scale.
var icoSizes = []int{16, 20, 24, 32, 40, 48, 64, 128, 256}

// icoHeader and icoEntry are the ICONDIR and ICONDIRENTRY structures of the
// Windows .ico format.
type (
	icoHeader struct {
		Reserved, Type, Count uint16
	}
	icoEntry struct {
		Width, Height, Colors, Reserved uint8
		Planes, BitCount                uint16
		Size, Offset                    uint32
	}
)

// writeICO draws the icon at each of sizes and writes them to w as one .ico
// file with PNG-compressed images, which Windows reads since Vista.
func writeICO(w io.Writer, sizes []int) error {
	images := make([][]byte, len(sizes))
	for i, size := range sizes {
		if size > 256 {
			return fmt.Errorf("icon size %d is too large for an .ico file: use at most 256 pixels", size)
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, drawIcon(size)); err != nil {
			return fmt.Errorf("encode %d×%d icon: %w", size, size, err)
		}
		images[i] = buf.Bytes()
	}
	header := icoHeader{Type: 1, Count: uint16(len(sizes))}
	offset := binary.Size(header) + len(sizes)*binary.Size(icoEntry{})
	entries := make([]icoEntry, len(sizes))
	for i, size := range sizes {
		entries[i] = icoEntry{
			Width:    uint8(size % 256), // 0 means 256
			Height:   uint8(size % 256),
			Planes:   1,
			BitCount: 32,
			Size:     uint32(len(images[i])),
			Offset:   uint32(offset),
		}
		offset += len(images[i])
	}
	if err := binary.Write(w, binary.LittleEndian, header); err != nil {
		return fmt.Errorf("write .ico header: %w", err)
	}
	if err := binary.Write(w, binary.LittleEndian, entries); err != nil {
		return fmt.Errorf("write .ico directory: %w", err)
	}
	for _, img := range images {
		if _, err := w.Write(img); err != nil {
			return fmt.Errorf("write .ico image: %w", err)
		}
	}
	return nil
}
