package main

import (
	"bytes"
	"debug/pe"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
)

// Resource types from winuser.h that Haul.exe must carry.
const (
	resourceIcon      = 14 // RT_GROUP_ICON
	resourceVersion   = 16 // RT_VERSION
	resourceManifest  = 24 // RT_MANIFEST
	subsystemGUI      = pe.IMAGE_SUBSYSTEM_WINDOWS_GUI
	resourceDirHeader = 16 // size of IMAGE_RESOURCE_DIRECTORY
)

// resourceNamesByType names the resource types checkpe looks for.
var resourceNamesByType = map[uint32]string{
	resourceIcon:     "icon",
	resourceVersion:  "version information",
	resourceManifest: "manifest",
}

// executable is what checkpe learned about a PE file.
type executable struct {
	machine   uint16
	pe32Plus  bool
	subsystem uint16
	resources map[uint32]bool // resource types present
	rsrc      []byte          // the resource section
}

// inspect reads the headers and resource types of the PE file at path.
func inspect(path string) (*executable, error) {
	f, err := pe.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read as a Windows executable: %w", err)
	}
	defer f.Close()
	exe := &executable{machine: f.Machine, resources: map[uint32]bool{}}
	if h, ok := f.OptionalHeader.(*pe.OptionalHeader64); ok {
		exe.pe32Plus = true
		exe.subsystem = h.Subsystem
	}
	if s := f.Section(".rsrc"); s != nil {
		if exe.rsrc, err = s.Data(); err != nil {
			return nil, fmt.Errorf("read resources: %w", err)
		}
		if exe.resources, err = resourceTypes(exe.rsrc); err != nil {
			return nil, err
		}
	}
	return exe, nil
}

// resourceTypes lists the numeric resource types in the root directory of
// a resource section.
func resourceTypes(rsrc []byte) (map[uint32]bool, error) {
	if len(rsrc) < resourceDirHeader {
		return nil, errors.New("resource section is too short")
	}
	named := int(binary.LittleEndian.Uint16(rsrc[12:]))
	numbered := int(binary.LittleEndian.Uint16(rsrc[14:]))
	end := resourceDirHeader + 8*(named+numbered)
	if len(rsrc) < end {
		return nil, errors.New("resource directory is cut short")
	}
	types := map[uint32]bool{}
	for i := named; i < named+numbered; i++ {
		types[binary.LittleEndian.Uint32(rsrc[resourceDirHeader+8*i:])] = true
	}
	return types, nil
}

// check returns what is wrong with exe for a Haul.exe release, or nil.
func (exe *executable) check(version string) error {
	var problems []string
	if !exe.pe32Plus || exe.machine != pe.IMAGE_FILE_MACHINE_AMD64 {
		problems = append(problems, fmt.Sprintf("not a PE32+ x86-64 executable (machine %#x)", exe.machine))
	}
	if exe.subsystem != subsystemGUI {
		problems = append(problems, fmt.Sprintf("subsystem is %d, want %d (GUI): link with -H windowsgui", exe.subsystem, subsystemGUI))
	}
	for _, kind := range []uint32{resourceIcon, resourceVersion, resourceManifest} {
		if !exe.resources[kind] {
			problems = append(problems, "no "+resourceNamesByType[kind]+" embedded")
		}
	}
	if version != "" && !bytes.Contains(exe.rsrc, utf16Bytes(version)) {
		problems = append(problems, fmt.Sprintf("version information does not say %s", version))
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

// resourceNames lists the embedded resources checkpe knows, for its report.
func (exe *executable) resourceNames() string {
	var names []string
	for _, kind := range []uint32{resourceIcon, resourceVersion, resourceManifest} {
		if exe.resources[kind] {
			names = append(names, resourceNamesByType[kind])
		}
	}
	return strings.Join(names, ", ")
}

// utf16Bytes is s in UTF-16LE, as Windows version information stores text.
func utf16Bytes(s string) []byte {
	var buf bytes.Buffer
	for _, u := range utf16.Encode([]rune(s)) {
		buf.WriteByte(byte(u))
		buf.WriteByte(byte(u >> 8))
	}
	return buf.Bytes()
}
