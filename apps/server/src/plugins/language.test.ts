import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { currentLanguage } from '../lib/request-language.ts';
import { languagePlugin } from './language.ts';

describe('request language', () => {
  it('answers each request in the language of its Accept-Language header, through hooks and awaits', async () => {
    const app = Fastify();
    await app.register(languagePlugin);
    app.addHook('preHandler', async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      (request as unknown as { seenInHook: string }).seenInHook = currentLanguage();
    });
    app.get('/lang', async (request) => {
      await new Promise((resolve) => setImmediate(resolve));
      return { handler: currentLanguage(), hook: (request as unknown as { seenInHook: string }).seenInHook };
    });
    const cases: Array<[string | undefined, string]> = [['vi', 'vi'], ['vi-VN,vi;q=0.9,en;q=0.8', 'vi'], ['en-US', 'en'], [undefined, 'en'], ['fr', 'en']];
    const answers = await Promise.all(cases.map(([header]) => app.inject({ url: '/lang', headers: header ? { 'accept-language': header } : {} })));
    answers.forEach((answer, i) => expect(answer.json()).toEqual({ handler: cases[i]![1], hook: cases[i]![1] }));
    expect(currentLanguage()).toBe('en');
    await app.close();
  });
});
