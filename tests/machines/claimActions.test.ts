/**
 * What each claim stage offers, written by hand from the README's stage table (not generated from the lifecycle
 * machine), with the literal Spanish reasons shown where an action is not available. A changed transition in
 * machines/claimLifecycle.machine.ts or a changed reason fails a cell here.
 */
import { describe, expect, it } from 'vitest'
import { CLAIM_ACTIONS, claimActionOffer, claimActionOffers, type ClaimAction } from '../../machines/claimActions'

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

  it('an unknown stage offers nothing', () => {
    for (const action of CLAIM_ACTIONS) expect(claimActionOffer(action, 99).available).toBe(false)
  })
})
