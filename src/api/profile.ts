/**
 * Profile calls (spec 2.11 'Profile', 7): the signed-in user's own record for the 'Datos de perfil' block and the
 * photo upload. GET /api/user/me answers only the session fields (no phone, status or work location), so the
 * block reads GET /api/user/{idUser}, which the server allows for one's own id.
 */
import { array, integer, nullable, optional, string, type, type Infer } from 'superstruct'
import { apiCall, apiUploadCall, type ApiResult } from './client'

const Text = optional(nullable(string()))

/** The own record of GET /api/user/{idUser} (first element of the array), the fields the profile shows. */
export const ProfileRecordStruct = type({
  idUser: integer(),
  nombre: Text,
  nombre2: Text,
  apePat: Text,
  apeMAt: Text,
  email: Text,
  telefono: Text,
  activo: optional(nullable(integer())),
  ubicacionLaboral: Text,
})
export type ProfileRecord = Infer<typeof ProfileRecordStruct>

export const PhotoSavedStruct = type({ foto: string() })

export async function getProfileRecord(idUser: number, signal?: AbortSignal): Promise<ApiResult<ProfileRecord>> {
  const result = await apiCall(`/api/user/${idUser}`, { signal }, array(ProfileRecordStruct))
  if (!result.success) return result
  const [first] = result.response
  return first ? { ...result, response: first } : { success: false, reason: 'Error' }
}

/** POST /api/file/image-profile (multipart, field `file`): answers the new photo's address as foto. */
export function uploadProfilePhoto(
  file: Blob,
  fileName: string,
  signal?: AbortSignal,
): Promise<ApiResult<Infer<typeof PhotoSavedStruct>>> {
  const form = new FormData()
  form.append('file', file, fileName)
  return apiUploadCall('/api/file/image-profile', form, { signal }, PhotoSavedStruct)
}
