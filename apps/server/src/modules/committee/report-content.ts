import type { AbcReport, ReportChange } from '@rescuedesk/shared';
import { canonicalJson, sha256Hex } from '../../lib/canonical-json';

/** What a signature covers: the month's report as the server computes it, less the logo's file name (an image, not a figure). */
export type SignedContent = Omit<AbcReport, 'signed' | 'ngo'> & { ngo: Omit<NonNullable<AbcReport['ngo']>, 'logo'> | null };

export function signedContentOf(report: AbcReport): SignedContent {
  const { signed: _signed, ngo, ...rest } = report;
  const { logo: _logo, ...ngoFields } = ngo ?? { logo: null };
  return { ...rest, ngo: ngo ? (ngoFields as SignedContent['ngo']) : null };
}

/** The content as stored and hashed (canonical JSON, RFC 8785 for these values) and its SHA-256. */
export function hashed(content: SignedContent): { text: string; hash: string } {
  const text = canonicalJson(content);
  return { text, hash: sha256Hex(text) };
}

type Leaf = string | number | boolean | null;

/**
 * The report's figures as path -> value. A row is named by its label (its ward, or '(no ward)'), a survey
 * by its id, so that a row added or taken away shows as its own figures, not as every later row moved.
 */
function leaves(value: unknown, path: string, out: Map<string, Leaf>): Map<string, Leaf> {
  if (value === null || typeof value !== 'object') {
    out.set(path, (value ?? null) as Leaf);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => leaves(item, `${path}/${itemName(item, i)}`, out));
  } else {
    for (const [key, item] of Object.entries(value)) leaves(item, path ? `${path}/${key}` : key, out);
  }
  return out;
}

function itemName(item: unknown, index: number): string {
  if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
    if ('label' in item) return item.label === null ? '(no ward)' : String(item.label);
    if ('id' in item) return `#${String(item.id)}`;
  }
  return String(index);
}

/** Field by field, what differs between two versions' content (a figure absent on one side is null there). */
export function changesBetween(before: unknown, after: unknown): ReportChange[] {
  const a = leaves(before, '', new Map());
  const b = leaves(after, '', new Map());
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.filter((p) => (a.get(p) ?? null) !== (b.get(p) ?? null)).map((path) => ({ path, before: a.get(path) ?? null, after: b.get(path) ?? null }));
}
