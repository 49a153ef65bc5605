import { MESSAGES_COMMON } from '@tms/contracts/api';

/**
 * The one application error (ARCHITECTURE.md convention 4): the error handler shapes it into the envelope, with the
 * key and parameters of each text beside it (issue 25), so throw texts of the contracts' message tables.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly messages?: string[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, messages?: string[]) => new AppError(400, message, messages ?? [message]);
export const unauthorized = (message: string = MESSAGES_COMMON.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES_COMMON.forbidden) => new AppError(403, message);
export const notFound = (message: string = MESSAGES_COMMON.notFound) => new AppError(404, message);
export const conflict = (message: string = MESSAGES_COMMON.conflict) => new AppError(409, message);
