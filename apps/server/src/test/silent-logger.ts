import type { FastifyBaseLogger } from 'fastify';

/** A logger that drops everything, for code under test that takes one (prepareData, jobs run outside an app). */
export const silentLogger: FastifyBaseLogger = {
  info() {}, warn() {}, error() {}, debug() {}, fatal() {}, trace() {}, silent() {}, level: 'silent',
  child() { return silentLogger; },
} as unknown as FastifyBaseLogger;
