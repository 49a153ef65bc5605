import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { newRecalcScope, runInRecalcScope, type RecalcScope } from '../timesheet/recalc-queue.ts';
import { drainScope } from './drain.ts';

const scopes = new WeakMap<FastifyRequest, RecalcScope>();

/**
 * Every request runs in a recalculation scope (recalc-queue.ts): what its writes queue is noted there, and once the
 * handler has returned — its transaction committed — the request drains its own change before the answer is sent, so
 * the cell is right when the call returns — unless the route says `recalculation: 'worker'`, whose queued rows the job
 * worker drains on its next poll. A failure leaves the rows queued for the job worker; the answer stands,
 * since the change itself is committed. Registered at the root, before every route (app.ts).
 */
export const recalculationPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const scope = newRecalcScope();
    scope.drain = async () => {
      await drainScope({ db: app.db, clock: app.clock, log: request.log }, scope);
    };
    scopes.set(request, scope);
    runInRecalcScope(scope, done);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const scope = scopes.get(request);
    if (request.routeOptions.config.recalculation === 'worker') return payload;
    if (scope && (scope.employees.size > 0 || scope.overtimeRequests.size > 0)) {
      try {
        await drainScope({ db: app.db, clock: app.clock, log: request.log }, scope);
      } catch (err) {
        request.log.error({ err }, 'recalculation after the request failed; left to the job worker');
      }
    }
    return payload;
  });
});
