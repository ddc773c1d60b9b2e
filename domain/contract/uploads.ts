/**
 * Resumable uploads (issue 22): the tus 1.0 protocol at /api/uploads (creation, HEAD, PATCH, termination; the
 * `creation`, `termination` and `expiration` extensions). An upload completes one of the multipart calls of
 * /api/file; its `Upload-Metadata` (tus: comma-separated `key base64(value)` pairs, so every value is text) names the
 * call and carries the fields that call's form carries. This is THE shape of that metadata: the server checks it at
 * creation, the app builds it, /api/docs describes it.
 *
 * When the last byte arrives the server checks the file and attaches it exactly as the multipart call does; the last
 * PATCH answers 200 with the call's own envelope `{ success, response, reason }`.
 */
import { NO_NUL_PATTERN, Strict, TextEnum, Type, type Static } from './schema'

/** Which multipart call of /api/file the upload completes (its path's last segment). */
export const UPLOAD_CALLS = ['add-files-to-event', 'add-dictamination', 'add-invoice-to-event', 'image-profile'] as const
export type UploadCall = (typeof UPLOAD_CALLS)[number]

/** A row id as metadata text: 1 to 2147483647 written plainly (no sign, no leading zero). */
const IdText = Type.String({ pattern: '^[1-9][0-9]{0,9}$', maxLength: 10 })
/** The picked file's name (stored cut and cleaned, as the multipart calls store it). */
const FileName = Type.String({ minLength: 1, maxLength: 255, pattern: NO_NUL_PATTERN })
/** What the browser says the file is; informative only, the server reads the bytes. */
const FileType = Type.String({ maxLength: 100, pattern: NO_NUL_PATTERN })
const Comment = Type.String({ maxLength: 1000, pattern: NO_NUL_PATTERN })

const file = { filename: FileName, filetype: Type.Optional(FileType) }

/** A claim document (add-files-to-event with fileOne/fileTwo/fileThree): tipo 1 solicitud, 2 resumen médico, 3 identificación. */
const DocumentUpload = Strict({
  call: Type.Literal('add-files-to-event'),
  idEvento: IdText,
  tipo: TextEnum(['1', '2', '3']),
  comentario: Type.Optional(Comment),
  ...file,
})

/** The dictamen (add-dictamination): `dictaminacion` 1 approved, 0 rejected, as its form; `estatus` is accepted as its other name. */
const DictaminationUpload = Strict({
  call: Type.Literal('add-dictamination'),
  idEvento: IdText,
  dictaminacion: Type.Optional(TextEnum(['0', '1'])),
  estatus: Type.Optional(TextEnum(['0', '1'])),
  comentario: Type.Optional(Comment),
  ...file,
})

/** The provider's invoice (add-invoice-to-event). */
const InvoiceUpload = Strict({
  call: Type.Literal('add-invoice-to-event'),
  idEvento: IdText,
  idProveedor: IdText,
  ...file,
})

/** The session user's profile photo (image-profile): JPEG, PNG or WebP. */
const PhotoUpload = Strict({ call: Type.Literal('image-profile'), ...file })

export const UploadMetadata = Type.Union([DocumentUpload, DictaminationUpload, InvoiceUpload, PhotoUpload])
export type UploadMetadata = Static<typeof UploadMetadata>

/** How long an unfinished upload is kept (its `Upload-Expires`), and how many one user may have unfinished at once. */
export const UPLOAD_EXPIRY_HOURS = 24
export const MAX_UNFINISHED_UPLOADS = 3

export const UPLOADS_PATH = '/api/uploads'

/**
 * The reason of a PATCH whose offset is not the server's (409): the one refusal a client answers by asking where to
 * continue (HEAD) and sending again; every other 4xx is final.
 */
export const OFFSET_CONFLICT = 'El desplazamiento (Upload-Offset) no corresponde a lo recibido; consulta la carga con HEAD y continúa desde ahí'

/** The /api/docs text of the tus endpoint: each metadata key and when it is required. */
export const UPLOAD_METADATA_DOC = [
  'Carga reanudable con el protocolo tus 1.0 (POST crea, HEAD da el desplazamiento, PATCH envía bytes, DELETE cancela).',
  'Encabezado Upload-Metadata (pares `clave base64(valor)`):',
  '- call (obligatorio): add-files-to-event | add-dictamination | add-invoice-to-event | image-profile, la llamada de /api/file que completa.',
  '- idEvento: el trámite (todas salvo image-profile).',
  '- tipo: 1, 2 o 3, el documento (add-files-to-event).',
  '- filename (obligatorio) y filetype: nombre y tipo del archivo elegido.',
  '- comentario: opcional (add-files-to-event, add-dictamination).',
  '- dictaminacion o estatus: 1 aprobado, 0 rechazado (add-dictamination).',
  '- idProveedor: el proveedor de la sesión (add-invoice-to-event).',
  `Caduca a las ${UPLOAD_EXPIRY_HOURS} h (Upload-Expires); a lo más ${MAX_UNFINISHED_UPLOADS} cargas sin terminar por usuario.`,
  'El último PATCH responde 200 con el sobre { success, response, reason } de la llamada que completa.',
].join('\n')
