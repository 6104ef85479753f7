/** The record named in the address (?id=…), or null when there is none or it is not a record id. */
export function recordIdOf(params: URLSearchParams): number | null {
  const raw = params.get('id') ?? '';
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
