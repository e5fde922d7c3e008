/**
 * Keeps `value` under `key` in a map that holds at most `max` entries, forgetting the oldest
 * insertion first: a memo for hot paths that must not grow without bound.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (map.size >= max && !map.has(key)) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
