import { Negotiator } from '@fastify/accept-negotiator';
import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import { LANGUAGES, type Language } from '@rescuedesk/shared';
import type { FastifyInstance } from 'fastify';
import { useLanguageOf } from '../lib/i18n';

declare module '@fastify/request-context' {
  interface RequestContextData {
    language: Language;
  }
}

const negotiator = new Negotiator<Language>({ supportedValues: [...LANGUAGES] });

/**
 * Every answer speaks the language the browser asked for in Accept-Language (the web app sends the
 * user's choice with every call); anything else gets English. docs/decisions/008.
 */
export async function registerLanguage(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, { hook: 'onRequest' });
  // A callback hook, not an async one: it runs on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['accept-language'];
    // 'hi-IN' counts as 'hi': only the primary language subtag decides.
    const language = (typeof header === 'string' && negotiator.negotiate(header.replace(/-[A-Za-z0-9]+/g, ''))) || 'en';
    request.requestContext.set('language', language);
    done();
  });
  useLanguageOf(() => requestContext.get('language'));
}
