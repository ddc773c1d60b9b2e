/**
 * Contract test of /api/file: real requests on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * built from the contract (paths, methods, and the multipart bodies encoded by the app's own `formDataOf`), and every
 * JSON answer checked the way the app checks it: the superstruct struct generated from the call's `response`
 * (src/api/structOf.ts) inside the envelope, or the error envelope for a refusal. A route that answers something the
 * app would call 'Respuesta inesperada del servidor' fails here, whatever the server's serialiser let through.
 * Downloads answer a file, not JSON: their success is checked by content type, their refusals as error envelopes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validate } from 'superstruct'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { pathOf, type CallSpec, type ResponseOf } from '../../domain/contract/call'
import { eventCalls } from '../../domain/contract/claims'
import { Envelope, ErrorEnvelope } from '../../domain/contract/envelope'
import { DOCUMENT_FILE_PART, FILE_PART, fileCalls } from '../../domain/contract/files'
import { formDataOf, type FileToSend, type FormCall, type FormInput } from '../../src/api/multipart'
import { structOf } from '../../src/api/structOf'
import { buildTestApp, type TestApp } from '../server/helpers/testApp'
import { attachClaimDocument, attachDictamination, attachInvoice, authHeaders, createRoleWorld } from '../server/helpers/fixtures'
import { GIF, IMAGES, makePdf } from '../server/helpers/uploads'
import type { Session } from '../../server/auth/roles'

type CallName = keyof typeof fileCalls
type World = Awaited<ReturnType<typeof createRoleWorld>>

let t: TestApp
const exercised = new Set<CallName>()

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t.close())

/** What the app's boundary check says of a JSON answer: null when it accepts it. */
function refusalOf(body: unknown, schema: CallSpec['response']): string | null {
  const [failure] = validate(body, structOf(schema))
  return failure ? `${failure.path.join('.')}: ${failure.message}` : null
}

function expectAnswer(name: CallName, res: LightMyRequestResponse) {
  exercised.add(name)
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
  expect(refusalOf(res.json(), Envelope(fileCalls[name].response))).toBeNull()
}

/** The checked answer's `response`, typed as the contract declares it. */
function answerOf<N extends CallName>(name: N, res: LightMyRequestResponse): ResponseOf<(typeof fileCalls)[N]> {
  expectAnswer(name, res)
  return res.json().response
}

function expectRefusal(name: CallName, res: LightMyRequestResponse, status: number) {
  exercised.add(name)
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status)
  expect(refusalOf(res.json(), ErrorEnvelope)).toBeNull()
  expect(res.json()).toMatchObject({ success: false, response: null })
}

async function send(session: Session | null, request: InjectOptions) {
  return t.app.inject({ ...request, headers: { ...(request.headers ?? {}), ...(await authHeaders(t.app, session)) } })
}

/** A multipart request exactly as the app encodes it (fetch's own multipart writer over the app's FormData). */
async function multipart<C extends FormCall>(call: C, input: FormInput<C>): Promise<InjectOptions> {
  const file: FileToSend | undefined = input.file
  const encoded = new Request('http://portal.test', { method: 'POST', body: formDataOf(input.form, file) })
  return {
    method: call.method,
    url: pathOf(call),
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  }
}

const pdfFile = async <P extends string>(part: P, name = 'documento.pdf'): Promise<FileToSend<P>> => ({
  part,
  // A copy on its own ArrayBuffer, which is what a Blob takes.
  blob: new Blob([new Uint8Array(await makePdf(name))], { type: 'application/pdf' }),
  name,
})

async function worldWithDocuments(statusId: number, status = 1) {
  const w = await createRoleWorld(t.db, { statusId })
  const docs = []
  for (const tipo of [1, 2, 3] as const) docs.push(await attachClaimDocument(t.db, t.app.fileStore, w.claim.idEvento, tipo, status))
  return { w, docs }
}

const documentsOf = (w: World) => send(w.sessions.executiveOwner, { url: pathOf(fileCalls.documents, { idEvento: w.claim.idEvento }) })

describe('/api/file answers pass the app’s contract check', () => {
  it('get-info-by-event: no documents yet, then three; an unknown claim is an error envelope', async () => {
    const w = await createRoleWorld(t.db)
    expectAnswer('documents', await documentsOf(w))
    for (const tipo of [1, 2, 3] as const) await attachClaimDocument(t.db, t.app.fileStore, w.claim.idEvento, tipo)
    expect(answerOf('documents', await documentsOf(w)).numSended).toBe(3)
    expectRefusal('documents', await send(w.sessions.admin, { url: pathOf(fileCalls.documents, { idEvento: 99_999_999 }) }), 404)
  })

  it('add-files-to-event: an upload under each document part, a comment, and a refused non-PDF', async () => {
    const w = await createRoleWorld(t.db)
    for (const tipo of [1, 2, 3] as const) {
      const request = await multipart(fileCalls.addFiles, {
        form: { idEvento: w.claim.idEvento },
        file: await pdfFile(DOCUMENT_FILE_PART[tipo], `documento-${tipo}.pdf`),
      })
      expectAnswer('addFiles', await send(w.sessions.collaboratorOwner, request))
    }
    const [entry] = answerOf('documents', await documentsOf(w)).files
    const comment = await multipart(fileCalls.addFiles, {
      form: { idEvento: w.claim.idEvento, tipo: 1, fileUrl: entry!.url, estatus: '3', comentario: 'Falta la firma' },
    })
    const commented = answerOf('addFiles', await send(w.sessions.executiveOwner, comment))
    expect(commented.file).toMatchObject({ tipo: '1', status: 3, comentario: 'Falta la firma' })

    const png = await multipart(fileCalls.addFiles, {
      form: { idEvento: w.claim.idEvento },
      file: { part: DOCUMENT_FILE_PART[2], blob: new Blob([IMAGES.png], { type: 'application/pdf' }), name: 'x.pdf' },
    })
    expectRefusal('addFiles', await send(w.sessions.executiveOwner, png), 400)
  })

  it('verify-file: the three reviews; a claim without its documents is refused', async () => {
    const { w } = await worldWithDocuments(3)
    const preguntas = ([1, 2, 3] as const).map((tipo) => ({ tipo, idStatus: 2 }))
    const body = { idEvento: w.claim.idEvento, preguntas }
    expectAnswer('verifyFiles', await send(w.sessions.executiveOwner, { method: 'POST', url: pathOf(fileCalls.verifyFiles), payload: body }))
    const bare = await createRoleWorld(t.db, { statusId: 3 })
    const refused = await send(bare.sessions.executiveOwner, {
      method: 'POST',
      url: pathOf(fileCalls.verifyFiles),
      payload: { idEvento: bare.claim.idEvento, preguntas },
    })
    expectRefusal('verifyFiles', refused, 409)
  })

  it('get-dictamination and add-dictamination: null, then saved; a second one in Facturación is refused', async () => {
    const { w } = await worldWithDocuments(6, 2)
    const read = () => send(w.sessions.executiveOwner, { url: pathOf(fileCalls.dictamination, { idEvento: w.claim.idEvento }) })
    expect(answerOf('dictamination', await read())).toBeNull()

    const save = async () =>
      multipart(fileCalls.addDictamination, {
        form: { idEvento: w.claim.idEvento, dictaminacion: 1, comentario: 'Procede' },
        file: await pdfFile(FILE_PART, 'dictamen.pdf'),
      })
    expectAnswer('addDictamination', await send(w.sessions.executiveOwner, await save()))
    expect(answerOf('dictamination', await read())).toMatchObject({ dictaminacion: '1', comentario: 'Procede' })
    expectRefusal('addDictamination', await send(w.sessions.executiveOwner, await save()), 409)
  })

  it('add-invoice-to-event and validate-invoice: the provider uploads, the administrator approves once', async () => {
    const { w } = await worldWithDocuments(7, 2)
    const upload = await multipart(fileCalls.addInvoice, {
      form: { idEvento: w.claim.idEvento, idProveedor: w.assignedProvider.provider.idProveedor },
      file: await pdfFile(FILE_PART, 'factura.pdf'),
    })
    expect(answerOf('addInvoice', await send(w.sessions.assignedProvider, upload))).toBe(true)
    const foreign = await multipart(fileCalls.addInvoice, {
      form: { idEvento: w.claim.idEvento, idProveedor: w.otherProvider.provider.idProveedor },
      file: await pdfFile(FILE_PART, 'factura.pdf'),
    })
    expectRefusal('addInvoice', await send(w.sessions.assignedProvider, foreign), 403)

    const approve = { method: 'POST' as const, url: pathOf(fileCalls.validateInvoice), payload: { idEvento: w.claim.idEvento } }
    expectAnswer('validateInvoice', await send(w.sessions.admin, approve))
    expectRefusal('validateInvoice', await send(w.sessions.admin, approve), 409)
  })

  it('image-profile and photo: the new photo’s address is served as an image; a GIF and an unknown key are refused', async () => {
    const w = await createRoleWorld(t.db)
    const photo = await multipart(fileCalls.imageProfile, {
      form: {},
      file: { part: FILE_PART, blob: new Blob([IMAGES.png], { type: 'image/png' }), name: 'yo.png' },
    })
    const { foto } = answerOf('imageProfile', await send(w.sessions.executiveOwner, photo))
    const served = await send(null, { url: foto })
    exercised.add('photo')
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')

    const gif = await multipart(fileCalls.imageProfile, {
      form: {},
      file: { part: FILE_PART, blob: new Blob([GIF], { type: 'image/gif' }), name: 'yo.gif' },
    })
    expectRefusal('imageProfile', await send(w.sessions.executiveOwner, gif), 400)
    expectRefusal('photo', await send(null, { url: fileCalls.photo.path.replace('*', 'no-existe.png') }), 404)
  })

  it('downloads: each answers a PDF by the url its answer gave; an unknown one is an error envelope', async () => {
    const { w, docs } = await worldWithDocuments(9, 2)
    const invoice = await attachInvoice(t.db, t.app.fileStore, w.claim.idEvento, w.assignedProvider.provider.idProveedor)
    await attachDictamination(t.db, t.app.fileStore, w.claim.idEvento, w.owner.idUser)
    const [entry] = answerOf('documents', await documentsOf(w)).files
    const dictamen = answerOf(
      'dictamination',
      await send(w.sessions.executiveOwner, { url: pathOf(fileCalls.dictamination, { idEvento: w.claim.idEvento }) }),
    )
    const invoices = await send(w.sessions.admin, { url: pathOf(eventCalls.claimInvoices, { idEvento: w.claim.idEvento }) })
    expect(refusalOf(invoices.json(), Envelope(eventCalls.claimInvoices.response))).toBeNull()
    const answer: { response: ResponseOf<typeof eventCalls.claimInvoices> } = invoices.json()
    const [claimInvoice] = answer.response

    const downloads: [CallName, string][] = [
      ['downloadClaimFile', entry!.url],
      ['downloadInvoice', claimInvoice!.url],
      ['downloadDictamination', dictamen!.url],
    ]
    expect(downloads.map(([, url]) => url)).toEqual([
      pathOf(fileCalls.downloadClaimFile, { id: docs[0]!.id }),
      pathOf(fileCalls.downloadInvoice, { idFactura: invoice.idFactura }),
      pathOf(fileCalls.downloadDictamination, { idEvento: w.claim.idEvento }),
    ])
    for (const [name, url] of downloads) {
      const res = await send(w.sessions.admin, { url })
      exercised.add(name)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    }
    const unknown = { id: 99_999_999, idFactura: 99_999_999, idEvento: 99_999_999 }
    expectRefusal('downloadClaimFile', await send(w.sessions.admin, { url: pathOf(fileCalls.downloadClaimFile, unknown) }), 404)
    expectRefusal('downloadInvoice', await send(w.sessions.admin, { url: pathOf(fileCalls.downloadInvoice, unknown) }), 404)
    expectRefusal('downloadDictamination', await send(w.sessions.admin, { url: pathOf(fileCalls.downloadDictamination, unknown) }), 404)
  })

  it('exercised every call of the group', () => {
    expect([...exercised].sort()).toEqual(Object.keys(fileCalls).sort())
  })
})
