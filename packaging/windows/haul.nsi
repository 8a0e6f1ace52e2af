; Haul's Windows installer, made with NSIS (makensis) by scripts/package.sh:
;   makensis -DVERSION=0.2.0 -DVERSION4=0.2.0.1 -DEXE=path\Haul.exe
;            -DICON=path\haul.ico -DWIZARD=path\wizard.bmp
;            -DOUTFILE=path\setup.exe haul.nsi
;
; A per-user install that needs no administrator: Haul.exe goes to
; %LOCALAPPDATA%\Programs\Haul, with a Start menu entry, an optional desktop
; shortcut, "Open with Haul" for lists (.txt, .csv, .xlsx) without becoming
; their default program, the browser connection of Haul's extension, and an
; entry in "Apps & features" whose uninstaller removes all of that again.
; Downloads and settings belong to the user and stay.
; /S installs silently; /D=FOLDER (last on the command line) chooses the folder.
;
; Windows keeps a program's file while it runs, so a Haul that runs is
; closed first (its window asked to quit, keeping its list), and nothing is
; changed while one still runs: setup and the uninstaller then say so, and
; with /S end with exit code 2 instead of claiming success.

; Haul.exe runs on 64-bit Windows only, and so does its installer.
Target amd64-unicode
ManifestDPIAware true
RequestExecutionLevel user
SetCompressor /SOLID lzma

!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"

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
!define MUI_WELCOMEFINISHPAGE_BITMAP "${WIZARD}"
!define MUI_UNWELCOMEFINISHPAGE_BITMAP "${WIZARD}"
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
LangString HaulRuns ${LANG_ENGLISH} "Haul is running. It will be closed first: downloads under way stop, and what Haul has saved stays (Haul continues them the next time it starts).$\r$\n$\r$\nClick OK to close Haul and go on, or Cancel to change nothing."
LangString HaulRuns ${LANG_SIMPCHINESE} "Haul 正在运行，需要先将其关闭：正在进行的下载会停止，已保存的内容会保留（Haul 下次启动时会继续下载）。$\r$\n$\r$\n单击“确定”关闭 Haul 并继续，或单击“取消”不做任何更改。"
LangString HaulStillRuns ${LANG_ENGLISH} "Haul is still running and could not be closed from here: perhaps $\"haul get$\" runs in a Command Prompt window, or Haul's window is busy. Close it (right-click Haul's icon in the tray and choose Quit; press Ctrl+C where haul get runs), then click Retry.$\r$\n$\r$\nCancel stops here; nothing has been changed."
LangString HaulStillRuns ${LANG_SIMPCHINESE} "Haul 仍在运行，无法从这里关闭：也许命令提示符窗口中正在运行“haul get”，或者 Haul 的窗口正忙。请先关闭它（右键单击托盘中的 Haul 图标并选择“退出”；在运行 haul get 的窗口中按 Ctrl+C），然后单击“重试”。$\r$\n$\r$\n单击“取消”将在此停止，不会做任何更改。"
LangString HaulNotChanged ${LANG_ENGLISH} "Haul is still running, so nothing was changed. Close Haul, then try again."
LangString HaulNotChanged ${LANG_SIMPCHINESE} "Haul 仍在运行，因此没有做任何更改。请关闭 Haul，然后重试。"
LangString HaulNotWritten ${LANG_ENGLISH} "Setup could not write $INSTDIR\Haul.exe. Check that the folder can be written to and has room, then run setup again."
LangString HaulNotWritten ${LANG_SIMPCHINESE} "安装程序无法写入 $INSTDIR\Haul.exe。请检查该文件夹是否可写、是否有足够空间，然后重新运行安装程序。"

; ---- A Haul that runs --------------------------------------------------------
; CloseHaul closes every Haul that runs $INSTDIR\Haul.exe, asking the user
; first, with the copy of Haul.exe at $PLUGINSDIR\Haul.exe (which does not
; hold the installed file), and aborts, changing nothing, while one still
; runs. Silent, it closes Haul without asking and aborts at once.
!macro CloseHaul un
Function ${un}CloseHaul
	${IfNot} ${FileExists} "$INSTDIR\Haul.exe"
		Return
	${EndIf}
	ClearErrors
	ExecWait '"$PLUGINSDIR\Haul.exe" close-running -check "$INSTDIR\Haul.exe"' $0
	${If} ${Errors}
	${OrIf} $0 == 0
		Return
	${EndIf}
	MessageBox MB_OKCANCEL|MB_ICONINFORMATION "$(HaulRuns)" /SD IDOK IDOK close
	Abort "$(HaulNotChanged)"
close:
	ExecWait '"$PLUGINSDIR\Haul.exe" close-running "$INSTDIR\Haul.exe"' $0
	${If} $0 != 0
		MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "$(HaulStillRuns)" /SD IDCANCEL IDRETRY close
		Abort "$(HaulNotChanged)"
	${EndIf}
FunctionEnd
!macroend
!insertmacro CloseHaul ""
!insertmacro CloseHaul "un."

; UnpackCloser puts the new Haul.exe at $PLUGINSDIR\Haul.exe for CloseHaul:
; the installed one may be older, and know nothing of closing. A file put
; there by a function is not counted in the space the install needs.
Function UnpackCloser
	InitPluginsDir
	File "/oname=$PLUGINSDIR\Haul.exe" "${EXE}"
FunctionEnd

; RemoveHaulExe deletes the installed Haul.exe before the new one is put
; in its place, and aborts, changing nothing, when Windows keeps it (a
; Haul started meanwhile).
!macro RemoveHaulExe un
Function ${un}RemoveHaulExe
	Delete "$INSTDIR\Haul.exe"
	${If} ${FileExists} "$INSTDIR\Haul.exe"
		MessageBox MB_OK|MB_ICONSTOP "$(HaulNotChanged)" /SD IDOK
		Abort "$(HaulNotChanged)"
	${EndIf}
FunctionEnd
!macroend
!insertmacro RemoveHaulExe ""
!insertmacro RemoveHaulExe "un."
; ---------------------------------------------------------------------------

Section "$(SecHaul)" SecHaul
	SectionIn RO
	SetShellVarContext current
	Call UnpackCloser
	Call CloseHaul
	Call RemoveHaulExe
	SetOutPath "$INSTDIR"
	SetOverwrite try
	ClearErrors
	File "/oname=Haul.exe" "${EXE}"
	${If} ${Errors}
		MessageBox MB_OK|MB_ICONSTOP "$(HaulNotWritten)" /SD IDOK
		Abort "$(HaulNotWritten)"
	${EndIf}
	SetOverwrite on
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

; The uninstaller runs Haul.exe from a copy in $PLUGINSDIR: the installed
; one is removed first, so that nothing is undone while Haul runs.
Section "Uninstall"
	SetShellVarContext current
	InitPluginsDir
	CopyFiles /SILENT /FILESONLY "$INSTDIR\Haul.exe" "$PLUGINSDIR"
	Call un.CloseHaul
	Call un.RemoveHaulExe
	ExecWait '"$PLUGINSDIR\Haul.exe" browser uninstall'
	Delete "$SMPROGRAMS\Haul.lnk"
	Delete "$DESKTOP\Haul.lnk"
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
