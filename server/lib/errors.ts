/** A refusal with an HTTP status and a Spanish reason; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: string,
  ) {
    super(reason)
    this.name = 'AppError'
  }
}

export const badRequest = (reason: string) => new AppError(400, reason)
export const unauthorized = (reason = 'Token inválido') => new AppError(401, reason)
export const forbidden = (reason = 'Sin permiso para realizar esta acción') => new AppError(403, reason)
export const notFound = (reason = 'No se encontró el registro solicitado') => new AppError(404, reason)
export const conflict = (reason: string) => new AppError(409, reason)
