// What the words tests read a language file by (kit-words, sportsbook, card room and Tongits tests):
// its phrases by dotted key, and the {placeholders} of a phrase.

/** Every string of `o` by its dotted key. */
export function phraseLeaves(o: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof o === 'string') out.set(path, o);
  else if (o && typeof o === 'object')
    for (const [k, v] of Object.entries(o))
      for (const [p, s] of phraseLeaves(v, path ? `${path}.${k}` : k)) out.set(p, s);
  return out;
}

/** The names of a phrase's {placeholders}, sorted. */
export const placeholdersOf = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
