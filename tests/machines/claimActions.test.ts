/**
 * What each claim stage offers, written by hand from the README's stage table (not generated from the lifecycle
 * machine), with the literal Spanish reasons shown where an action is not available. A changed transition in
 * machines/claimLifecycle.machine.ts or a changed reason fails a cell here.
 */
import { describe, expect, it } from 'vitest'
import { CLAIM_ACTIONS, claimActionOffer, claimActionOffers, documentReplaceOffer, documentUploadOffer, type ClaimAction } from '../../machines/claimActions'

const ok = null
// prettier-ignore
const TABLE: Record<number, Record<ClaimAction, string | null>> = {
  1: {
    documentUpload: ok, documentsVerify: 'Disponible cuando los tres documentos estén cargados.',
    documentComment: 'Disponible cuando los tres documentos estén cargados.',
    providerAssign: 'Disponible cuando los tres documentos estén verificados.',
    letterSave: 'Disponible cuando el trámite tenga proveedor asignado.',
    dictamenSave: 'Disponible cuando el trámite tenga proveedor asignado.',
    invoiceUpload: 'Disponible cuando el dictamen esté aprobado (etapa Facturación).',
    invoiceApprove: 'Disponible cuando el proveedor haya cargado la factura.',
  },
  3: {
    documentUpload: ok, documentsVerify: ok, documentComment: ok,
    providerAssign: 'Disponible cuando los tres documentos estén verificados.',
    letterSave: 'Disponible cuando el trámite tenga proveedor asignado.',
    dictamenSave: 'Disponible cuando el trámite tenga proveedor asignado.',
    invoiceUpload: 'Disponible cuando el dictamen esté aprobado (etapa Facturación).',
    invoiceApprove: 'Disponible cuando el proveedor haya cargado la factura.',
  },
  4: {
    documentUpload: ok, documentsVerify: ok, documentComment: ok,
    providerAssign: 'Disponible cuando los tres documentos estén verificados.',
    letterSave: 'Disponible cuando el trámite tenga proveedor asignado.',
    dictamenSave: 'Disponible cuando el trámite tenga proveedor asignado.',
    invoiceUpload: 'Disponible cuando el dictamen esté aprobado (etapa Facturación).',
    invoiceApprove: 'Disponible cuando el proveedor haya cargado la factura.',
  },
  5: {
    documentUpload: 'Los documentos ya están verificados: no se reemplazan.',
    documentsVerify: 'Los documentos ya están verificados.',
    documentComment: 'Los documentos ya están verificados.',
    providerAssign: ok,
    letterSave: 'Disponible cuando el trámite tenga proveedor asignado.',
    dictamenSave: 'Disponible cuando el trámite tenga proveedor asignado.',
    invoiceUpload: 'Disponible cuando el dictamen esté aprobado (etapa Facturación).',
    invoiceApprove: 'Disponible cuando el proveedor haya cargado la factura.',
  },
  6: {
    documentUpload: 'Los documentos ya están verificados: no se reemplazan.',
    documentsVerify: 'Los documentos ya están verificados.',
    documentComment: 'Los documentos ya están verificados.',
    providerAssign: ok, letterSave: ok, dictamenSave: ok,
    invoiceUpload: 'Disponible cuando el dictamen esté aprobado (etapa Facturación).',
    invoiceApprove: 'Disponible cuando el proveedor haya cargado la factura.',
  },
  7: {
    documentUpload: 'Los documentos ya están verificados: no se reemplazan.',
    documentsVerify: 'Los documentos ya están verificados.',
    documentComment: 'Los documentos ya están verificados.',
    providerAssign: 'La etapa actual del trámite ya no admite asignar proveedor.',
    letterSave: ok,
    dictamenSave: 'El dictamen ya fue registrado.',
    invoiceUpload: ok,
    invoiceApprove: 'Disponible cuando el proveedor haya cargado la factura.',
  },
  9: {
    documentUpload: 'Los documentos ya están verificados: no se reemplazan.',
    documentsVerify: 'Los documentos ya están verificados.',
    documentComment: 'Los documentos ya están verificados.',
    providerAssign: 'La etapa actual del trámite ya no admite asignar proveedor.',
    letterSave: 'La factura ya está en revisión: la carta no se modifica.',
    dictamenSave: 'El dictamen ya fue registrado.',
    invoiceUpload: ok, invoiceApprove: ok,
  },
}

describe('claimActionOffer: what each stage offers, and why not', () => {
  for (const [statusId, row] of Object.entries(TABLE)) {
    it(`stage ${statusId}`, () => {
      const offers = claimActionOffers(Number(statusId))
      for (const action of CLAIM_ACTIONS) expect([action, offers[action].reason]).toEqual([action, row[action]])
      for (const action of CLAIM_ACTIONS) expect(offers[action].available).toBe(row[action] === null)
    })
  }

  it('offers the same in Carga de documentos (2) as in Trámite iniciado (1)', () => {
    expect(claimActionOffers(2)).toEqual(claimActionOffers(1))
  })

  it("a concluded (8) or rejected (10) claim offers nothing: 'Trámite concluido: solo lectura' / 'Trámite rechazado: solo lectura'", () => {
    for (const action of CLAIM_ACTIONS) {
      expect(claimActionOffer(action, 8)).toEqual({ available: false, reason: 'Trámite concluido: solo lectura' })
      expect(claimActionOffer(action, 10)).toEqual({ available: false, reason: 'Trámite rechazado: solo lectura' })
    }
  })

  it("the read-only partner is offered nothing, in any stage: 'Vista de solo lectura.'", () => {
    for (const statusId of [1, 3, 5, 6, 7, 9]) {
      for (const action of CLAIM_ACTIONS) {
        expect(claimActionOffer(action, statusId, { readOnly: true })).toEqual({ available: false, reason: 'Vista de solo lectura.' })
      }
    }
  })

  it('approving the invoice needs the three documents when the screen knows them (the lifecycle guard, issue 26)', () => {
    const missing = { available: false, reason: 'Faltan documentos del trámite: se necesitan los tres.' }
    expect(claimActionOffer('invoiceApprove', 9, { documents: { '1': 2, '2': 4, '3': 0 } })).toEqual(missing)
    expect(claimActionOffer('invoiceApprove', 9, { documents: { '1': 2, '2': 4, '3': 1 } })).toEqual({ available: true, reason: null })
    expect(claimActionOffer('invoiceApprove', 7, { documents: { '1': 2, '2': 4, '3': 1 } })).toEqual({
      available: false,
      reason: 'Disponible cuando el proveedor haya cargado la factura.',
    })
  })

  it('an unknown stage offers nothing', () => {
    for (const action of CLAIM_ACTIONS) expect(claimActionOffer(action, 99).available).toBe(false)
  })
})

describe('documentUploadOffer: one document, until the reviewer verifies it (issue 21)', () => {
  const VERIFIED_REASON = 'Documento verificado: ya no se reemplaza.'
  const docs = (one: number, two: number, three: number) => ({ '1': one, '2': two, '3': three })

  it('in Validación de documentos, a document nobody reviewed or a rejected one is offered; a verified one says why not', () => {
    const documents = docs(1, 3, 2)
    expect(documentUploadOffer(3, documents, 1)).toEqual({ available: true, reason: null })
    expect(documentUploadOffer(3, documents, 2)).toEqual({ available: true, reason: null })
    expect(documentUploadOffer(3, documents, 3)).toEqual({ available: false, reason: VERIFIED_REASON })
    expect(documentUploadOffer(4, docs(5, 4, 1), 2)).toEqual({ available: false, reason: VERIFIED_REASON })
  })

  it("past the documents' stages the stage's own reason wins; read-only says so first", () => {
    expect(documentUploadOffer(5, docs(2, 2, 4), 1)).toEqual({ available: false, reason: 'Los documentos ya están verificados: no se reemplazan.' })
    expect(documentUploadOffer(8, docs(2, 2, 4), 1)).toEqual({ available: false, reason: 'Trámite concluido: solo lectura' })
    expect(documentUploadOffer(3, docs(1, 1, 1), 1, { readOnly: true })).toEqual({ available: false, reason: 'Vista de solo lectura.' })
  })

  it('the collaborator slot rule (no stage) agrees with the stage rule in every document stage', () => {
    for (const statusId of [1, 2, 3, 4]) {
      for (const status of [0, 1, 2, 3, 4, 5]) {
        const documents = docs(status, 1, 1)
        // Stage 1 and 2 never hold reviewed documents; only where the lifecycle can hold this set is it compared.
        if (statusId <= 2 && status > 1) continue
        expect(documentReplaceOffer(documents, 1).available, `etapa ${statusId}, estatus ${status}`).toBe(documentUploadOffer(statusId, documents, 1).available)
      }
    }
  })
})
