/**
 * Registers a multipart call of the contract (`form` and `fileParts`) as `routeOf` does a JSON one. The multipart
 * hook (./multipart.ts) reads the whole form first and leaves in `request.body` every text field and, under each
 * file part's name, its original file name; so the body is validated against the call's `form` plus its file parts,
 * and an unknown field, a missing field or file, or a value of the wrong type is refused with the same reasons as a
 * JSON body. The handler's `request.body` is typed as the form: the file names are not read there (the bytes come
 * from `singleUpload`).
 */
import { Type, type TProperties, type TSchema } from 'typebox'
import type { CallSpec, FileParts, FormOf } from '../../../domain/contract/call'
import { routeOf, type RouteGroup } from '../../lib/route'
import { discardUnadopted, multipartBody } from './multipart'

/** An object schema (as `Strict` builds them): its properties are the form's text fields. */
type FormSchema = TSchema & { properties: TProperties; required?: readonly string[] }

export type UploadCall = CallSpec & { method: 'POST' | 'PUT'; form: FormSchema; fileParts: FileParts }

/** A file part as the validated body holds it: its original file name. */
const FilePartName = Type.String({ format: 'binary' })

export function uploadRouteOf<const C extends UploadCall>(call: C, group: RouteGroup) {
  const route = routeOf(call, group)
  const { names, required } = call.fileParts
  const body = Type.Unsafe<FormOf<C>>({
    ...call.form,
    properties: { ...call.form.properties, ...Object.fromEntries(names.map((name) => [name, FilePartName])) },
    required: [...(call.form.required ?? []), ...(required ? names : [])],
  })
  return {
    ...route,
    preValidation: multipartBody(names),
    // A staged upload the handler did not adopt (refused, failed, or a comment-only call) leaves with the answer.
    onResponse: discardUnadopted,
    schema: { ...route.schema, consumes: ['multipart/form-data'], body },
  }
}
