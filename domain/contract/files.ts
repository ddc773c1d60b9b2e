/**
 * /api/file (spec section 7): the three claim documents (list, upload or reviewer comment, verification), the
 * dictamen, the invoice (provider upload, administrator approval), the profile photo, and the authenticated
 * downloads whose paths the answers give as `url`. Shapes follow spec section 3 ('Claim file entry',
 * 'Dictamination', 'Invoice').
 *
 * Uploads are multipart: `form` holds the text fields (checked like a JSON body, numbers coerced), `fileParts` the
 * names a file may travel under. The server takes one file per request.
 */
import { defineCall } from './call'
import { ClaimParams, Id, Int, Nullable, NullableText, Strict, Text, Type, type Static } from './schema'

/**
 * A string out of a fixed set ({ type: 'string', enum }), typed as the union of its values. The answers send
 * document types and decisions as '1', '2'… (spec 3), so these stay strings.
 */
const TextEnum = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] })

/**
 * A document type in a request: 1 request form, 2 medical summary, 3 official ID. Bounds rather than an enum, so
 * a 4 is told it is above the maximum (the reason the routes always gave).
 */
export const DocumentTipo = Type.Unsafe<1 | 2 | 3>({ type: 'integer', minimum: 1, maximum: 3 })
export type DocumentTipo = Static<typeof DocumentTipo>

/** A reviewer's or a dictamen's comment. */
const Comment = Type.String({ maxLength: 1000 })

// ───────────── answers ─────────────

/** One document of a claim (spec 3 'Claim file entry'); `url` is its download path. */
export const ClaimFileEntry = Type.Object({
  id: Int,
  url: Text,
  /** Document status 0–5 (spec 4). */
  status: Int,
  tipo: TextEnum(['1', '2', '3']),
  nombre: Text,
  comentario: NullableText,
})
export type ClaimFileEntry = Static<typeof ClaimFileEntry>

/** The claim's documents and how many of the three are uploaded. */
export const DocumentsInfo = Type.Object({ files: Type.Array(ClaimFileEntry), numSended: Int })
export type DocumentsInfo = Static<typeof DocumentsInfo>

/** An upload or a comment: the document as stored and the claim's stage afterwards. */
export const FileChange = Type.Object({ file: ClaimFileEntry, statusId: Int })
export type FileChange = Static<typeof FileChange>

/** The verification: the claim's stage and its documents. */
export const VerifiedFiles = Type.Object({ statusId: Int, files: Type.Array(ClaimFileEntry) })
export type VerifiedFiles = Static<typeof VerifiedFiles>

/** The dictamen (spec 3 'Dictamination'): '1' approved, '0' rejected; `url` is its download path. */
export const Dictamination = Type.Object({
  nombre: Text,
  url: Text,
  comentario: NullableText,
  dictaminacion: TextEnum(['1', '0']),
})
export type Dictamination = Static<typeof Dictamination>

export const DictaminationSaved = Type.Object({ dictamination: Dictamination, statusId: Int })
export type DictaminationSaved = Static<typeof DictaminationSaved>

/** A change of the claim's stage. */
const StageOnly = Type.Object({ statusId: Int })

/** The new profile photo's public address. */
export const PhotoSaved = Type.Object({ foto: Text })
export type PhotoSaved = Static<typeof PhotoSaved>

// ───────────── requests ─────────────

export const DOCUMENT_TIPOS = [1, 2, 3] as const satisfies readonly DocumentTipo[]

/**
 * The file part of each document in the upload form (spec 7: fileOne, fileTwo or fileThree). A file under the
 * generic `file` part names its document with the `tipo` field instead.
 */
export const DOCUMENT_FILE_PART = { 1: 'fileOne', 2: 'fileTwo', 3: 'fileThree' } as const satisfies Record<DocumentTipo, string>
/** The part a single file travels under in every other upload. */
export const FILE_PART = 'file'

/** add-files-to-event: a document (a file part) or, without a file, the reviewer's comment on one. */
export const AddFilesForm = Strict({
  idEvento: Id,
  tipo: Type.Optional(DocumentTipo),
  comentario: Type.Optional(Comment),
  // A string so that an empty or placeholder choice gets the spec's message rather than a type error.
  estatus: Type.Optional(Type.String({ maxLength: 2 })),
  /** The commented document, by the `url` its entry gave. */
  fileUrl: Type.Optional(Type.String({ maxLength: 300 })),
})
export type AddFilesForm = Static<typeof AddFilesForm>

/** One status (2–5) for each of the three documents. */
export const VerifyFiles = Strict({
  idEvento: Id,
  preguntas: Type.Array(Strict({ tipo: DocumentTipo, idStatus: Type.Integer({ minimum: 2, maximum: 5 }) }), {
    minItems: 3,
    maxItems: 3,
  }),
})
export type VerifyFiles = Static<typeof VerifyFiles>

const AddDictaminationForm = Strict({
  idEvento: Id,
  dictaminacion: Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1] }),
  comentario: Type.Optional(Comment),
})
type AddDictaminationForm = Static<typeof AddDictaminationForm>

const ValidateInvoice = Strict({ idEvento: Id })

const AddInvoiceForm = Strict({ idEvento: Id, idProveedor: Id })
type AddInvoiceForm = Static<typeof AddInvoiceForm>

/** The photo upload has no field besides its file. */
const ImageProfileForm = Strict({})

/** The photo's storage key: a generated name, never a path (the route checks its exact shape). */
const PhotoParams = Type.Object({ '*': Type.String({ maxLength: 120 }) })

// ───────────── calls ─────────────

export const fileCalls = {
  documents: defineCall({
    method: 'GET',
    path: '/api/file/get-info-by-event/:idEvento',
    summary: 'Documentos del trámite y cuántos de los tres se han cargado',
    params: ClaimParams,
    response: DocumentsInfo,
  }),
  addFiles: defineCall({
    method: 'POST',
    path: '/api/file/add-files-to-event',
    summary:
      'Carga un documento (fileOne/fileTwo/fileThree, o file + tipo) o comenta uno (fileUrl o tipo + estatus + comentario)',
    form: AddFilesForm,
    fileParts: { names: [...Object.values(DOCUMENT_FILE_PART), FILE_PART], required: false },
    response: FileChange,
  }),
  verifyFiles: defineCall({
    method: 'POST',
    path: '/api/file/verify-file',
    summary: 'Califica los tres documentos del trámite (estatus 2 a 5)',
    body: VerifyFiles,
    response: VerifiedFiles,
  }),
  dictamination: defineCall({
    method: 'GET',
    path: '/api/file/get-dictamination/:idEvento',
    summary: 'Dictamen del trámite, o null si aún no existe',
    params: ClaimParams,
    response: Nullable(Dictamination),
  }),
  addDictamination: defineCall({
    method: 'POST',
    path: '/api/file/add-dictamination',
    summary: 'Guarda el dictamen (PDF, aprobado 1 / rechazado 0 y comentario)',
    form: AddDictaminationForm,
    fileParts: { names: [FILE_PART], required: true },
    response: DictaminationSaved,
  }),
  validateInvoice: defineCall({
    method: 'POST',
    path: '/api/file/validate-invoice',
    summary: 'Aprueba la factura del trámite (requiere los tres documentos)',
    body: ValidateInvoice,
    response: StageOnly,
  }),
  addInvoice: defineCall({
    method: 'POST',
    path: '/api/file/add-invoice-to-event',
    summary: 'El proveedor asignado carga la factura (PDF) del trámite',
    form: AddInvoiceForm,
    fileParts: { names: [FILE_PART], required: true },
    response: Type.Boolean(),
  }),
  imageProfile: defineCall({
    method: 'POST',
    path: '/api/file/image-profile',
    summary: 'Cambia la foto de perfil del usuario de la sesión (JPG, PNG o WebP)',
    form: ImageProfileForm,
    fileParts: { names: [FILE_PART], required: true },
    response: PhotoSaved,
  }),
  photo: defineCall({
    method: 'GET',
    path: '/api/file/photo/*',
    summary: 'Foto de perfil por su clave de almacenamiento (pública, clave no adivinable)',
    params: PhotoParams,
    response: Type.Null(),
    file: true,
  }),
  downloadClaimFile: defineCall({
    method: 'GET',
    path: '/api/file/download/claim-file/:id',
    summary: 'Descarga un documento del trámite',
    params: Strict({ id: Id }),
    response: Type.Null(),
    file: true,
  }),
  downloadInvoice: defineCall({
    method: 'GET',
    path: '/api/file/download/invoice/:idFactura',
    summary: 'Descarga la factura',
    params: Strict({ idFactura: Id }),
    response: Type.Null(),
    file: true,
  }),
  downloadDictamination: defineCall({
    method: 'GET',
    path: '/api/file/download/dictamination/:idEvento',
    summary: 'Descarga el dictamen del trámite',
    params: ClaimParams,
    response: Type.Null(),
    file: true,
  }),
} as const
