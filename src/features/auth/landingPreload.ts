import { useCallback, useRef } from 'react'
import { savesData } from '../../lib/dataSaving'

/**
 * Starts downloading a role's landing screen (the route table hands it over: src/app/routes.tsx), so a screen
 * of features/ never reaches up into the app's chunk table.
 */
export type PreloadRoleHome = (rol: string | number) => Promise<void>

/**
 * The landing screen's code starts travelling as soon as the user starts filling the form for a role (and again
 * when the role changes), not only when the button is pressed: on a phone's slow network the first screen then
 * appears about as fast as a reload with a warm cache (issue 24: sign-in to first screen ≤ 1.3× that reload).
 * Once per role; with Data Saver on, only the press downloads it (the form's submit calls `preload(code, true)`).
 */
export function useLandingPreload(preloadRoleHome: PreloadRoleHome): (rol: string | number | undefined, pressed?: boolean) => void {
  const started = useRef(new Set<string>())
  return useCallback(
    (rol, pressed = false) => {
      if (rol === undefined || started.current.has(String(rol))) return
      if (!pressed && savesData()) return
      started.current.add(String(rol))
      void preloadRoleHome(rol)
    },
    [preloadRoleHome],
  )
}
