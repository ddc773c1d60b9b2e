/**
 * A request that needs the file store while it cannot be reached (the S3 server down, hanging or refusing us) answers
 * 503 with a Spanish reason within about 2 s (the S3 client's timeouts, server/storage/s3FileStore.ts) instead of
 * hanging or answering 500 (issue 25, item 4). Nothing is half-written: an upload stores its file before its
 * transaction, so a store that fails leaves no row; a file stored before a failed transaction is an orphan the sweep
 * removes. Everything that does not read or write files (lists, claims, sign-in) goes on.
 */

export const FILE_STORE_UNAVAILABLE = 'El almacenamiento de archivos no está disponible en este momento; intenta de nuevo en unos segundos'

/** Thrown by a file store that could not do what it was asked (not for a missing file: that is `null`). */
export class FileStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(`almacenamiento de archivos no disponible: ${(cause as Error)?.message ?? String(cause)}`, { cause })
    this.name = 'FileStoreUnavailable'
  }
}
