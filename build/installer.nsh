; Included by electron-builder's NSIS scripts (nsis.include in electron-builder.yml).

; Per user, without the "for all users / only me" page. An all-users install lives in Program Files
; and asks for UAC at every update. The assisted installer (kept for its directory page) shows that
; page whenever perMachine is false; its PRE callback skips it when customInstallMode forces a mode
; (electron-builder's templates/nsis/multiUserUi.nsh; electron-builder#4967; "customInstallMode" in
; https://www.electron.build/nsis.html). Only the installer forces it: the uninstaller finds the
; mode of the install it removes by itself.
!macro customInstallMode
  !ifndef BUILD_UNINSTALLER
    StrCpy $isForceCurrentInstall "1"
    StrCpy $isForceMachineInstall "0"
  !endif
!macroend

; The uninstaller removes what the app and Electron create outside the install folder. An update
; runs the old version's uninstaller too (${isUpdated}): all of it stays then.
; - The start-at-login value: Electron's app.setLoginItemSettings writes it under
;   HKCU\...\CurrentVersion\Run, named after the AppUserModelID the app sets (appId; Electron's
;   shell/browser/browser_win.cc, Browser::SetLoginItemSettings), and the same name under
;   Explorer\StartupApproved\Run once the user switches it in Task Manager. Left behind, Windows
;   would try to start a deleted exe at every login.
; - What Electron creates on the first popup of an installed app
;   (shell/browser/notifications/win/windows_toast_activator.cc): a Start-menu shortcut
;   "<productName>.lnk" in the user's Programs folder, carrying the AppUserModelID and the toast
;   activator CLSID, and that CLSID's COM registration under HKCU. The CLSID is the fixed one the
;   app sets (main/electron/early-setup.ts, TOAST_ACTIVATOR_CLSID); package:check keeps the two equal.
!macro customUnInstall
  ${ifNot} ${isUpdated}
    DeleteRegValue HKCU "Software\Microsoft\Windows\CurrentVersion\Run" "${APP_ID}"
    DeleteRegValue HKCU "Software\Microsoft\Windows\CurrentVersion\Explorer\StartupApproved\Run" "${APP_ID}"
    DeleteRegKey HKCU "Software\Classes\CLSID\{70C3D4F5-7267-4B6D-9741-C2CDC2D493DE}"
    ; Electron writes the shortcut for the user who ran the app, even for an all-users install.
    SetShellVarContext current
    Delete "$SMPROGRAMS\${PRODUCT_NAME}.lnk"
    ${if} $installMode == "all"
      SetShellVarContext all
    ${endif}
  ${endif}
!macroend
