/** A Map or a WeakMap: whatever can answer `get` and take a `set`. */
interface KeyedStore<K, V> {
  get(key: K): V | undefined
  set(key: K, value: V): unknown
}

/** The value of `key` in `store`, made by `make` (and kept) the first time it is asked for. */
export function getOrMake<K, V>(store: KeyedStore<K, V>, key: K, make: () => V): V {
  let found = store.get(key)
  if (found === undefined) store.set(key, (found = make()))
  return found
}
