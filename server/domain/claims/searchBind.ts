import { sql, type Placeholder, type SQL } from 'drizzle-orm'

/**
 * How a search's values enter its SQL: as parameters of the statement itself (`inline`, the default), or as named
 * placeholders whose values a prepared statement receives at each call (claimList.ts collects them). Its own file
 * because both the search (claimSearch.ts) and the claim-number lookup it calls (claimNumberContains.ts) take one.
 */
export type Bind = (name: string, value: unknown) => SQL | Placeholder
export const inline: Bind = (_name, value) => sql`${value}`

/** Named placeholders whose values are written into `values` under their names: a prepared statement's parameters. */
export const placeholdersInto =
  (values: Record<string, unknown>) =>
  (name: string, value: unknown): Placeholder => {
    values[name] = value
    return sql.placeholder(name)
  }
