/**
 * The `url` fields of file answers. They point at authenticated download routes (server/routes/files/downloads.ts)
 * that apply the claim's read rules, never at a static folder. Profile photos are the one public route, by an
 * unguessable key (see docs/decisions/profile-photo-public-route.md).
 */
import { pathOf } from '../../domain/contract/call'
import { fileCalls } from '../../domain/contract/files'

export const claimFileUrl = (id: number) => pathOf(fileCalls.downloadClaimFile, { id })
export const dictaminationUrl = (idEvento: number) => pathOf(fileCalls.downloadDictamination, { idEvento })
// The key fills the route's wildcard as it is: its generated shape (YYYY/MM/<uuid>.<ext>) is URL-safe and its slashes
// are path segments, which `pathOf` would encode.
export const photoUrl = (storageKey: string) => fileCalls.photo.path.replace('*', storageKey)

/** The claim-file id inside a url built by `claimFileUrl` (the comment form sends the document's url back). */
export function claimFileIdFromUrl(url: string): number | null {
  const match = /\/download\/claim-file\/(\d{1,10})\/?$/.exec(url.trim())
  if (!match) return null
  const id = Number(match[1])
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null
}
