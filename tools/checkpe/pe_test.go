package main

import (
	"debug/pe"
	"encoding/binary"
	"strings"
	"testing"
)

// resourceSection builds a resource section whose root directory lists
// the given numeric types.
func resourceSection(types ...uint32) []byte {
	b := make([]byte, resourceDirHeader+8*len(types))
	binary.LittleEndian.PutUint16(b[14:], uint16(len(types)))
	for i, kind := range types {
		binary.LittleEndian.PutUint32(b[resourceDirHeader+8*i:], kind)
	}
	return b
}

func TestResourceTypes(t *testing.T) {
	got, err := resourceTypes(resourceSection(3, resourceIcon, resourceVersion))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || !got[resourceIcon] || !got[resourceVersion] || got[resourceManifest] {
		t.Errorf("resourceTypes = %v, want 3, 14 and 16", got)
	}
	if _, err := resourceTypes(resourceSection(3)[:10]); err == nil {
		t.Error("a 10-byte section was accepted")
	}
	if _, err := resourceTypes(resourceSection(3, 14)[:20]); err == nil {
		t.Error("a directory cut short was accepted")
	}
}

func TestCheck(t *testing.T) {
	all := map[uint32]bool{resourceIcon: true, resourceVersion: true, resourceManifest: true}
	good := func() *executable {
		return &executable{machine: pe.IMAGE_FILE_MACHINE_AMD64, pe32Plus: true, subsystem: subsystemGUI,
			resources: all, rsrc: utf16Bytes("0.2.0-dev+abc1234")}
	}
	tests := []struct {
		name    string
		change  func(*executable)
		version string
		want    string // part of the error; empty for none
	}{
		{"release build", func(*executable) {}, "0.2.0-dev+abc1234", ""},
		{"console program", func(e *executable) { e.subsystem = pe.IMAGE_SUBSYSTEM_WINDOWS_CUI }, "", "subsystem is 3"},
		{"32-bit program", func(e *executable) { e.pe32Plus = false; e.machine = pe.IMAGE_FILE_MACHINE_I386 }, "", "not a PE32+"},
		{"no icon", func(e *executable) { e.resources = map[uint32]bool{resourceVersion: true, resourceManifest: true} }, "", "no icon"},
		{"no resources", func(e *executable) { e.resources = map[uint32]bool{} }, "", "no version information"},
		{"other version", func(*executable) {}, "0.3.0", "does not say 0.3.0"},
	}
	for _, tt := range tests {
		exe := good()
		tt.change(exe)
		err := exe.check(tt.version)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: check = %v, want no error", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: check = %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
}
