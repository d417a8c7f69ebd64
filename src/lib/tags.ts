import { NEUTRAL_COLOR, safeColor } from './safe-color';

/** A tag as the tag list gives it; the colour may be missing. */
export interface TagLike {
  id: string;
  name: string;
  color?: string | null;
}

export interface ResolvedTag {
  id: string;
  name: string;
  /** A safe hex colour (the record's own when it is a valid hex, else a neutral grey). */
  color: string;
  /** False when the id is not in the workspace's tag list. */
  known: boolean;
}

export const UNKNOWN_TAG_NAME = 'Unknown tag';
export const NEUTRAL_TAG_COLOR = NEUTRAL_COLOR;

/** Only a hex colour goes into a style attribute: the value comes from the server (see safeColor). */
export const safeTagColor = (color: string | null | undefined): string => safeColor(color, NEUTRAL_TAG_COLOR);

/** Tags by id, for repeated look-ups. */
export function tagIndex(tags: readonly TagLike[] | undefined): Map<string, TagLike> {
  return new Map((tags ?? []).map((tag) => [tag.id, tag]));
}

/**
 * Record tag ids → names and colours, in the record's own order (stable, so chips do not jump),
 * without repeats. An id missing from the tag list stays visible as "Unknown tag".
 */
export function resolveTags(
  ids: readonly string[] | null | undefined,
  tags: readonly TagLike[] | Map<string, TagLike> | undefined,
): ResolvedTag[] {
  const index = tags instanceof Map ? tags : tagIndex(tags);
  const seen = new Set<string>();
  const out: ResolvedTag[] = [];
  for (const id of ids ?? []) {
    if (seen.has(id)) continue;
    seen.add(id);
    const tag = index.get(id);
    out.push(
      tag
        ? { id, name: tag.name, color: safeTagColor(tag.color), known: true }
        : { id, name: UNKNOWN_TAG_NAME, color: NEUTRAL_TAG_COLOR, known: false },
    );
  }
  return out;
}

/** Tags of the list that the record does not carry yet, sorted by name: what a picker offers. */
export function tagsNotOn(
  ids: readonly string[] | null | undefined,
  tags: readonly TagLike[] | undefined,
): TagLike[] {
  const held = new Set(ids ?? []);
  return (tags ?? [])
    .filter((tag) => !held.has(tag.id))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
