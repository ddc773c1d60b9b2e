/** API answers shared by the collaborator view tests (shapes of domain/contract/claims.ts and files.ts). */
// Claim 500 and its history are also the collaboratorClaim machine's traversal samples: one copy, kept with those.
export { CLAIM_500, HISTORY_500 } from '../../../../tools/catalog/samples/collaboratorClaim.samples'

export const fileEntry = (tipo: '1' | '2' | '3', status: number, nombre: string, comentario: string | null = null, id = Number(tipo) + 10) => ({
  id,
  url: `/api/file/download/claim-file/${id}`,
  status,
  tipo,
  nombre,
  comentario,
})
