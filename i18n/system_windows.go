package i18n

import "golang.org/x/sys/windows"

// systemLanguage is the Windows user's display language, such as "zh-CN",
// or "" when Windows does not say.
func systemLanguage() string {
	if names, err := windows.GetUserPreferredUILanguages(windows.MUI_LANGUAGE_NAME); err == nil && len(names) > 0 {
		return names[0]
	}
	return ""
}

// systemCodePage is the system's legacy ("ANSI") code page, the one
// Notepad's "ANSI" and Excel's "CSV" files are written in: 936 on Chinese
// Windows.
func systemCodePage() uint32 { return windows.GetACP() }
