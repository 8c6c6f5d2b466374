; Included by electron-builder's NSIS scripts (nsis.include in electron-builder.yml).
; The uninstaller removes what Electron itself creates on the first popup of an installed app
; (shell/browser/notifications/win/windows_toast_activator.cc): a Start-menu shortcut
; "<productName>.lnk" in the user's Programs folder, carrying the AppUserModelID and the toast
; activator CLSID, and that CLSID's COM registration under HKCU. The CLSID is the fixed one the app
; sets (main/electron/early-setup.ts, TOAST_ACTIVATOR_CLSID); package:check keeps the two equal.
!macro customUnInstall
  ${ifNot} ${isUpdated}
    DeleteRegKey HKCU "Software\Classes\CLSID\{70C3D4F5-7267-4B6D-9741-C2CDC2D493DE}"
    ; Electron writes the shortcut for the user who ran the app, even for an all-users install.
    SetShellVarContext current
    Delete "$SMPROGRAMS\${PRODUCT_NAME}.lnk"
    ${if} $installMode == "all"
      SetShellVarContext all
    ${endif}
  ${endif}
!macroend
