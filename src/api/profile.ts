/**
 * Profile calls (spec 2.11 'Profile', 7): the signed-in user's own record for the 'Datos de perfil' block and the
 * photo upload. GET /api/user/me answers only the session fields (no phone, status or work location), so the
 * block reads GET /api/user/{idUser}, which the server allows for one's own id.
 */
import { fileCalls, type PhotoSaved } from '../../domain/contract/files'
import { userCalls, type UserRecord } from '../../domain/contract/users'
import { callApi } from './client'
import { sendResumable, type ResumableOptions } from './resumableUpload'
import { firstRecord } from './firstRecord'

/** GET /api/user/{idUser}: the own record (the server allows one's own id), or an ApiError. */
export async function getProfileRecord(idUser: number, signal?: AbortSignal): Promise<UserRecord> {
  return firstRecord(await callApi(userCalls.user, { params: { id: idUser } }, { signal }))
}

/** image-profile, sent as a resumable upload (tus): answers the new photo's address as foto. */
export function uploadProfilePhoto(file: Blob, fileName: string, options: Pick<ResumableOptions, 'signal' | 'onProgress'> = {}): Promise<PhotoSaved> {
  const metadata = { call: 'image-profile', filename: fileName, ...(file.type ? { filetype: file.type } : {}) } as const
  return sendResumable(fileCalls.imageProfile, metadata, file, options)
}
