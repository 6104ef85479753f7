/**
 * Asks the browser to keep this site's storage (the outbox's queued changes and photos, the data
 * kept for reading offline) when the phone runs low on space. Without it the storage is
 * "best effort", and a browser may clear it, waiting changes included. Chrome grants it without
 * asking for an installed or much-used app, Firefox asks the user; a refusal changes nothing else.
 * Answers whether the storage is kept (false where the browser cannot say).
 */
export async function keepStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist || !storage.persisted) return false;
  try {
    return (await storage.persisted()) || (await storage.persist());
  } catch {
    return false;
  }
}
