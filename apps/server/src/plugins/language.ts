import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { languageFromTag, LANGUAGE_HEADER } from '@tms/contracts/language';
import { runRequestInLanguage } from '../lib/request-language.ts';

/**
 * Every request answers in the language the web reads now (its Accept-Language header, issue 25); without the
 * header, English. Registered first, so every later hook, the handler and what they await see it.
 */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    runRequestInLanguage(languageFromTag(request.headers[LANGUAGE_HEADER] as string | undefined), done);
  });
});
