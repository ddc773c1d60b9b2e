/** A LIKE pattern for "contains": `%`, `_` and `\` typed in a search box are text, not wildcards. */
export const likeContains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
