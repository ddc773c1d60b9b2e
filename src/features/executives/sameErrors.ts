/** Equality for `{ field: message }` slices, so a keystroke that changes no message re-renders nothing. */
export function sameErrors(a: Partial<Record<string, string>>, b: Partial<Record<string, string>>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}
