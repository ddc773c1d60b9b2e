/**
 * What the browser says of the visitor's connection (the Network Information API: Chromium's; absent elsewhere,
 * where nothing is held back). One reading for every download the app makes before the user asks for it: the
 * landing screen while the sign-in form is typed, the role's other screens on idle.
 */
interface ConnectionInfo {
  saveData?: boolean
  effectiveType?: string
}

const connection = (): ConnectionInfo | undefined => (navigator as Navigator & { connection?: ConnectionInfo }).connection

/** Data Saver ("Ahorro de datos") is on: nothing is fetched before the user asks for it. */
export const savesData = (): boolean => connection()?.saveData === true

/** Whether code may be fetched ahead of need: not with Data Saver, and not on 2G, where the bytes cost more than the wait. */
export function mayFetchAhead(): boolean {
  const info = connection()
  if (!info) return true
  if (info.saveData) return false
  return info.effectiveType !== '2g' && info.effectiveType !== 'slow-2g'
}
