/**
 * The `url` fields of file answers. They point at authenticated download routes (server/routes/files/downloads.ts)
 * that apply the claim's read rules, never at a static folder. Profile photos are the one public route, by an
 * unguessable key (see docs/decisions/profile-photo-public-route.md).
 */
export const FILE_ROUTES_PREFIX = '/api/file'

export const claimFileUrl = (id: number) => `${FILE_ROUTES_PREFIX}/download/claim-file/${id}`
export const invoiceUrl = (idFactura: number) => `${FILE_ROUTES_PREFIX}/download/invoice/${idFactura}`
export const dictaminationUrl = (idEvento: number) => `${FILE_ROUTES_PREFIX}/download/dictamination/${idEvento}`
export const photoUrl = (storageKey: string) => `${FILE_ROUTES_PREFIX}/photo/${storageKey}`

/** The claim-file id inside a url built by `claimFileUrl` (the comment form sends the document's url back). */
export function claimFileIdFromUrl(url: string): number | null {
  const match = /\/download\/claim-file\/(\d{1,10})\/?$/.exec(url.trim())
  if (!match) return null
  const id = Number(match[1])
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null
}
