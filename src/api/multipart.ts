/**
 * The multipart body of a contract call, as the app sends it (`callUpload`, `callForm` in ./client.ts) and as the
 * contract tests (tests/contract/files.contract.test.ts) send it to the real server, so both encode it one way.
 */
import type { CallSpec, FileParts, FilePartOf, FormOf } from '../../domain/contract/call'
import type { TSchema } from '../../domain/contract/schema'

/** A multipart call of the contract: its text fields (`form`) and the parts its file may travel under. */
export type FormCall = CallSpec & { method: 'POST' | 'PUT'; form: TSchema; fileParts: FileParts }

/** A file to send under one of the call's file parts. */
export interface FileToSend<Part extends string = string> {
  part: Part
  blob: Blob
  name: string
}

/** What a multipart call sends: its fields as the contract types them and at most one file (required if it says so). */
export type FormInput<C extends FormCall> = { form: FormOf<C>; file?: FileToSend<FilePartOf<C>> } &
  (C['fileParts']['required'] extends true ? { file: FileToSend<FilePartOf<C>> } : unknown)

/** The multipart body of a call: every field that has a value as text, then the file. */
export function formDataOf(fields: unknown, file: FileToSend | undefined): FormData {
  const data = new FormData()
  if (typeof fields === 'object' && fields !== null) {
    for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== null) data.append(name, String(value))
  }
  if (file) data.append(file.part, file.blob, file.name)
  return data
}

