/** JSON schema pieces shared by the file routes. Integer ids stay inside PostgreSQL's int4 range. */
export const idSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const
export const tipoSchema = { type: 'integer', minimum: 1, maximum: 3 } as const
export const commentSchema = { type: 'string', maxLength: 1000 } as const
/** A file part of a multipart body; the multipart hook puts the original file name here, the bytes elsewhere. */
export const fileFieldSchema = { type: 'string', format: 'binary' } as const

export const idEventoParams = {
  type: 'object',
  additionalProperties: false,
  required: ['idEvento'],
  properties: { idEvento: idSchema },
} as const

export const fileEntrySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    status: { type: 'integer' },
    tipo: { type: 'string', enum: ['1', '2', '3'] },
    nombre: { type: 'string' },
    comentario: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
  required: ['id', 'url', 'status', 'tipo', 'nombre', 'comentario'],
} as const

export const dictaminationSchema = {
  type: 'object',
  properties: {
    nombre: { type: 'string' },
    url: { type: 'string' },
    comentario: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    dictaminacion: { type: 'string', enum: ['1', '0'] },
  },
  required: ['nombre', 'url', 'comentario', 'dictaminacion'],
} as const

/** Answers of routes that change a claim's stage carry the resulting statusId. */
export const stageChangeSchema = {
  type: 'object',
  properties: { statusId: { type: 'integer' } },
  required: ['statusId'],
} as const
