; Haul's Windows installer, made with NSIS (makensis) by scripts/package.sh:
;   makensis -DVERSION=0.2.0 -DVERSION4=0.2.0.1 -DEXE=path\Haul.exe
;            -DICON=path\haul.ico -DOUTFILE=path\setup.exe haul.nsi
;
; A per-user install that needs no administrator: Haul.exe goes to
; %LOCALAPPDATA%\Programs\Haul, with a Start menu entry, an optional desktop
; shortcut, "Open with Haul" for lists (.txt, .csv, .xlsx) without becoming
; their default program, the browser connection of Haul's extension, and an
; entry in "Apps & features" whose uninstaller removes all of that again.
; Downloads and settings belong to the user and stay.
; /S installs silently; /D=FOLDER (last on the command line) chooses the folder.

; Haul.exe runs on 64-bit Windows only, and so does its installer.
Target amd64-unicode
ManifestDPIAware true
RequestExecutionLevel user
SetCompressor /SOLID lzma

!include "MUI2.nsh"
!include "FileFunc.nsh"

!define APP_ID "io.haul.app"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP_ID}"
!define PROG_ID "Haul.List"

Name "Haul"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\Haul"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "Haul ${VERSION}"

VIProductVersion "${VERSION4}"
VIFileVersion "${VERSION4}"
VIAddVersionKey /LANG=0 "ProductName" "Haul"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "Haul ${VERSION} Setup"
VIAddVersionKey /LANG=0 "CompanyName" "Haul"
VIAddVersionKey /LANG=0 "LegalCopyright" "Haul"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC
!define MUI_FINISHPAGE_RUN "$INSTDIR\Haul.exe"

!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"

LangString SecHaul ${LANG_ENGLISH} "Haul"
LangString SecHaul ${LANG_SIMPCHINESE} "Haul"
LangString SecDesktop ${LANG_ENGLISH} "Desktop shortcut"
LangString SecDesktop ${LANG_SIMPCHINESE} "桌面快捷方式"
LangString SecOpenWith ${LANG_ENGLISH} "$\"Open with Haul$\" for lists of links (.txt, .csv, .xlsx)"
LangString SecOpenWith ${LANG_SIMPCHINESE} "为链接列表（.txt、.csv、.xlsx）添加“用 Haul 打开”"
LangString SecBrowser ${LANG_ENGLISH} "Connect Haul's browser extension"
LangString SecBrowser ${LANG_SIMPCHINESE} "连接 Haul 的浏览器扩展"
LangString ListType ${LANG_ENGLISH} "List of links"
LangString ListType ${LANG_SIMPCHINESE} "链接列表"

Section "$(SecHaul)" SecHaul
	SectionIn RO
	SetShellVarContext current
	SetOutPath "$INSTDIR"
	File "/oname=Haul.exe" "${EXE}"
	WriteUninstaller "$INSTDIR\Uninstall.exe"
	CreateShortcut "$SMPROGRAMS\Haul.lnk" "$INSTDIR\Haul.exe"

	WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "Haul"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "Haul"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\Haul.exe,0"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" "$\"$INSTDIR\Uninstall.exe$\""
	WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" "$\"$INSTDIR\Uninstall.exe$\" /S"
	WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
	WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
	${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
	WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Section "$(SecDesktop)" SecDesktop
	SetShellVarContext current
	CreateShortcut "$DESKTOP\Haul.lnk" "$INSTDIR\Haul.exe"
SectionEnd

; "Open with Haul" offers Haul in Explorer's "Open with" menu of these
; types without making it their default program.
!macro OpenWith ext
	WriteRegStr HKCU "Software\Classes\${ext}\OpenWithProgids" "${PROG_ID}" ""
	WriteRegStr HKCU "Software\Classes\Applications\Haul.exe\SupportedTypes" "${ext}" ""
!macroend

!macro NoLongerOpenWith ext
	DeleteRegValue HKCU "Software\Classes\${ext}\OpenWithProgids" "${PROG_ID}"
	DeleteRegKey /ifempty HKCU "Software\Classes\${ext}\OpenWithProgids"
	DeleteRegKey /ifempty HKCU "Software\Classes\${ext}"
!macroend

Section "$(SecOpenWith)" SecOpenWith
	WriteRegStr HKCU "Software\Classes\${PROG_ID}" "" "$(ListType)"
	WriteRegStr HKCU "Software\Classes\${PROG_ID}\DefaultIcon" "" "$INSTDIR\Haul.exe,0"
	WriteRegStr HKCU "Software\Classes\${PROG_ID}\shell\open\command" "" "$\"$INSTDIR\Haul.exe$\" $\"%1$\""
	WriteRegStr HKCU "Software\Classes\Applications\Haul.exe" "FriendlyAppName" "Haul"
	WriteRegStr HKCU "Software\Classes\Applications\Haul.exe\shell\open\command" "" "$\"$INSTDIR\Haul.exe$\" $\"%1$\""
	!insertmacro OpenWith ".txt"
	!insertmacro OpenWith ".csv"
	!insertmacro OpenWith ".xlsx"
	System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

; ---- The browser connection ------------------------------------------------
; "Haul.exe browser install" registers Haul with the browsers it finds, so
; that Haul's browser extension can hand it links; with no browser found it
; changes nothing, and setup goes on.
Section "$(SecBrowser)" SecBrowser
	ExecWait '"$INSTDIR\Haul.exe" browser install'
SectionEnd
; ---------------------------------------------------------------------------

Section "Uninstall"
	SetShellVarContext current
	ExecWait '"$INSTDIR\Haul.exe" browser uninstall'
	Delete "$SMPROGRAMS\Haul.lnk"
	Delete "$DESKTOP\Haul.lnk"
	Delete "$INSTDIR\Haul.exe"
	Delete "$INSTDIR\Uninstall.exe"
	RMDir "$INSTDIR"

	!insertmacro NoLongerOpenWith ".txt"
	!insertmacro NoLongerOpenWith ".csv"
	!insertmacro NoLongerOpenWith ".xlsx"
	DeleteRegKey HKCU "Software\Classes\${PROG_ID}"
	DeleteRegKey HKCU "Software\Classes\Applications\Haul.exe"
	DeleteRegKey HKCU "${UNINSTALL_KEY}"
	System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd
