import { ApiError } from '../../domain/contract/envelope'

/**
 * The record of an answer that is an array whose first element is the record (GET /api/user/{id} and
 * /api/user/provider/{id}, spec section 7). An empty one fails with 'Error', the screens' load alert.
 */
export function firstRecord<T>(records: readonly T[]): T {
  const [first] = records
  if (first === undefined) throw new ApiError('Error')
  return first
}
